// Symbolic sizes: herd width %n and trip count %k are function arguments.
// The balance is proven for every value of them (no sampling), and a
// program that is wrong for some values gets a counterexample. Deadlock
// freedom is proven by a run on concrete sizes, so here it is unknown.
// RUN: air-check lint %s 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing %S/Inputs/symbolic-unbalanced.mlir
// CLEAN: symbolic-sizes.mlir:[[#@LINE+13]]:7: warning: deadlock freedom is unknown: the proof runs the program on concrete sizes, and here 'scf.parallel' upper bound #0 is not a constant: it depends on argument #1 of @symbolic
// CLEAN-NOT: warning
// CLEAN: air-check: 1 file, 0 errors, 1 warning

air.channel @c [64]
func.func @symbolic(%buf: memref<1024xi32>, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%nl=%c1) args(%b=%buf, %nn=%n, %kk=%k) : memref<1024xi32>, index, index {
    air.segment @s args(%sb=%b, %sn=%nn, %sk=%kk) : memref<1024xi32>, index, index {
      %c0 = arith.constant 0 : index
      %c1s = arith.constant 1 : index
      %l2 = memref.alloc() : memref<1024xi32, 1 : i32>
      // For every tile i in [0, n) and every trip of k: one put.
      scf.parallel (%i) = (%c0) to (%sn) step (%c1s) {
        scf.for %t = %c0 to %sk step %c1s {
          %put = air.channel.put async @c[%i] (%l2[] [] []) : (memref<1024xi32, 1 : i32>)
        }
        scf.reduce
      }
      air.herd @h tile (%x) in (%nx=%sn) args(%hk=%sk) : index {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %l1 = memref.alloc() : memref<1024xi32, 2 : i32>
        scf.for %t = %c0h to %hk step %c1h {
          air.channel.get @c[%x] (%l1[] [] []) : (memref<1024xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
