// Seed 003_9cf99b81550acd41.txt, lines 210-217 (air-copy-to-dma, output IR).
// The air.dma_memcpy_nd is in the early upstream form without `:` before
// its type list. The completion: the function, launch and segment around
// the loop, with the L3 operand `%arg10`, the L2 buffer `%alloc`, the row
// offset `%3` and the index constants.
//
// Typos fixed in the seed's (non-AIR) memref.subview lines, which do not
// parse as printed: `[11]` is `[1, 1]` (both lines); `stride[1024, 1],
// offset: ?>>` is `strided<[1024, 1], offset: ?>>` (line 213);
// `memref<128x256xi32strided<` is `memref<128x256xi32, strided<` (line
// 214). The input IR of the same section (lines 199-206) has no AIR op and
// is not covered.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @copy_to_dma
// CHECK: air.segment @segment_0 args(%{{.*}}=%{{.*}}, %[[ARG10:.*]]=%{{.*}}) : index, memref<512x1024xi32> {
// CHECK: %[[ALLOC:.*]] = memref.alloc() : memref<128x1024xi32, 1 : i32>
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: memref.subview
// CHECK: memref.subview
// CHECK: air.dma_memcpy_nd (%[[ALLOC]][%{{.*}}, %[[IV]]] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}], %[[ARG10]][%{{.*}}, %[[IV]]] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}]) {id = 1 : i32} : (memref<128x1024xi32, 1 : i32>, memref<512x1024xi32>)
func.func @copy_to_dma(%arg0: memref<512x1024xi32>) {
  %c4 = arith.constant 4 : index
  air.launch (%l0, %l1) in (%l2=%c4, %l3=%c4) args(%l4=%arg0) : memref<512x1024xi32> {
    air.segment @segment_0 args(%arg9=%l0, %arg10=%l4) : index, memref<512x1024xi32> {
      %c128 = arith.constant 128 : index
      %3 = arith.muli %arg9, %c128 : index
      %c0_1 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %c256 = arith.constant 256 : index
      %c0_11 = arith.constant 0 : index
      %c128_12 = arith.constant 128 : index
      %c256_13 = arith.constant 256 : index
      %c1024_14 = arith.constant 1024 : index
      %c1_15 = arith.constant 1 : index
      %c128_7 = arith.constant 128 : index
      %c256_8 = arith.constant 256 : index
      %c1024_9 = arith.constant 1024 : index
      %c1_10 = arith.constant 1 : index
      %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
scf.for %arg12 = %c0_1 to %c1024 step %c256 {
  %subview_5 = memref.subview %arg10[%3, %arg12] [128, 256] [1, 1] : memref<512x1024xi32> to memref<128x256xi32, strided<[1024, 1], offset: ?>>
  %subview_6 = memref.subview %alloc[0, %arg12] [128, 256] [1, 1] : memref<128x1024xi32, 1 : i32> to memref<128x256xi32, strided<[1024, 1], offset: ?>, 1 : i32>
  air.dma_memcpy_nd (%alloc[%c0_11, %arg12] [%c128_12, %c256_13] [%c1024_14, %c1_15], %arg10[%3, %arg12] [%c128_7, %c256_8] [%c1024_9, %c1_10]) {id = 1 : i32} (memref<128x1024xi32, 1 : i32>, memref<512x1024xi32>)
}
      memref.dealloc %alloc : memref<128x1024xi32, 1 : i32>
    }
  }
  return
}
