// data-race and buffer-lifetime say `unknown`, never pass, where the model
// does not reach: a call that may touch all of its memref operand, and a
// dealloc in a loop whose trip count is loaded from memory.
// RUN: air-check lint --verify-diagnostics %s
module {
  func.func private @kernel(memref<16xi32, 2>)
  // The call and the fill of one L1 buffer are unordered: what the call
  // touches is only bounded by its whole operand.
  func.func @call_footprint() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        air.herd @h tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %v = arith.constant 3 : i32
          %tb, %b = air.execute -> (memref<16xi32, 2>) {
            %m = memref.alloc() : memref<16xi32, 2>
            air.execute_terminator %m : memref<16xi32, 2>
          }
          %tf = air.execute [%tb] {
            linalg.fill ins(%v : i32) outs(%b : memref<16xi32, 2>)
          }
          // expected-warning-re@+2 {{data race freedom is unknown: 'linalg.fill' at {{[0-9]+:[0-9]+}} and 'func.call' at {{[0-9]+:[0-9]+}} may run at once ({{.*}}) and may both touch element [0]; what 'func.call' at {{[0-9]+:[0-9]+}} touches is only bounded by its whole operand}}
          %tc = air.execute [%tb] {
            func.call @kernel(%b) : (memref<16xi32, 2>) -> ()
          }
          air.wait_all [%tf, %tc]
        }
      }
    }
    return
  }
  // The loop's trip count comes from memory: which instances of the
  // dealloc there are is not modelled, so its lifetime is unknown.
  func.func @loaded_trips(%n: memref<1xindex>) {
    air.launch () in () args(%ln=%n) : memref<1xindex> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %trips = memref.load %ln[%c0] : memref<1xindex>
      scf.for %i = %c0 to %trips step %c1 {
        %b = memref.alloc() : memref<8xi32>
        %v = arith.constant 1 : i32
        // expected-warning-re@+1 {{buffer lifetime is unknown: the instances of 'memref.store' at {{[0-9]+:[0-9]+}} are not modelled: the value defined by 'memref.load' at {{[0-9]+:[0-9]+}} is not an affine function of the enclosing ids and induction variables}}
        memref.store %v, %b[%c0] : memref<8xi32>
        // expected-warning-re@+1 {{buffer lifetime is unknown: the instances of 'memref.dealloc' at {{[0-9]+:[0-9]+}} are not modelled}}
        memref.dealloc %b : memref<8xi32>
      }
    }
    return
  }
}
