// 100000 trips of a put and a get, and one more transfer of another size
// on a second index of the channel: the symbolic proof does not take
// channels whose transfers differ in size, and the run would take all the
// trips, which is more than lint's budget of steps, so deadlock freedom is
// unknown. The balance itself is proven symbolically (no warning from those
// checks).
// RUN: air-check lint --verify-diagnostics %s
// With a budget raised by --max-steps the run completes and is a proof.
// RUN: air-check lint --show-proofs --max-steps=1000000 %s 2>&1 | FileCheck %s --check-prefix=RAISED
// RAISED: proven: deadlock freedom, for every schedule at these sizes: a run completed 100001 transfers
// RAISED: air-check: 1 file, 0 errors, 0 warnings
// compile takes the option too: by default the unknown refuses, with the
// larger budget the checks pass and the lowering is reached (which refuses
// a design of 100000 BDs today, issue 20).
// RUN: not air-check compile --target=npu1_4col %s -o %t.default 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: refused: 1 warning (an unknown is not a proof)
// RUN: not air-check compile --target=npu1_4col --max-steps=1000000 %s -o %t.raised 2>&1 | FileCheck %s --check-prefix=RAISED-COMPILE
// RAISED-COMPILE-NOT: an unknown is not a proof
// RAISED-COMPILE: [compile-unsupported]
air.channel @c [2]
func.func @long() {
  // expected-note @+3 {{the proof for every size does not apply: the transfers on channel @c do not all move the same constant number of elements}}
  // expected-warning @+2 {{deadlock freedom is unknown: running the program on its concrete sizes takes more than 100000 steps}}
  // expected-note @+1 {{hint: `--max-steps=N` raises lint's (and compile's) budget of 100000 steps; a smaller configuration of the same program can be proven}}
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
          air.channel.get @c[%c0h] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      scf.for %i = %c0 to %n step %c1 {
        air.channel.put @c[%c0] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      }
      %small = memref.alloc() : memref<8xi32, 1 : i32>
      %small2 = memref.alloc() : memref<8xi32, 1 : i32>
      %ps = air.channel.put async @c[%c1] (%small[] [] []) : (memref<8xi32, 1 : i32>)
      air.channel.get @c[%c1] (%small2[] [] []) : (memref<8xi32, 1 : i32>)
    }
  }
  return
}
