// The trip count is a function argument: no run can cover every value, but
// the symbolic proof (issue 19) does: deadlock freedom holds for every value
// of %n, and balance too (no warning at all).
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: parametric.mlir:[[#@LINE+7]]:3: proven: deadlock freedom, for every value of %arg0 of @trips and every schedule (symbolic: an affine schedule puts every wait of 5 transfer and hierarchy ops over 2 FIFO sides forward in time) [deadlock-freedom]
// CHECK: air-check: 1 file, 0 errors, 0 warnings
// Where the symbolic proof does not apply either (a FIFO fed from two
// places, deadlock-freedom-unknown-race.mlir) the check says unknown with
// both reasons.
air.channel @c []
func.func @trips(%n: index) {
  air.launch () in () args(%ln=%n) : index {
    air.segment @s args(%sn=%ln) : index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %h = air.herd @consumer async tile (%x) in (%nx=%c1) args(%hn=%sn) : index {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
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
