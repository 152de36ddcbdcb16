// Seed 003_9cf99b81550acd41.txt, lines 971-994
// (air-specialize-channel-wrap-and-stride): the input IR (lines 975-986) and
// the output IR (lines 989-994), one per split, with the synchronous
// put/get forms. The channel declarations, the function and launch around
// the listing, the L3 memrefs `%arg0`/`%arg1` (as launch arguments) and the
// index constants are the completion; the seed's `...` lines are kept as
// comments.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @channel_1 [1, 1]
// CHECK: air.channel @channel_2 [1, 1]
// CHECK-LABEL: func.func @wrap_and_stride
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: air.channel.put @channel_1[%{{.*}}, %{{.*}}] (%{{.*}}[%[[I]]] [%{{.*}}] [%{{.*}}]) : (memref<128xf32>)
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: air.channel.get @channel_2[%{{.*}}, %{{.*}}] (%{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}]) : (memref<128x128xf32>)

module {
  air.channel @channel_1 [1, 1]
  air.channel @channel_2 [1, 1]
  func.func @wrap_and_stride(%a: memref<128xf32>, %b: memref<128x128xf32>) {
    %c1_0 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1_0) args(%arg0=%a, %arg1=%b) : memref<128xf32>, memref<128x128xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c4096 = arith.constant 4096 : index
scf.for %arg2 = %c0 to %c128 step %c32 {
  air.channel.put  @channel_1[%c0, %c0] (%arg0[%arg2] [%c32] [%c1]) : (memref<128xf32>)
}
// ...
scf.for %arg2 = %c0 to %c128 step %c32 {
  scf.for %arg3 = %c0 to %c128 step %c32 {
    air.channel.get  @channel_2[%c0, %c0] (%arg1[%arg2, %arg3] [%c32, %c32] [%c128, %c1]) : (memref<128x128xf32>)
  }
}
    }
    return
  }
}

// -----

// CHECK-LABEL: func.func @wrap_and_stride
// CHECK: air.channel.put @channel_1[%{{.*}}, %{{.*}}] (%{{.*}}[] [] []) : (memref<128xf32>)
// CHECK: air.channel.get @channel_2[%{{.*}}, %{{.*}}] (%{{.*}}[%c0, %c0, %c0, %c0] [%c4, %c4, %c32, %c32] [%c4096, %c32, %c128, %c1{{.*}}]) : (memref<128x128xf32>)
module {
  air.channel @channel_1 [1, 1]
  air.channel @channel_2 [1, 1]
  func.func @wrap_and_stride(%a: memref<128xf32>, %b: memref<128x128xf32>) {
    %c1_0 = arith.constant 1 : index
    air.launch (%x) in (%sx=%c1_0) args(%arg0=%a, %arg1=%b) : memref<128xf32>, memref<128x128xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c4096 = arith.constant 4096 : index
air.channel.put  @channel_1[%c0, %c0] (%arg0[] [] []) : (memref<128xf32>)
// ...
air.channel.get  @channel_2[%c0, %c0] (%arg1[%c0, %c0, %c0, %c0] [%c4, %c4, %c32, %c32] [%c4096, %c32, %c128, %c1]) : (memref<128x128xf32>)
    }
    return
  }
}
