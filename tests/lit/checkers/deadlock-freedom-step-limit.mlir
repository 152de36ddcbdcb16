// 100000 trips of a put and a get: the proof would run them all, which is
// more than lint's budget of steps, so deadlock freedom is unknown. The
// balance itself is proven symbolically (no warning from those checks).
// RUN: air-check lint --verify-diagnostics %s
air.channel @c []
func.func @long() {
  // expected-warning @+2 {{deadlock freedom is unknown: running the program on its concrete sizes takes more than 100000 steps}}
  // expected-note @+1 {{hint: `air-opt --air-run-skeleton="launch-mode=parallel max-steps=N"` runs it with a larger budget}}
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 100000 : index
      %h = air.herd @consumer async tile (%x) in (%nx=%c1) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %nh = arith.constant 100000 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        scf.for %i = %c0h to %nh step %c1h {
          air.channel.get @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      scf.for %i = %c0 to %n step %c1 {
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      }
    }
  }
  return
}
