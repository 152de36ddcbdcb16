// An L3 argument of unranked type (memref<*xi32>), as upstream's pass tests
// and frontends write them: the host sizes the buffer, and every transfer
// of it gives its sizes and strides, which address it linearly
// (docs/semantics.md 4b). The runtime sequence names it as the 1-D memref
// of the extent those transfers reach: rows 0..15 of a 32-wide matrix read
// in two 8-row halves by a 1x2 herd, written back 16 columns further on:
// the last element is 15 * 32 + 16 + 15, so memref<512xi32>. Validation
// sizes the program's argument by the runtime sequence's (the host's
// buffer) and compares as for a ranked one: a task moved one row down
// reaches past the buffer, one moved one column over delivers other data.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// RUN: sed -e '0,/%arg0 \[0, 0, 0, 0\]/s//%arg0 [0, 0, 0, 1]/' %t.mlir > %t.shift.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.shift.mlir 2>&1 | FileCheck %s --check-prefix=SHIFT
// A transfer that names the whole unranked buffer has no extent, nor a
// count: lint's dma-volume-balance says so, and compile refuses the
// unknown (the lowering's own refusal is in refusals.mlir; here the herd
// only reads it; with the write-back, its race freedom is unknown too).
// RUN: sed -e 's/%l1\[\] \[\] \[\], %a\[%row, %c0\] \[%c8, %c16\] \[%c32, %c1\]/%l1[] [] [], %a[] [] []/' -e '/%a\[%row, %c16\]/d' %s > %t.whole.mlir
// RUN: not %air_check_bin compile --target=npu1_4col %t.whole.mlir -o %t.whole.out 2>&1 | FileCheck %s --check-prefix=WHOLE

// DIAG-NOT: {{error|warning}}
// CHECK: aie.runtime_sequence(%arg0: memref<512xi32>)
// CHECK: aiex.npu.dma_memcpy_nd(%arg0
// CHECK-SAME: memref<512xi32>
// VALID: moves the data of
// SHIFT: error: [translation-validation] the design does not move the program's data
// WHOLE: warning: dma volume balance is unknown: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}}: the transfer moves a whole memref whose shape is not static

module {
  func.func @unranked(%arg0: memref<*xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    air.launch (%lx, %ly) in (%lsx=%c1, %lsy=%c1) args(%la=%arg0) : memref<*xi32> {
      air.segment @seg args(%sa=%la) : memref<*xi32> {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c2_s) args(%a=%sa) : memref<*xi32> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c16 = arith.constant 16 : index
          %c32 = arith.constant 32 : index
          %row = arith.muli %ty, %c8 : index
          %l1 = memref.alloc() : memref<8x16xi32, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %a[%row, %c0] [%c8, %c16] [%c32, %c1]) : (memref<8x16xi32, 2 : i32>, memref<*xi32>)
          air.dma_memcpy_nd (%a[%row, %c16] [%c8, %c16] [%c32, %c1], %l1[] [] []) : (memref<*xi32>, memref<8x16xi32, 2 : i32>)
          memref.dealloc %l1 : memref<8x16xi32, 2 : i32>
        }
      }
    }
    return
  }
}
