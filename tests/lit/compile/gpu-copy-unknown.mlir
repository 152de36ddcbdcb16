// The GPU copies' translation validation (docs/validate.md, "The GPU
// target") says `unknown`, never a pass, where it cannot read what is
// around a copy: here a condition on a loaded flag. Compile refuses it
// there; with --allow-unvalidated it goes on (a warning), and the barrier
// check refuses the kernel (the barrier after the copy is under the same
// condition).
// RUN: not air-check compile --target=mi300x --emit=gpu %s -o %t 2>&1 | FileCheck %s
// RUN: not air-check compile --allow-unvalidated --target=mi300x --emit=gpu %s -o %t 2>&1 | FileCheck %s --check-prefix=ALLOW
// CHECK: :[[@LINE+16]]:7: error: [translation-validation-unknown] the lowered kernel's copies are not validated: a condition around the copy the check does not read
// CHECK: :[[@LINE+15]]:7: note: the kernel passed the checks before this one; --allow-unvalidated writes it with this as a warning
// CHECK-NOT: barrier check
// ALLOW: :[[@LINE+13]]:7: warning: [translation-validation-unknown] the lowered kernel's copies are not validated: a condition around the copy the check does not read
// ALLOW: error: [compile-unsupported] barrier check
func.func @f(%a: memref<64xf32>, %flags: memref<2xi32>) {
  %c2 = arith.constant 2 : index
  air.launch (%x) in (%nx=%c2) args(%la=%a, %lf=%flags) : memref<64xf32>, memref<2xi32> {
    air.segment @s args(%sx=%x, %sa=%la, %sf=%lf) : index, memref<64xf32>, memref<2xi32> {
      %c1 = arith.constant 1 : index
      %c0i = arith.constant 0 : i32
      %c32 = arith.constant 32 : index
      %o = arith.muli %sx, %c32 : index
      %v = memref.load %sf[%sx] : memref<2xi32>
      %go = arith.cmpi ne, %v, %c0i : i32
      %buf = memref.alloc() : memref<32xf32, 1>
      scf.if %go {
        air.dma_memcpy_nd (%buf[] [] [], %sa[%o] [%c32] [%c1]) {id = 1 : i32} : (memref<32xf32, 1>, memref<64xf32>)
      }
      memref.dealloc %buf : memref<32xf32, 1>
    }
  }
  return
}
