// Seed 003_9cf99b81550acd41.txt, lines 734-819 (air-loop-fusion): the input
// IR (lines 738-779) and the output IR (lines 782-819), one per split. Each
// listing is the GEMM's segment; the channel declarations and the function
// and launch around it are the completion, and each `...` line of the seed
// is kept as a comment followed by its completion: index constants, the
// deallocations (input IR), the loop's start token and its yield (output
// IR).
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK-COUNT-2: air.execute -> (memref<32x1024xi32, 1>) {
// CHECK: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 13 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 14 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_0[] ({{.*}}) {id = 21 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_1[] ({{.*}}) {id = 22 : i32} : (memref<32x1024xi32, 1>)

module {
  air.channel @channel_12 [4, 1]
  air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_3 [1, 1] {broadcast_shape = [1, 4]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%30 = air.segment @segment_0 async  attributes {id = 2 : i32} {
  // ...
  %c0_22 = arith.constant 0 : index
  %c1_19 = arith.constant 1 : index
  %c3_16 = arith.constant 3 : index
  %c4_21 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32_18 = arith.constant 32 : index
  %c128_20 = arith.constant 128 : index
  %c256_24 = arith.constant 256 : index
  %c1024_23 = arith.constant 1024 : index
  %async_token_25, %results_26 = air.execute -> (memref<32x1024xi32, 1>) {
    %alloc = memref.alloc() : memref<32x1024xi32, 1>
    air.execute_terminator %alloc : memref<32x1024xi32, 1>
  }
  %async_token_27, %results_28 = air.execute -> (memref<32x1024xi32, 1>) {
    %alloc = memref.alloc() : memref<32x1024xi32, 1>
    air.execute_terminator %alloc : memref<32x1024xi32, 1>
  }
  // ...
  %34 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %async_token_25) -> (!air.async.token) {
    %73 = air.channel.get async [%arg8]  @channel_12[%c0_22, %c0_22] (%results_26[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 13 : i32} : (memref<32x1024xi32, 1>)
    scf.yield %73 : !air.async.token
  }
  %35 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %async_token_27) -> (!air.async.token) {
    %73 = air.channel.get async [%arg8]  @channel_12[%c1_19, %c0_22] (%results_28[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 14 : i32} : (memref<32x1024xi32, 1>)
    scf.yield %73 : !air.async.token
  }
  // ...
  %43 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %async_token_25) -> (!air.async.token) {
    %async_token_61, %results_62 = air.execute [%arg8] -> (index) {
      %74 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
      air.execute_terminator %74 : index
    }
    %73 = air.channel.put async [%async_token_61]  @channel_0[] (%results_26[%c0_22, %c0_22, %results_62] [%c4_21, %c32_18, %c8] [%c8, %c1024_23, %c1_19]) {id = 21 : i32} : (memref<32x1024xi32, 1>)
    scf.yield %73 : !air.async.token
  }
  %44 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %async_token_27) -> (!air.async.token) {
    %async_token_61, %results_62 = air.execute [%arg8] -> (index) {
      %74 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
      air.execute_terminator %74 : index
    }
    %73 = air.channel.put async [%async_token_61]  @channel_1[] (%results_28[%c0_22, %c0_22, %results_62] [%c4_21, %c32_18, %c8] [%c8, %c1024_23, %c1_19]) {id = 22 : i32} : (memref<32x1024xi32, 1>)
    scf.yield %73 : !air.async.token
  }
  // ...
  %async_token_63 = air.execute [%34, %35, %43, %44] {
    memref.dealloc %results_26 : memref<32x1024xi32, 1>
    memref.dealloc %results_28 : memref<32x1024xi32, 1>
  }
  air.segment_terminator
}
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}

// -----

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (!air.async.token) {
// CHECK-COUNT-2: air.execute -> (memref<32x256xi32, 1>) {
// CHECK: %[[G:.*]] = air.channel.get async [%[[T]]] @channel_12[%{{.*}}, %{{.*}}] (%{{.*}}[%{{.*}}, %[[K]]] {{.*}}) {id = 16 : i32} : (memref<32x256xi32, 1>)
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[G]]) -> (!air.async.token) {
// CHECK-NEXT: air.channel.put async [%{{.*}}] @channel_3[] ({{.*}}) {id = 24 : i32} : (memref<32x256xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_0[] ({{.*}}) {id = 21 : i32} : (memref<32x256xi32, 1>)
// CHECK: air.execute {
// CHECK-NEXT: memref.dealloc
module {
  air.channel @channel_12 [4, 1]
  air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_3 [1, 1] {broadcast_shape = [1, 4]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%30 = air.segment @segment_0 async  attributes {id = 2 : i32} {
  // ...
  %c0_22 = arith.constant 0 : index
  %c1_19 = arith.constant 1 : index
  %c3_16 = arith.constant 3 : index
  %c4_21 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32_18 = arith.constant 32 : index
  %c128_20 = arith.constant 128 : index
  %c256_24 = arith.constant 256 : index
  %c1024_23 = arith.constant 1024 : index
  %34 = air.wait_all async
  %35 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %34) -> (!air.async.token) {
    // ...
    %async_token_41, %results_42 = air.execute -> (memref<32x256xi32, 1>) {
      %alloc = memref.alloc() : memref<32x256xi32, 1>
      air.execute_terminator %alloc : memref<32x256xi32, 1>
    }
    %async_token_43, %results_44 = air.execute -> (memref<32x256xi32, 1>) {
      %alloc = memref.alloc() : memref<32x256xi32, 1>
      air.execute_terminator %alloc : memref<32x256xi32, 1>
    }
    // ...
    %63 = air.channel.get async [%arg8]  @channel_12[%c3_16, %c0_22] (%results_42[%c0_22, %arg7] [%c32_18, %c256_24] [%c256_24, %c1_19]) {id = 16 : i32} : (memref<32x256xi32, 1>)
    %64 = scf.for %arg9 = %c0_22 to %c256_24 step %c32_18 iter_args(%arg10 = %63) -> (!air.async.token) {
      %76 = air.channel.put async [%arg10]  @channel_3[] (%results_42[%c0_22, %c0_22, %arg9] [%c4_21, %c32_18, %c8] [%c8, %c256_24, %c1_19]) {id = 24 : i32} : (memref<32x256xi32, 1>)
      scf.yield %76 : !air.async.token
    }
    %65 = air.channel.get async [%arg8]  @channel_12[%c0_22, %c0_22] (%results_44[%c0_22, %arg7] [%c32_18, %c256_24] [%c256_24, %c1_19]) {id = 13 : i32} : (memref<32x256xi32, 1>)
    %66 = scf.for %arg9 = %c0_22 to %c256_24 step %c32_18 iter_args(%arg10 = %65) -> (!air.async.token) {
      %76 = air.channel.put async [%arg10]  @channel_0[] (%results_44[%c0_22, %c0_22, %arg9] [%c4_21, %c32_18, %c8] [%c8, %c256_24, %c1_19]) {id = 21 : i32} : (memref<32x256xi32, 1>)
      scf.yield %76 : !air.async.token
    }
    // ...
    %async_token_55 = air.execute {
      memref.dealloc %results_42 : memref<32x256xi32, 1>
    }
    %async_token_56 = air.execute {
      memref.dealloc %results_44 : memref<32x256xi32, 1>
    }
    // ...
    %77 = air.wait_all async [%64, %66, %async_token_55, %async_token_56]
    scf.yield %77 : !air.async.token
  }
  // ...
  air.segment_terminator
}
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}
