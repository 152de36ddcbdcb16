// Padding (docs/semantics.md 4c): a memory tile sends a 6x4 block of its
// L2 buffer padded to 8x8 (one row above, one below, two columns on each
// side), as upstream's air_channel_pad and matmul-padding programs do. The
// memory tile's MM2S BD carries the pads (mlir-aie's `pad [...]`, len the
// padded size, the dimensions as written), the core's S2MM takes 64
// elements, and validation replays the zeros: the core receives what the
// program's get does. Pads moved to the other side of a dimension put the
// zeros elsewhere, which validation tells apart.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// RUN: sed -e 's/<const_pad_before = 1, const_pad_after = 1>, <const_pad_before = 2, const_pad_after = 2>/<const_pad_before = 2, const_pad_after = 0>, <const_pad_before = 2, const_pad_after = 2>/' %t.mlir > %t.moved.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.moved.mlir 2>&1 | FileCheck %s --check-prefix=MOVED
// The design pads what a memory tile sends only; and in whole 32-bit
// words in the innermost dimension.
// RUN: sed -e 's/air.channel.put @ToL2\[\] (%a\[\] \[\] \[\])/air.channel.put @ToL2[] (%a[%c0, %c0] [%c6, %c6] [%c8, %c1_l]) {pad_before = array<i32: 1, 1>, pad_after = array<i32: 1, 1>}/' %s > %t.l3.mlir
// RUN: not %air_check_bin compile --target=npu1_4col %t.l3.mlir -o %t.l3.out 2>&1 | FileCheck %s --check-prefix=L3
// RUN: sed -e 's/pad_before = array<i32: 1, 2>, pad_after = array<i32: 1, 2>/pad_before = array<i32: 2, 1>, pad_after = array<i32: 0, 3>/' %s > %t.odd.mlir
// RUN: %air_check_bin lint %t.odd.mlir
// RUN: not %air_check_bin compile --target=npu1_4col %t.odd.mlir -o %t.odd.out 2>&1 | FileCheck %s --check-prefix=ODD

// DIAG-NOT: {{error|warning}}
// CHECK: aie.memtile_dma
// CHECK: aie.dma_bd(%{{.*}} : memref<8x8xi16, 1> offset = 10 len = 64 sizes = [6, 4] strides = [8, 1] pad [<const_pad_before = 1, const_pad_after = 1>, <const_pad_before = 2, const_pad_after = 2>])
// VALID: moves the data of
// MOVED: error: [translation-validation] the design does not move the program's data
// L3: error: [compile-unsupported] pads a transfer out of L3; the design pads what a memory tile sends only
// ODD: error: [compile-unsupported] pads its innermost dimension by 1 and 3 elements of 2 bytes: mlir-aie pads in whole 32-bit words there

module {
  air.channel @ToL2 [1, 1]
  air.channel @ToL1 [1, 1]
  air.channel @Back [1, 1]
  func.func @pad(%in: memref<8x8xi16>, %out: memref<8x8xi16>) {
    %c1 = arith.constant 1 : index
    air.launch (%tx) in (%sx=%c1) args(%a=%in, %o=%out) : memref<8x8xi16>, memref<8x8xi16> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      air.channel.put @ToL2[] (%a[] [] []) : (memref<8x8xi16>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c4_s = arith.constant 4 : index
        %c6_s = arith.constant 6 : index
        %c8_s = arith.constant 8 : index
        %l2 = memref.alloc() : memref<8x8xi16, 1>
        air.channel.get @ToL2[] (%l2[] [] []) : (memref<8x8xi16, 1>)
        air.channel.put @ToL1[] (%l2[%c1_s, %c2_s] [%c6_s, %c4_s] [%c8_s, %c1_s]) {pad_before = array<i32: 1, 2>, pad_after = array<i32: 1, 2>} : (memref<8x8xi16, 1>)
        air.herd @h tile (%hx, %hy) in (%hsx=%c1_s, %hsy=%c1_s) {
          %l1 = memref.alloc() : memref<8x8xi16, 2>
          air.channel.get @ToL1[] (%l1[] [] []) : (memref<8x8xi16, 2>)
          air.channel.put @Back[] (%l1[] [] []) : (memref<8x8xi16, 2>)
          memref.dealloc %l1 : memref<8x8xi16, 2>
        }
        memref.dealloc %l2 : memref<8x8xi16, 1>
      }
      air.channel.get @Back[] (%o[] [] []) : (memref<8x8xi16>)
    }
    return
  }
}
