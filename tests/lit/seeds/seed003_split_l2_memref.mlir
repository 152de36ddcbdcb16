// Seed 003_9cf99b81550acd41.txt, lines 512-658 (air-split-l2-memref): the
// input IR (lines 516-573) and the output IR (lines 576-658), one per split.
// The channel declarations and the function around the launch (with the L3
// buffers and tokens the launch names) are the completion, and each `...`
// line of the seed is kept as a comment followed by its completion: index
// constants, row offsets and tokens, and the L2 deallocations.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.launch async
// CHECK: air.channel.put async [%{{.*}}] @channel_8[] ({{.*}}) {id = 1 : i32} : (memref<512x1024xi32>)
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: air.channel.get async [%{{.*}}] @channel_8[] ({{.*}}) {id = 4 : i32} : (memref<128x1024xi32, 1 : i32>)
// CHECK: air.execute [%{{.*}}] -> (index) {
// CHECK: air.channel.put async [%{{.*}}] @channel_0[] ({{.*}}) {id = 6 : i32} : (memref<128x1024xi32, 1 : i32>)
// CHECK: air.channel.put async [%{{.*}}] @channel_1[] ({{.*}}) {id = 7 : i32}
// CHECK: air.channel.put async [%{{.*}}] @channel_2[] ({{.*}}) {id = 8 : i32}
// CHECK: air.channel.put async [%{{.*}}] @channel_3[] ({{.*}}) {id = 9 : i32}

