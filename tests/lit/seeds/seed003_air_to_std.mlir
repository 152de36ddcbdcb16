// Seed 003_9cf99b81550acd41.txt, lines 1243-1278 (air-to-std, input IR):
// L3 puts and gets in the launch, carrying `metadata` symbol references. The
// `aie.device(npu) {...}` part (lines 1250-1261) is aie dialect, which
// air-opt does not register, and is not covered; its three
// `memref.global "public" @airMemcpyIdN` declarations (lines 1253, 1256,
// 1259), which the `metadata` attributes name, are kept at module level in
// its place. The channel declarations, the L3 buffers and tokens the launch
// names, and (after each of the seed's `...`, kept as comments) the index
// constants, offsets and tokens the channel ops use are the completion.
// The output IR (lines 1282-1316) is airrt/aie only and is not covered.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: memref.global "public" @airMemcpyId78 : memref<32x128xi32, 1>
// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.launch async [%{{.*}}, %{{.*}}, %{{.*}}] (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4, %{{.*}}=%c4) args({{.*}}) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
// CHECK: air.channel.put async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 1 : i32, metadata = @airMemcpyId19} : (memref<512x1024xi32>)
// CHECK: air.channel.put async [%{{.*}}] @channel_13[%{{.*}}, %{{.*}}] ({{.*}}) {id = 5 : i32, metadata = @airMemcpyId15} : (memref<1024x512xi32>)
// CHECK: air.channel.get async [%{{.*}}, %{{.*}}] @channel_14[%{{.*}}, %{{.*}}] ({{.*}}) {id = 9 : i32, metadata = @airMemcpyId78} : (memref<512x512xi32>)

module {
  air.channel @channel_12 [1, 1]
  air.channel @channel_13 [1, 1]
  air.channel @channel_14 [1, 1]
    memref.global "public" @airMemcpyId78 : memref<32x128xi32, 1>
    memref.global "public" @airMemcpyId19 : memref<32x256xi32, 1>
    memref.global "public" @airMemcpyId15 : memref<256x32xi32, 1>
  // ...
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32() {
    // ...
    %c4 = arith.constant 4 : index
    %async_token, %results = air.execute -> (memref<512x1024xi32>) {
      %alloc = memref.alloc() : memref<512x1024xi32>
      air.execute_terminator %alloc : memref<512x1024xi32>
    }
    %async_token_0 = air.wait_all async [%async_token]
    %async_token_1, %results_2 = air.execute -> (memref<1024x512xi32>) {
      %alloc = memref.alloc() : memref<1024x512xi32>
      air.execute_terminator %alloc : memref<1024x512xi32>
    }
    %async_token_3 = air.wait_all async [%async_token_1]
    %async_token_4, %results_5 = air.execute -> (memref<512x512xi32>) {
      %alloc = memref.alloc() : memref<512x512xi32>
      air.execute_terminator %alloc : memref<512x512xi32>
    }
    %async_token_6 = air.wait_all async [%async_token_4]
    %0 = air.launch async [%async_token_0, %async_token_3, %async_token_6] (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%results_5, %arg5=%results, %arg6=%results_2) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
      // ...
      %c0_8 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4_7 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %c1024 = arith.constant 1024 : index
      %1 = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg0]
      %5 = air.wait_all async
      %6 = air.channel.put async [%5]  @channel_12[%c0_8, %c0_8] (%arg5[%c0_8, %1, %c0_8] [%c4_7, %c32, %c256] [%c256, %c1024, %c1]) {id = 1 : i32, metadata = @airMemcpyId19} : (memref<512x1024xi32>)
      // ...
      %13 = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg1]
      %17 = air.wait_all async [%6]
      %18 = air.channel.put async [%17]  @channel_13[%c0_8, %c0_8] (%arg6[%c0_8, %13] [%c1024, %c32] [%c512, %c1]) {id = 5 : i32, metadata = @airMemcpyId15} : (memref<1024x512xi32>)
      // ...
      %async_token_9, %results_10 = air.execute -> (index) {
        %col = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg1]
        air.execute_terminator %col : index
      }
      %25 = air.wait_all async [%18]
      %26 = air.channel.get async [%25, %async_token_9]  @channel_14[%c0_8, %c0_8] (%arg4[%1, %results_10] [%c32, %c128] [%c512, %c1]) {id = 9 : i32, metadata = @airMemcpyId78} : (memref<512x512xi32>)
      // ...
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}
