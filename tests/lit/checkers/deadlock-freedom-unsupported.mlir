// The trip count is a function argument: the run that would prove deadlock
// freedom needs a concrete value, so the check says unknown, at the loop,
// with a hint. Balance is proven for every value (no other warning).
// RUN: air-check lint --verify-diagnostics %s
air.channel @c []
func.func @trips(%n: index) {
  // expected-note @+1 {{hint: a specialised copy with constant sizes, trip counts and conditions can be proven}}
  air.launch () in () args(%ln=%n) : index {
    air.segment @s args(%sn=%ln) : index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %h = air.herd @consumer async tile (%x) in (%nx=%c1) args(%hn=%sn) : index {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-warning @+1 {{deadlock freedom is unknown: the proof runs the program on concrete sizes, and here 'scf.for' upper bound is not a constant: it depends on argument #0 of @trips}}
        scf.for %i = %c0h to %hn step %c1h {
          air.channel.get @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      scf.for %i = %c0 to %sn step %c1 {
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      }
    }
  }
  return
}