module {
  air.channel @channel_8 [1, 1]
  air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_2 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_3 [1, 1] {broadcast_shape = [1, 4]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32() {
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
  %c0_7 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %async_token_8, %results_9 = air.execute -> (index) {
    %row = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg0]
    air.execute_terminator %row : index
  }
  %1 = scf.for %arg7 = %c0_7 to %c1024 step %c256 iter_args(%arg8 = %async_token_8) -> (!air.async.token) {
    %5 = air.channel.put async [%arg8]  @channel_8[] (%arg5[%results_9, %arg7] [%c128, %c256] [%c1024, %c1]) {id = 1 : i32} : (memref<512x1024xi32>)
    scf.yield %5 : !air.async.token
  }
  // ...
  %4 = air.segment @segment_0 async  attributes {id = 2 : i32} {
    // ...
    %c0_19 = arith.constant 0 : index
    %c1_16 = arith.constant 1 : index
    %c4_18 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c128_17 = arith.constant 128 : index
    %c256_21 = arith.constant 256 : index
    %c1024_20 = arith.constant 1024 : index
    %async_token_22, %results_23 = air.execute -> (memref<128x1024xi32, 1 : i32>) {
      %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
      air.execute_terminator %alloc : memref<128x1024xi32, 1 : i32>
    }
    %7 = scf.for %arg7 = %c0_19 to %c1024_20 step %c256_21 iter_args(%arg8 = %async_token_22) -> (!air.async.token) {
      %20 = air.channel.get async [%arg8]  @channel_8[] (%results_23[%c0_19, %arg7] [%c128_17, %c256_21] [%c1024_20, %c1_16]) {id = 4 : i32} : (memref<128x1024xi32, 1 : i32>)
      scf.yield %20 : !air.async.token
    }
    // ...
    %9 = scf.for %arg7 = %c0_19 to %c128_17 step %c4_18 iter_args(%arg8 = %async_token_22) -> (!air.async.token) {
      %async_token_31, %results_32 = air.execute [%arg8] -> (index) {
        %21 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %21 : index
      }
      %20 = air.channel.put async [%async_token_31]  @channel_0[] (%results_23[%c0_19, %c0_19, %results_32] [%c4_18, %c32, %c8] [%c8, %c1024_20, %c1_16]) {id = 6 : i32} : (memref<128x1024xi32, 1 : i32>)
      scf.yield %20 : !air.async.token
    }
    %10 = scf.for %arg7 = %c0_19 to %c128_17 step %c4_18 iter_args(%arg8 = %async_token_22) -> (!air.async.token) {
      %async_token_31, %results_32 = air.execute [%arg8] -> (index) {
        %21 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %21 : index
      }
      %20 = air.channel.put async [%async_token_31]  @channel_1[] (%results_23[%c0_19, %c32, %results_32] [%c4_18, %c32, %c8] [%c8, %c1024_20, %c1_16]) {id = 7 : i32} : (memref<128x1024xi32, 1 : i32>)
      scf.yield %20 : !air.async.token
    }
    %11 = scf.for %arg7 = %c0_19 to %c128_17 step %c4_18 iter_args(%arg8 = %async_token_22) -> (!air.async.token) {
      %async_token_31, %results_32 = air.execute [%arg8] -> (index) {
        %21 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %21 : index
      }
      %20 = air.channel.put async [%async_token_31]  @channel_2[] (%results_23[%c0_19, %c64, %results_32] [%c4_18, %c32, %c8] [%c8, %c1024_20, %c1_16]) {id = 8 : i32} : (memref<128x1024xi32, 1 : i32>)
      scf.yield %20 : !air.async.token
    }
    %12 = scf.for %arg7 = %c0_19 to %c128_17 step %c4_18 iter_args(%arg8 = %async_token_22) -> (!air.async.token) {
      %async_token_31, %results_32 = air.execute [%arg8] -> (index) {
        %21 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %21 : index
      }
      %20 = air.channel.put async [%async_token_31]  @channel_3[] (%results_23[%c0_19, %c96, %results_32] [%c4_18, %c32, %c8] [%c8, %c1024_20, %c1_16]) {id = 9 : i32} : (memref<128x1024xi32, 1 : i32>)
      scf.yield %20 : !air.async.token
    }
    // ...
    %async_token_24 = air.execute [%7, %9, %10, %11, %12] {
      memref.dealloc %results_23 : memref<128x1024xi32, 1 : i32>
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
// CHECK: %{{.*}} = air.launch async
// CHECK-COUNT-4: air.channel.put async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = {{[1-4]}} : i32} : (memref<512x1024xi32>)
// CHECK: air.wait_all async [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK-COUNT-4: air.execute -> (memref<32x1024xi32, 1>) {
// CHECK-COUNT-4: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = {{1[3-6]}} : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_0[] ({{.*}}) {id = 21 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_1[] ({{.*}}) {id = 22 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_2[] ({{.*}}) {id = 23 : i32} : (memref<32x1024xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_3[] ({{.*}}) {id = 24 : i32} : (memref<32x1024xi32, 1>)
module {
  air.channel @channel_12 [4, 1]
  air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_2 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @channel_3 [1, 1] {broadcast_shape = [1, 4]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32() {
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
  %c0_7 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %1 = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg0]
  %2 = affine.apply affine_map<()[s0] -> (s0 * 128 + 32)>()[%arg0]
  %3 = affine.apply affine_map<()[s0] -> (s0 * 128 + 64)>()[%arg0]
  %4 = affine.apply affine_map<()[s0] -> (s0 * 128 + 96)>()[%arg0]
  %async_token_8 = air.wait_all async
  %5 = scf.for %arg7 = %c0_7 to %c1024 step %c256 iter_args(%arg8 = %async_token_8) -> (!air.async.token) {
    %21 = air.channel.put async [%arg8]  @channel_12[%c0_7, %c0_7] (%arg5[%1, %arg7] [%c32, %c256] [%c1024, %c1]) {id = 1 : i32} : (memref<512x1024xi32>)
    %22 = air.channel.put async [%arg8]  @channel_12[%c1, %c0_7] (%arg5[%2, %arg7] [%c32, %c256] [%c1024, %c1]) {id = 2 : i32} : (memref<512x1024xi32>)
    %23 = air.channel.put async [%arg8]  @channel_12[%c2, %c0_7] (%arg5[%3, %arg7] [%c32, %c256] [%c1024, %c1]) {id = 3 : i32} : (memref<512x1024xi32>)
    %24 = air.channel.put async [%arg8]  @channel_12[%c3, %c0_7] (%arg5[%4, %arg7] [%c32, %c256] [%c1024, %c1]) {id = 4 : i32} : (memref<512x1024xi32>)
    %25 = air.wait_all async [%21, %22, %23, %24] 
    scf.yield %25 : !air.async.token
  }
  // ...
  %20 = air.segment @segment_0 async  attributes {id = 2 : i32} {
    // ...
    %c0_22 = arith.constant 0 : index
    %c1_19 = arith.constant 1 : index
    %c2_17 = arith.constant 2 : index
    %c3_16 = arith.constant 3 : index
    %c4_21 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32_18 = arith.constant 32 : index
    %c128_20 = arith.constant 128 : index
    %c256_24 = arith.constant 256 : index
    %c1024_23 = arith.constant 1024 : index
    %c0_50 = arith.constant 0 : index
    %c1024_51 = arith.constant 1024 : index
    %c1_52 = arith.constant 1 : index
    %c0_43 = arith.constant 0 : index
    %c1024_44 = arith.constant 1024 : index
    %c1_45 = arith.constant 1 : index
    %c0_36 = arith.constant 0 : index
    %c1024_37 = arith.constant 1024 : index
    %c1_38 = arith.constant 1 : index
    %c0_29 = arith.constant 0 : index
    %c1024_30 = arith.constant 1024 : index
    %c1_31 = arith.constant 1 : index
    %c0_46 = arith.constant 0 : index
    %c8_47 = arith.constant 8 : index
    %c1024_48 = arith.constant 1024 : index
    %c1_49 = arith.constant 1 : index
    %c0_39 = arith.constant 0 : index
    %c8_40 = arith.constant 8 : index
    %c1024_41 = arith.constant 1024 : index
    %c1_42 = arith.constant 1 : index
    %c0_32 = arith.constant 0 : index
    %c8_33 = arith.constant 8 : index
    %c1024_34 = arith.constant 1024 : index
    %c1_35 = arith.constant 1 : index
    %c0_25 = arith.constant 0 : index
    %c8_26 = arith.constant 8 : index
    %c1024_27 = arith.constant 1024 : index
    %c1_28 = arith.constant 1 : index
    %async_token_53, %results_54 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    %async_token_55, %results_56 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    %async_token_57, %results_58 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    %async_token_59, %results_60 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    // ...
    %24 = air.wait_all async [%async_token_53, %async_token_55, %async_token_57, %async_token_59]
    %25 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %24) -> (!air.async.token) {
      %68 = air.channel.get async [%arg8]  @channel_12[%c0_22, %c0_22] (%results_54[%c0_50, %arg7] [%c32_18, %c256_24] [%c1024_51, %c1_52]) {id = 13 : i32} : (memref<32x1024xi32, 1>)
      %69 = air.channel.get async [%arg8]  @channel_12[%c1_19, %c0_22] (%results_56[%c0_43, %arg7] [%c32_18, %c256_24] [%c1024_44, %c1_45]) {id = 14 : i32} : (memref<32x1024xi32, 1>)
      %70 = air.channel.get async [%arg8]  @channel_12[%c2_17, %c0_22] (%results_58[%c0_36, %arg7] [%c32_18, %c256_24] [%c1024_37, %c1_38]) {id = 15 : i32} : (memref<32x1024xi32, 1>)
      %71 = air.channel.get async [%arg8]  @channel_12[%c3_16, %c0_22] (%results_60[%c0_29, %arg7] [%c32_18, %c256_24] [%c1024_30, %c1_31]) {id = 16 : i32} : (memref<32x1024xi32, 1>)
      %72 = air.wait_all async [%68, %69, %70, %71] 
      scf.yield %72 : !air.async.token
    }
    // ...
    %30 = air.wait_all async [%async_token_53]
    %31 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %30) -> (!air.async.token) {
      %async_token_177, %results_178 = air.execute [%arg8] -> (index) {
        %69 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %69 : index
      }
      %68 = air.channel.put async [%async_token_177]  @channel_0[] (%results_54[%c0_22, %c0_46, %results_178] [%c4_21, %c32_18, %c8] [%c8_47, %c1024_48, %c1_49]) {id = 21 : i32} : (memref<32x1024xi32, 1>)
      scf.yield %68 : !air.async.token
    }
    %32 = air.wait_all async [%async_token_55] 
    %33 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %32) -> (!air.async.token) {
      %async_token_177, %results_178 = air.execute [%arg8] -> (index) {
        %69 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %69 : index
      }
      %68 = air.channel.put async [%async_token_177]  @channel_1[] (%results_56[%c0_22, %c0_39, %results_178] [%c4_21, %c32_18, %c8] [%c8_40, %c1024_41, %c1_42]) {id = 22 : i32} : (memref<32x1024xi32, 1>)
      scf.yield %68 : !air.async.token
    }
    %34 = air.wait_all async [%async_token_57] 
    %35 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %34) -> (!air.async.token) {
      %async_token_177, %results_178 = air.execute [%arg8] -> (index) {
        %69 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %69 : index
      }
      %68 = air.channel.put async [%async_token_177]  @channel_2[] (%results_58[%c0_22, %c0_32, %results_178] [%c4_21, %c32_18, %c8] [%c8_33, %c1024_34, %c1_35]) {id = 23 : i32} : (memref<32x1024xi32, 1>)
      scf.yield %68 : !air.async.token
    }
    %36 = air.wait_all async [%async_token_59] 
    %37 = scf.for %arg7 = %c0_22 to %c128_20 step %c4_21 iter_args(%arg8 = %36) -> (!air.async.token) {
      %async_token_177, %results_178 = air.execute [%arg8] -> (index) {
        %69 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg7]
        air.execute_terminator %69 : index
      }
      %68 = air.channel.put async [%async_token_177]  @channel_3[] (%results_60[%c0_22, %c0_25, %results_178] [%c4_21, %c32_18, %c8] [%c8_26, %c1024_27, %c1_28]) {id = 24 : i32} : (memref<32x1024xi32, 1>)
      scf.yield %68 : !air.async.token
    }
    // ...
    %async_token_61 = air.execute [%25, %31, %33, %35, %37] {
      memref.dealloc %results_54 : memref<32x1024xi32, 1>
      memref.dealloc %results_56 : memref<32x1024xi32, 1>
      memref.dealloc %results_58 : memref<32x1024xi32, 1>
      memref.dealloc %results_60 : memref<32x1024xi32, 1>
    }
    air.segment_terminator
  }
  air.launch_terminator
}
    air.wait_all [%0]
    return
  }
}
