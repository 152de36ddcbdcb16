// Seed 003_9cf99b81550acd41.txt, lines 665-727
// (air-isolate-async-dma-loop-nests): the input IR (lines 669-688) and the
// output IR (lines 691-727), one per split. The channel declaration and the
// function around the launch (with the L3 buffers and tokens the launch
// names) are the completion, and each `...` line of the seed is kept as a
// comment followed by its completion: index constants, the L2 buffers and
// the tokens the loops start from, and the deallocations.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: scf.for
// CHECK-COUNT-4: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[W:.*]] = air.wait_all async [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-NEXT: scf.yield %[[W]] : !air.async.token

module {
  air.channel @channel_12 [4, 1]
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
  %20 = air.segment @segment_0 async  attributes {id = 2 : i32} {
    // ...
    %c0_22 = arith.constant 0 : index
    %c1_19 = arith.constant 1 : index
    %c2_17 = arith.constant 2 : index
    %c3_16 = arith.constant 3 : index
    %c32_18 = arith.constant 32 : index
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
    %async_token_61 = air.execute [%25] {
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

// -----

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: scf.for
// CHECK-NEXT: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 13 : i32}
// CHECK: air.wait_all async{{$}}
// CHECK: scf.for
// CHECK-NEXT: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 14 : i32}
// CHECK: scf.for
// CHECK-NEXT: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 15 : i32}
// CHECK: scf.for
// CHECK-NEXT: air.channel.get async [%{{.*}}] @channel_12[%{{.*}}, %{{.*}}] ({{.*}}) {id = 16 : i32}
module {
  air.channel @channel_12 [4, 1]
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
  %40 = air.segment @segment_0 async  attributes {id = 2 : i32} {
    // ...
    %c0_22 = arith.constant 0 : index
    %c1_19 = arith.constant 1 : index
    %c2_17 = arith.constant 2 : index
    %c3_16 = arith.constant 3 : index
    %c32_18 = arith.constant 32 : index
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
    %async_token_29, %results_30 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    %async_token_31, %results_32 = air.execute -> (memref<32x1024xi32, 1>) {
      %alloc = memref.alloc() : memref<32x1024xi32, 1>
      air.execute_terminator %alloc : memref<32x1024xi32, 1>
    }
    %46 = air.wait_all async [%async_token_25]
    %47 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %46) -> (!air.async.token) {
      %116 = air.channel.get async [%arg8]  @channel_12[%c0_22, %c0_22] (%results_26[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 13 : i32} : (memref<32x1024xi32, 1>)
      %117 = air.wait_all async [%116] 
      scf.yield %117 : !air.async.token
    }
    %48 = air.wait_all async 
    %49 = air.wait_all async [%async_token_27] 
    %50 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %49) -> (!air.async.token) {
      %116 = air.channel.get async [%arg8]  @channel_12[%c1_19, %c0_22] (%results_28[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 14 : i32} : (memref<32x1024xi32, 1>)
      %117 = air.wait_all async [%116] 
      scf.yield %117 : !air.async.token
    }
    %51 = air.wait_all async 
    %52 = air.wait_all async [%async_token_29] 
    %53 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %52) -> (!air.async.token) {
      %116 = air.channel.get async [%arg8]  @channel_12[%c2_17, %c0_22] (%results_30[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 15 : i32} : (memref<32x1024xi32, 1>)
      %117 = air.wait_all async [%116] 
      scf.yield %117 : !air.async.token
    }
    %54 = air.wait_all async [%async_token_31] 
    %55 = scf.for %arg7 = %c0_22 to %c1024_23 step %c256_24 iter_args(%arg8 = %54) -> (!air.async.token) {
      %116 = air.channel.get async [%arg8]  @channel_12[%c3_16, %c0_22] (%results_32[%c0_22, %arg7] [%c32_18, %c256_24] [%c1024_23, %c1_19]) {id = 16 : i32} : (memref<32x1024xi32, 1>)
      %117 = air.wait_all async [%116] 
      scf.yield %117 : !air.async.token
    }
    // ...
    %async_token_33 = air.execute [%47, %50, %53, %55, %48, %51] {
      memref.dealloc %results_26 : memref<32x1024xi32, 1>
      memref.dealloc %results_28 : memref<32x1024xi32, 1>
      memref.dealloc %results_30 : memref<32x1024xi32, 1>
      memref.dealloc %results_32 : memref<32x1024xi32, 1>
    }
    air.segment_terminator
  }
  air.launch_terminator
}
    air.wait_all [%0]
    return
  }
}
