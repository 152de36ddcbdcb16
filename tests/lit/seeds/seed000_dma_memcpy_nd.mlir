// Seed 000_3402c488c9f6c083.txt, lines 401-410 (section 2.4
// air.dma_memcpy_nd): the N-dimensional copy, instantiated with
// `dst`/`src` as SSA memrefs, concrete `[offsets][sizes][strides]` lists and
// concrete `(type_dst, type_src)`; then the direction-agnostic forms of line
// 408 (L3 -> L2, L2 -> L1, L1 -> L2) and the empty-list form of line 410.
// The enclosing launch, segment and herd are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @dma_memcpy_nd
func.func @dma_memcpy_nd(%arg0: memref<64x64xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%l3=%arg0) : memref<64x64xi32> {
    air.segment @copies args(%a=%l3) : memref<64x64xi32> {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %l2 = memref.alloc() : memref<64x64xi32, 1>
      // L3 -> L2, whole memref: empty lists on both sides.
      // CHECK: air.dma_memcpy_nd (%{{.*}}[] [] [], %{{.*}}[] [] []) : (memref<64x64xi32, 1>, memref<64x64xi32>)
      air.dma_memcpy_nd (%l2[] [] [], %a[] [] []) : (memref<64x64xi32, 1>, memref<64x64xi32>)
      air.herd tile (%x, %y) in (%sx=%c1_0, %sy=%c1_0) args(%src=%l2) : memref<64x64xi32, 1> {
        %c0_1 = arith.constant 0 : index
        %c1_2 = arith.constant 1 : index
        %c8 = arith.constant 8 : index
        %c16 = arith.constant 16 : index
        %c64_3 = arith.constant 64 : index
        %dst = memref.alloc() : memref<16x16xi32, 2>
        // L2 -> L1, 2-D pattern on the destination, 2-D on the source.
        // CHECK: air.dma_memcpy_nd (%{{.*}}[%c0{{.*}}, %c0{{.*}}] [%c8, %c8] [%c16, %c1{{.*}}], %{{.*}}[%c0{{.*}}, %c8] [%c8, %c8] [%c64{{.*}}, %c1{{.*}}]) : (memref<16x16xi32, 2>, memref<64x64xi32, 1>)
air.dma_memcpy_nd (%dst[%c0_1, %c0_1][%c8, %c8][%c16, %c1_2],
                   %src[%c0_1, %c8][%c8, %c8][%c64_3, %c1_2]) : (memref<16x16xi32, 2>, memref<64x64xi32, 1>)
        // L1 -> L2.
        // CHECK: air.dma_memcpy_nd (%{{.*}}[%c8, %c0{{.*}}] [%c8, %c8] [%c64{{.*}}, %c1{{.*}}], %{{.*}}[] [] []) : (memref<64x64xi32, 1>, memref<16x16xi32, 2>)
        air.dma_memcpy_nd (%src[%c8, %c0_1] [%c8, %c8] [%c64_3, %c1_2], %dst[] [] []) : (memref<64x64xi32, 1>, memref<16x16xi32, 2>)
        memref.dealloc %dst : memref<16x16xi32, 2>
      }
      // L2 -> L3.
      // CHECK: air.dma_memcpy_nd (%{{.*}}[%c0, %c0] [%c64, %c64] [%c64, %c1{{.*}}], %{{.*}}[] [] []) : (memref<64x64xi32>, memref<64x64xi32, 1>)
      air.dma_memcpy_nd (%a[%c0, %c0] [%c64, %c64] [%c64, %c1_0], %l2[] [] []) : (memref<64x64xi32>, memref<64x64xi32, 1>)
      memref.dealloc %l2 : memref<64x64xi32, 1>
    }
  }
  return
}
