// buffer-lifetime (issue 22, the mlir-air #1914 class).
// RUN: air-check lint --verify-diagnostics %s
module {
  air.channel @out [1, 1]
  air.channel @out2 [1, 1]
  // The dealloc waits for the matmul but not for the put still reading C.
  func.func @early_dealloc() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %h = air.herd @h async tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %cst = arith.constant 0 : i32
          %tc, %c = air.execute -> (memref<8x8xi32, 2>) {
            // expected-note@+1 {{the buffer}}
            %m = memref.alloc() : memref<8x8xi32, 2>
            air.execute_terminator %m : memref<8x8xi32, 2>
          }
          %tm = air.execute [%tc] {
            linalg.fill ins(%cst : i32) outs(%c : memref<8x8xi32, 2>)
          }
          // expected-error-re@+1 {{use after free: 'air.channel.put' at {{[0-9]+:[0-9]+}} (herd @h tile (0, 0)) may touch the buffer after 'memref.dealloc' at {{[0-9]+:[0-9]+}} (herd @h tile (0, 0)) frees it: nothing orders the use before the dealloc (no token, blocking op or dependence orders them)}}
          %tp = air.channel.put async [%tm] @out[%x, %y] (%c[] [] []) : (memref<8x8xi32, 2>)
          %td = air.execute [%tm] {
            // expected-note@+2 {{here the buffer is freed}}
            // expected-note@+1 {{hint: make the dealloc wait for the use's token (or for a wait_all of every use)}}
            memref.dealloc %c : memref<8x8xi32, 2>
          }
          air.wait_all [%tp, %td]
        }
      }
      %c0 = arith.constant 0 : index
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @out[%c0, %c0] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }
  // The fix: the dealloc waits for the put; and freeing twice.
  func.func @fixed_and_twice() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %h = air.herd @h async tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %cst = arith.constant 0 : i32
          %tc, %c = air.execute -> (memref<8x8xi32, 2>) {
            %m = memref.alloc() : memref<8x8xi32, 2>
            air.execute_terminator %m : memref<8x8xi32, 2>
          }
          %tm = air.execute [%tc] {
            linalg.fill ins(%cst : i32) outs(%c : memref<8x8xi32, 2>)
          }
          %tp = air.channel.put async [%tm] @out2[%x, %y] (%c[] [] []) : (memref<8x8xi32, 2>)
          %td = air.execute [%tp] {
            memref.dealloc %c : memref<8x8xi32, 2>
          }
          // expected-note@+1 {{the buffer}}
          %b = memref.alloc() : memref<4xi32, 2>
          // expected-note@+1 {{the other dealloc}}
          memref.dealloc %b : memref<4xi32, 2>
          // expected-error-re@+2 {{double free: 'memref.dealloc' at {{[0-9]+:[0-9]+}} (herd @h tile (0, 0)) frees a buffer that 'memref.dealloc' at {{[0-9]+:[0-9]+}} (herd @h tile (0, 0)) frees too}}
          // expected-note@+1 {{hint: free each buffer once, after its last use}}
          memref.dealloc %b : memref<4xi32, 2>
          air.wait_all [%td]
        }
      }
      %c0 = arith.constant 0 : index
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @out2[%c0, %c0] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }
}
