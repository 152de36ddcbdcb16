// Seed 003_9cf99b81550acd41.txt, lines 888-964 (air-ping-pong-transform):
// the input IR (lines 892-917) and the output IR (lines 920-964), one per
// split. Each listing is the GEMM's segment; the channel declarations and
// the function and launch around it are the completion, and each `...` line
// of the seed is kept as a comment followed by its completion: index
// constants and start tokens, and, in the unrolled loop of the output IR,
// the tokens of the elided ops that the shown ops depend on (`%62` … `%84`,
// `%88` … `%108`, `%async_token_79` … `%async_token_85`) and the second
// buffer's row offset `%84`.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: scf.for
// CHECK: memref.alloc() {hoist_alloc = true} : memref<256x32xi32, 1>
// CHECK: %[[W:.*]] = air.wait_all async [%{{.*}}, %{{.*}}]
// CHECK-NEXT: scf.yield %[[W]] : !air.async.token
// CHECK-NEXT: } {unroll = 2 : i32}

module {
  air.channel @channel_13 [2, 1]
  air.channel @channel_5 [1, 1] {broadcast_shape = [4, 1]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%30 = air.segment @segment_0 async  attributes {id = 2 : i32} {
  // ...
  %c0_22 = arith.constant 0 : index
  %c1_19 = arith.constant 1 : index
  %c4_21 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32_18 = arith.constant 32 : index
  %c256_24 = arith.constant 256 : index
  %c1024_23 = arith.constant 1024 : index
  %34 = air.wait_all async
  %35 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %34) -> (!air.async.token) {
    %async_token_37, %results_38 = air.execute -> (memref<256x32xi32, 1>) {
      %alloc = memref.alloc() {hoist_alloc = true} : memref<256x32xi32, 1>
      air.execute_terminator %alloc : memref<256x32xi32, 1>
    }
    // ...
    %59 = air.channel.get async [%arg8]  @channel_13[%c1_19, %c0_22] (%results_38[%arg7, %c0_22] [%c256_24, %c32_18] [%c32_18, %c1_19]) {id = 18 : i32} : (memref<256x32xi32, 1>)
    %60 = scf.for %arg9 = %c0_22 to %c256_24 step %c32_18 iter_args(%arg10 = %59) -> (!air.async.token) {
      %76 = air.channel.put async [%arg10]  @channel_5[] (%results_38[%c0_22, %arg9, %c0_22] [%c8, %c32_18, %c4_21] [%c4_21, %c32_18, %c1_19]) {id = 26 : i32} : (memref<256x32xi32, 1>)
      scf.yield %76 : !air.async.token
    }
    // ...
    %async_token_53 = air.execute {
      memref.dealloc %results_38 : memref<256x32xi32, 1>
    }
    // ...
    %75 = air.wait_all async [%60, %async_token_53]
    scf.yield %75 : !air.async.token
  } {unroll = 2 : i32}
  // ...
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
// CHECK: %{{.*}}, %[[PING:.*]] = air.execute [%{{.*}}] -> (memref<256x32xi32, 1>) {
// CHECK: %{{.*}}, %[[PONG:.*]] = air.execute [%{{.*}}] -> (memref<256x32xi32, 1>) {
// CHECK: %{{.*}}:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A8:.*]] = %{{.*}}, %[[A9:.*]] = %{{.*}}, %[[A10:.*]] = %{{.*}}, %[[A11:.*]] = %{{.*}}) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
// CHECK: air.channel.get async [%[[A11]], %[[A8]]] @channel_13[%{{.*}}, %{{.*}}] (%[[PONG]]
// CHECK: air.execute [%[[A11]], %[[A8]]] {
// CHECK-NEXT: memref.dealloc %[[PONG]]
// CHECK: air.channel.get async [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[A9]]] @channel_13[%{{.*}}, %{{.*}}] (%[[PING]]
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !air.async.token, !air.async.token, !air.async.token, !air.async.token
module {
  air.channel @channel_13 [2, 1]
  air.channel @channel_5 [1, 1] {broadcast_shape = [4, 1]}
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%30 = air.segment @segment_0 async  attributes {id = 2 : i32} {
  // ...
  %c0_23 = arith.constant 0 : index
  %c1_20 = arith.constant 1 : index
  %c4_22 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32_19 = arith.constant 32 : index
  %c256_25 = arith.constant 256 : index
  %c512_16 = arith.constant 512 : index
  %c1024_24 = arith.constant 1024 : index
  %async_token_38 = air.wait_all async
  %async_token_52 = air.wait_all async
  %async_token_40, %results_41 = air.execute [%async_token_38] -> (memref<256x32xi32, 1>) {
    %alloc = memref.alloc() : memref<256x32xi32, 1>
    air.execute_terminator %alloc : memref<256x32xi32, 1>
  }
  // ...
  %async_token_54, %results_55 = air.execute [%async_token_52] -> (memref<256x32xi32, 1>) {
    %alloc = memref.alloc() : memref<256x32xi32, 1>
    air.execute_terminator %alloc : memref<256x32xi32, 1>
  }
  // ...
  %async_token_56 = air.wait_all async [%async_token_40, %async_token_54]
  %35:4 = scf.for %arg7 = %c0_23 to %c1024_24 step %c512_16 iter_args(%arg8 = %async_token_54, %arg9 = %async_token_56, %arg10 = %async_token_56, %arg11 = %async_token_56) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
    %59 = air.channel.get async [%arg11, %arg8]  @channel_13[%c1_20, %c0_23] (%results_55[%arg7, %c0_23] [%c256_25, %c32_19] [%c32_19, %c1_20]) {id = 18 : i32} : (memref<256x32xi32, 1>)
    %60 = air.wait_all async [%arg10, %59] 
    %61 = scf.for %arg12 = %c0_23 to %c256_25 step %c32_19 iter_args(%arg13 = %60) -> (!air.async.token) {
      %111 = air.channel.put async [%arg13]  @channel_5[] (%results_55[%c0_23, %arg12, %c0_23] [%c8, %c32_19, %c4_22] [%c4_22, %c32_19, %c1_20]) {id = 26 : i32} : (memref<256x32xi32, 1>)
      scf.yield %111 : !air.async.token
    }
    // ...
    %async_token_70 = air.execute [%arg11, %arg8] {
      memref.dealloc %results_55 : memref<256x32xi32, 1>
    }
    // ...
    %62 = air.wait_all async [%61]
    %65 = air.wait_all async [%62]
    %68 = air.wait_all async [%65]
    %71 = air.wait_all async [%68]
    %74 = air.wait_all async [%71]
    %77 = air.wait_all async [%74]
    %80 = air.wait_all async [%77]
    %83 = air.wait_all async [%59, %61]
    %84 = arith.addi %arg7, %c256_25 : index
    %85 = air.channel.get async [%80, %77, %74, %71, %68, %65, %62, %59, %arg9]  @channel_13[%c1_20, %c0_23] (%results_41[%84, %c0_23] [%c256_25, %c32_19] [%c32_19, %c1_20]) {id = 18 : i32} : (memref<256x32xi32, 1>)
    %86 = air.wait_all async [%83, %85] 
    %87 = scf.for %arg12 = %c0_23 to %c256_25 step %c32_19 iter_args(%arg13 = %86) -> (!air.async.token) {
      %111 = air.channel.put async [%arg13]  @channel_5[] (%results_41[%c0_23, %arg12, %c0_23] [%c8, %c32_19, %c4_22] [%c4_22, %c32_19, %c1_20]) {id = 26 : i32} : (memref<256x32xi32, 1>)
      scf.yield %111 : !air.async.token
    }
    // ...
    %88 = air.wait_all async [%87]
    %90 = air.wait_all async [%87]
    %91 = air.wait_all async [%87]
    %93 = air.wait_all async [%87]
    %94 = air.wait_all async [%87]
    %96 = air.wait_all async [%87]
    %97 = air.wait_all async [%87]
    %99 = air.wait_all async [%87]
    %100 = air.wait_all async [%87]
    %102 = air.wait_all async [%87]
    %103 = air.wait_all async [%87]
    %105 = air.wait_all async [%87]
    %106 = air.wait_all async [%87]
    %108 = air.wait_all async [%87]
    %async_token_78 = air.execute [%80, %77, %74, %71, %68, %65, %62, %59, %arg9] {
      memref.dealloc %results_41 : memref<256x32xi32, 1>
    }
    // ...
    %async_token_79 = air.wait_all async [%async_token_78]
    %async_token_80 = air.wait_all async [%async_token_78]
    %async_token_81 = air.wait_all async [%async_token_78]
    %async_token_82 = air.wait_all async [%async_token_78]
    %async_token_83 = air.wait_all async [%async_token_78]
    %async_token_84 = air.wait_all async [%async_token_78]
    %async_token_85 = air.wait_all async [%async_token_78]
    %109 = air.wait_all async [%85, %87, %88, %90, %91, %93, %94, %96, %97, %99, %100, %102, %103, %105, %106, %108, %async_token_78, %async_token_79, %async_token_80, %async_token_81, %async_token_82, %async_token_83, %async_token_84, %async_token_85] 
    %110 = air.wait_all async [%85, %88, %91, %94, %97, %100, %103, %106] 
    scf.yield %83, %109, %109, %110 : !air.async.token, !air.async.token, !air.async.token, !air.async.token
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
