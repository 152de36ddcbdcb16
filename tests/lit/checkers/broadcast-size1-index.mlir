// A get on a broadcast channel addresses index 0 in every dimension where
// broadcast_shape is 1, whatever it writes there: an index that is not
// affine (x * x) in such a dimension leaves the balance exact, and neither a
// launch id there. In a dimension larger than 1 the same index still makes
// the balance unknown.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %S/Inputs/broadcast-size1-index-clean.mlir 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom
// CHECK: 0 errors, 0 warnings

// expected-warning@+1 {{the put/get balance of channel @b is unknown: channel index #1: the product at 24:15 of two non-constant values is not affine}}
air.channel @b [1, 1] {broadcast_shape = [1, 2]}
func.func @not_affine_in_a_wide_dim() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c1, %ny=%c2) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        // y * y is y for y in {0, 1}, but not affine.
        // expected-note@+1 {{because of this}}
        %yy = arith.muli %y, %y : index
        // expected-note@+1 {{the analysis stops at this air.channel.get}}
        air.channel.get @b[%x, %yy] (%l1[] [] []) : (memref<16xi32, 2>)
      }
      air.channel.put @b[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}
