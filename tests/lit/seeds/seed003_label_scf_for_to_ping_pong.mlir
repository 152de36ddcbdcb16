// Seed 003_9cf99b81550acd41.txt, lines 828-885 (air-label-scf-for-to-ping-pong):
// the input IR (lines 832-857) and the output IR (lines 860-885), one per
// split. Each listing is the GEMM's segment; the channel declarations and
// the function and launch around it are the completion, and each `...` line
// of the seed is kept as a comment followed by its completion: index
// constants, the loop's start token, and the token the loop yields.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: scf.for
// CHECK: memref.alloc() : memref<256x32xi32, 1>
// CHECK: air.channel.get async [%{{.*}}] @channel_13[%{{.*}}, %{{.*}}] ({{.*}}) {id = 18 : i32} : (memref<256x32xi32, 1>)
// CHECK: air.channel.put async [%{{.*}}] @channel_5[] ({{.*}}) {id = 26 : i32} : (memref<256x32xi32, 1>)
// CHECK: memref.dealloc
// CHECK: %[[W:.*]] = air.wait_all async [%{{.*}}, %{{.*}}]
// CHECK-NEXT: scf.yield %[[W]] : !air.async.token
// CHECK-NEXT: }{{$}}

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
      %alloc = memref.alloc() : memref<256x32xi32, 1>
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

// -----

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: scf.for
// CHECK: memref.alloc() {hoist_alloc = true} : memref<256x32xi32, 1>
// CHECK: air.channel.get async [%{{.*}}] @channel_13[%{{.*}}, %{{.*}}] ({{.*}}) {id = 18 : i32} : (memref<256x32xi32, 1>)
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
