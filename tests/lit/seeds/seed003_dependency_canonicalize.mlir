// Seed 003_9cf99b81550acd41.txt, lines 447-505 (air-dependency-canonicalize):
// the input IR (lines 451-477) and the output IR (lines 480-505), one per
// split. Both listings are fragments of the GEMM's segment body; the channel
// declarations, the function, launch and segment around them, and (after the
// seed's `...` lines, kept as comments) the constants, L2 buffers and tokens
// they use, are the completion.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @channel_8 [1, 1]
// CHECK: air.channel @channel_10 [4, 4]
// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (!air.async.token) {
// CHECK: %[[G:.*]] = air.channel.get async [%[[T]], %[[T]]] @channel_8[] (%{{.*}}[%{{.*}}, %[[IV]]] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}]) : (memref<128x1024xi32, 1 : i32>)
// CHECK: air.wait_all async [%[[T]], %[[G]]] {id = 1 : i32}
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%[[INIT:.*]]) -> !air.async.token {
// CHECK: air.execute -> (index) {
// CHECK: } {id = 12 : i32}
// CHECK: air.channel.get async [%{{.*}}, %{{.*}}, %[[INIT]], %[[INIT]]] @channel_10[%[[I]], %[[J]]]
// CHECK: scf.reduce(%{{.*}} : !air.async.token) {
// CHECK: air.wait_all async [%{{.*}}, %{{.*}}]

module {
  air.channel @channel_8 [1, 1]
  air.channel @channel_10 [4, 4]
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
      %1 = air.segment @segment_0 async  attributes {id = 2 : i32} {
// ...
        %c0_23 = arith.constant 0 : index
        %c1_20 = arith.constant 1 : index
        %c4_22 = arith.constant 4 : index
        %c32 = arith.constant 32 : index
        %c128_21 = arith.constant 128 : index
        %c256_25 = arith.constant 256 : index
        %c1024_24 = arith.constant 1024 : index
        %async_token_30, %results_31 = air.execute -> (memref<128x1024xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x1024xi32, 1 : i32>
        }
        %7 = air.wait_all async [%async_token_30]
%8 = scf.for %arg9 = %c0_23 to %c1024_24 step %c256_25 iter_args(%arg10 = %7) -> (!air.async.token) {
  %22 = air.channel.get async [%arg10, %arg10]  @channel_8[] (%results_31[%c0_23, %arg9] [%c128_21, %c256_25] [%c1024_24, %c1_20]) : (memref<128x1024xi32, 1 : i32>)
  %23 = air.wait_all async [%arg10, %22]  {id = 1 : i32}
  scf.yield %23 : !air.async.token
}
// ...
        %async_token_34, %results_35 = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x128xi32, 1 : i32>
        }
%19 = scf.parallel (%arg9, %arg10) = (%c0_23, %c0_23) to (%c4_22, %c4_22) step (%c1_20, %c1_20) init (%async_token_34) -> !air.async.token {
  %async_token_55, %results_56 = air.execute -> (index) {
    %23 = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg9]
    air.execute_terminator %23 : index
  } {id = 12 : i32}
  %async_token_57, %results_58 = air.execute -> (index) {
    %23 = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg10]
    air.execute_terminator %23 : index
  } {id = 13 : i32}
  %22 = air.channel.get async [%async_token_57, %async_token_55, %async_token_34, %async_token_34]  @channel_10[%arg9, %arg10] (%results_35[%results_56, %results_58] [%c32, %c32] [%c128_21, %c1_20]) : (memref<128x128xi32, 1 : i32>)
  scf.reduce(%22 : !air.async.token) {
  ^bb0(%arg11: !air.async.token, %arg12: !air.async.token):
    %23 = air.wait_all async [%arg11, %arg12] 
    scf.reduce.return %23 : !air.async.token
  }
}
// ...
        %async_token_36 = air.execute [%8, %19] {
          memref.dealloc %results_31 : memref<128x1024xi32, 1 : i32>
          memref.dealloc %results_35 : memref<128x128xi32, 1 : i32>
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
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (!air.async.token) {
// CHECK-NEXT: %[[G:.*]] = air.channel.get async [%[[T]]] @channel_8[] ({{.*}}) {id = 4 : i32} : (memref<128x1024xi32, 1 : i32>)
// CHECK-NEXT: scf.yield %[[G]] : !air.async.token
// CHECK: scf.parallel
// CHECK: air.channel.get async [%{{.*}}, %{{.*}}, %{{.*}}] @channel_10[%{{.*}}, %{{.*}}] ({{.*}}) {id = 14 : i32} : (memref<128x128xi32, 1 : i32>)
module {
  air.channel @channel_8 [1, 1]
  air.channel @channel_10 [4, 4]
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
      %1 = air.segment @segment_0 async  attributes {id = 2 : i32} {
// ...
        %c0_19 = arith.constant 0 : index
        %c1_16 = arith.constant 1 : index
        %c4_18 = arith.constant 4 : index
        %c32 = arith.constant 32 : index
        %c128_17 = arith.constant 128 : index
        %c256_21 = arith.constant 256 : index
        %c1024_20 = arith.constant 1024 : index
        %async_token_22, %results_23 = air.execute -> (memref<128x1024xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x1024xi32, 1 : i32>
        }
%7 = scf.for %arg9 = %c0_19 to %c1024_20 step %c256_21 iter_args(%arg10 = %async_token_22) -> (!air.async.token) {
  %20 = air.channel.get async [%arg10]  @channel_8[] (%results_23[%c0_19, %arg9] [%c128_17, %c256_21] [%c1024_20, %c1_16]) {id = 4 : i32} : (memref<128x1024xi32, 1 : i32>)
  scf.yield %20 : !air.async.token
}
// ...
        %async_token_26, %results_27 = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x128xi32, 1 : i32>
        }
%17 = scf.parallel (%arg9, %arg10) = (%c0_19, %c0_19) to (%c4_18, %c4_18) step (%c1_16, %c1_16) init (%async_token_26) -> !air.async.token {
  %async_token_31, %results_32 = air.execute -> (index) {
    %21 = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg9]
    air.execute_terminator %21 : index
  }
  %async_token_33, %results_34 = air.execute -> (index) {
    %21 = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg10]
    air.execute_terminator %21 : index
  }
  %20 = air.channel.get async [%async_token_26, %async_token_33, %async_token_31]  @channel_10[%arg9, %arg10] (%results_27[%results_32, %results_34] [%c32, %c32] [%c128_17, %c1_16]) {id = 14 : i32} : (memref<128x128xi32, 1 : i32>)
  scf.reduce(%20 : !air.async.token) {
  ^bb0(%arg11: !air.async.token, %arg12: !air.async.token):
    %21 = air.wait_all async [%arg11, %arg12] 
    scf.reduce.return %21 : !air.async.token
  }
}
// ...
        %async_token_28 = air.execute [%7, %17] {
          memref.dealloc %results_23 : memref<128x1024xi32, 1 : i32>
          memref.dealloc %results_27 : memref<128x128xi32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}
