// Seed 003_9cf99b81550acd41.txt, lines 367-440 (air-dma-to-channel): the
// input IR (lines 371-395) and the output IR (lines 398-440), one per split.
// The function around the launch (with the L3 buffers and tokens the launch
// names) is the completion, and each `...` line of the seed is kept as a
// comment followed by its completion: index constants, L2 buffers and tokens
// in the segment, the loops' yields, the herd's tile offsets, accumulator,
// A/B tiles, kernel call and write-back.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.launch async [%{{.*}}, %{{.*}}, %{{.*}}] (%[[LX:.*]], %[[LY:.*]]) in (%{{.*}}=%c4, %{{.*}}=%c4) args(%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 3 : i32} {
// CHECK: %{{.*}} = air.segment @segment_0 async args(%{{.*}}=%[[LX]], %{{.*}}=%[[LY]], {{.*}}) : index, index, memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 2 : i32} {
// CHECK: air.dma_memcpy_nd async [%[[I:.*]], %[[I]]] ({{.*}}) {id = 1 : i32} : (memref<128x1024xi32, 1 : i32>, memref<512x1024xi32>)
// CHECK: air.herd @herd_0 async
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_set = #set{{[0-9]*}}, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)

module {
  func.func private @matmul_i32(memref<4x8x4x8xi32, 2 : i32>, memref<8x4x8x4xi32, 2 : i32>, memref<8x8x4x4xi32, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
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
%0 = air.launch async [%async_token_0, %async_token_3, %async_token_6] (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%results_5, %arg5=%results, %arg6=%results_2) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 3 : i32} {
  %1 = air.segment @segment_0 async  args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg4, %arg10=%arg5, %arg11=%arg6) : index, index, memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 2 : i32} {
    // ...
        %c4_7 = arith.constant 4 : index
        %async_token_13, %results_14 = air.execute -> (memref<128x1024xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x1024xi32, 1 : i32>
        }
        %async_token_15, %results_16 = air.execute -> (memref<1024x128xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<1024x128xi32, 1 : i32>
          air.execute_terminator %alloc : memref<1024x128xi32, 1 : i32>
        }
        %async_token_17, %results_18 = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %alloc = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %alloc : memref<128x128xi32, 1 : i32>
        }
    %c0_8 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %async_token_9, %results_10 = air.execute -> (index) {
      %row = affine.apply affine_map<()[s0] -> (s0 * 128)>()[%arg7]
      air.execute_terminator %row : index
    }
    %2 = air.wait_all async [%async_token_9, %async_token_13]
    %3 = scf.for %arg12 = %c0_8 to %c1024 step %c256 iter_args(%arg13 = %2) -> (!air.async.token) {
      %8 = air.dma_memcpy_nd async [%arg13, %arg13] (%results_14[%c0_8, %arg12] [%c128, %c256] [%c1024, %c1], %arg10[%results_10, %arg12] [%c128, %c256] [%c1024, %c1]) {id = 1 : i32} : (memref<128x1024xi32, 1 : i32>, memref<512x1024xi32>)
      // ...
      scf.yield %8 : !air.async.token
    }
    %6 = air.herd @herd_0 async [%async_token_13, %async_token_15, %async_token_17]  tile (%arg12, %arg13) in (%arg14=%c4_7, %arg15=%c4_7) args(%arg16=%results_14, %arg17=%results_16, %arg18=%results_18) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
      // ...
  %c0_i32 = arith.constant 0 : i32
  %c0_23 = arith.constant 0 : index
  %c1_25 = arith.constant 1 : index
  %c4_24 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128_26 = arith.constant 128 : index
  %c1024_22 = arith.constant 1024 : index
  %c0_44 = arith.constant 0 : index
  %c0_43 = arith.constant 0 : index
  %async_token_27, %results_28 = air.execute -> (index) {
    %row = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg12]
    air.execute_terminator %row : index
  } {id = 10 : i32}
  %async_token_29, %results_30 = air.execute -> (index) {
    %col = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%arg13]
    air.execute_terminator %col : index
  } {id = 11 : i32}
  %async_token_31, %results_32 = air.execute -> (memref<8x8x4x4xi32, 2 : i32>) {
    %alloc = memref.alloc() : memref<8x8x4x4xi32, 2 : i32>
    air.execute_terminator %alloc : memref<8x8x4x4xi32, 2 : i32>
  } {id = 14 : i32}
  %async_token_33 = air.execute [%async_token_31] {
    linalg.fill ins(%c0_i32 : i32) outs(%results_32 : memref<8x8x4x4xi32, 2 : i32>)
  } {id = 15 : i32}
  %8 = air.wait_all async [%async_token_27, %async_token_29, %async_token_33]  {id = 12 : i32}
      %9 = scf.for %arg19 = %c0_23 to %c128_26 step %c4_24 iter_args(%arg20 = %8) -> (!air.async.token) {
        // ...
    %async_token_35, %results_36 = air.execute [%arg20] -> (index) {
      %k = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg19]
      air.execute_terminator %k : index
    } {id = 16 : i32}
    %async_token_37, %results_38 = air.execute -> (memref<4x8x4x8xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<4x8x4x8xi32, 2 : i32>
      air.execute_terminator %alloc : memref<4x8x4x8xi32, 2 : i32>
    } {id = 17 : i32}
        %16 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_44, %c0_43, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_set = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
        // ...
    %async_token_39, %results_40 = air.execute -> (memref<8x4x8x4xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<8x4x8x4xi32, 2 : i32>
      air.execute_terminator %alloc : memref<8x4x8x4xi32, 2 : i32>
    } {id = 18 : i32}
    %12 = air.dma_memcpy_nd async [%async_token_39, %async_token_35, %arg20] (%results_40[%c0_23] [%c1024_22] [%c1_25], %arg17[%c0_23, %results_36, %results_30] [%c8, %c32, %c4_24] [%c4_24, %c128_26, %c1_25]) {id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
    %async_token_48 = air.execute [%16, %12] {
      func.call @matmul_i32(%results_38, %results_40, %results_32) : (memref<4x8x4x8xi32, 2 : i32>, memref<8x4x8x4xi32, 2 : i32>, memref<8x8x4x4xi32, 2 : i32>) -> ()
    } {id = 19 : i32}
    %async_token_49 = air.execute [%async_token_48] {
      memref.dealloc %results_38 : memref<4x8x4x8xi32, 2 : i32>
    } {id = 20 : i32}
    %async_token_50 = air.execute [%async_token_48] {
      memref.dealloc %results_40 : memref<8x4x8x4xi32, 2 : i32>
    } {id = 21 : i32}
    %15 = air.wait_all async [%async_token_48, %async_token_49, %async_token_50]
    scf.yield %15 : !air.async.token
      }
      // ...
  %10 = air.dma_memcpy_nd async [%async_token_27, %async_token_29, %async_token_33] (%arg18[%results_28, %results_30] [%c32, %c32] [%c128_26, %c1_25], %results_32[%c0_23, %c0_23, %c0_23] [%c32, %c8, %c4_24] [%c4_24, %c128_26, %c1_25]) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<8x8x4x4xi32, 2 : i32>)
  %async_token_51 = air.execute [%10, %9] {
    memref.dealloc %results_32 : memref<8x8x4x4xi32, 2 : i32>
  } {id = 22 : i32}
      air.herd_terminator
    }
    // ...
    %async_token_19 = air.execute [%3, %6] {
      memref.dealloc %results_14 : memref<128x1024xi32, 1 : i32>
      memref.dealloc %results_16 : memref<1024x128xi32, 1 : i32>
      memref.dealloc %results_18 : memref<128x128xi32, 1 : i32>
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

// CHECK: air.channel @channel_8 [1, 1]
// CHECK: air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.launch async [%{{.*}}, %{{.*}}, %{{.*}}] (%{{.*}}, %{{.*}}) in
// CHECK: air.channel.put async [%{{.*}}, %{{.*}}] @channel_8[] (%{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}]) : (memref<512x1024xi32>)
// CHECK: %{{.*}} = air.segment @segment_0 async args(
// CHECK: air.channel.get async [%[[I:.*]], %[[I]]] @channel_8[] ({{.*}}) : (memref<128x1024xi32, 1 : i32>)
// CHECK: air.channel.put async [%{{.*}}, %{{.*}}, %{{.*}}] @channel_0[] ({{.*}}) : (memref<128x1024xi32, 1 : i32>)
// CHECK: air.herd @herd_0 async [%{{.*}}, %{{.*}}, %{{.*}}] tile (%[[TX:.*]], %[[TY:.*]]) in
// CHECK: air.channel.get async [%{{.*}}, %{{.*}}, %{{.*}}] @channel_0[%[[TX]], %[[TY]]] ({{.*}}) : (memref<4x8x4x8xi32, 2 : i32>)
module {
// ...
air.channel @channel_8 [1, 1]
// ...
air.channel @channel_0 [1, 1] {broadcast_shape = [1, 4]}
// ...
  func.func private @matmul_i32(memref<4x8x4x8xi32, 2 : i32>, memref<8x4x8x4xi32, 2 : i32>, memref<8x8x4x4xi32, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
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
%0 = air.launch async [%async_token_0, %async_token_3, %async_token_6] (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%results_5, %arg5=%results, %arg6=%results_2) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 3 : i32} {
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
  %1 = air.wait_all async
  %2 = scf.for %arg7 = %c0_7 to %c1024 step %c256 iter_args(%arg8 = %1) -> (!air.async.token) {
    // ...
    %17 = air.channel.put async [%async_token_8, %arg8]  @channel_8[] (%arg5[%results_9, %arg7] [%c128, %c256] [%c1024, %c1]) : (memref<512x1024xi32>)
    // ...
    scf.yield %17 : !air.async.token
  }
  // ...
  %16 = air.segment @segment_0 async  args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg4, %arg10=%arg5, %arg11=%arg6) : index, index, memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 2 : i32} {
    // ...
    %c0_32 = arith.constant 0 : index
    %c1_29 = arith.constant 1 : index
    %c4_31 = arith.constant 4 : index
    %c128_30 = arith.constant 128 : index
    %c256_34 = arith.constant 256 : index
    %c1024_33 = arith.constant 1024 : index
    %async_token_39, %results_40 = air.execute -> (memref<128x1024xi32, 1 : i32>) {
      %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
      air.execute_terminator %alloc : memref<128x1024xi32, 1 : i32>
    }
    %async_token_41, %results_42 = air.execute -> (memref<1024x128xi32, 1 : i32>) {
      %alloc = memref.alloc() : memref<1024x128xi32, 1 : i32>
      air.execute_terminator %alloc : memref<1024x128xi32, 1 : i32>
    }
    %async_token_43, %results_44 = air.execute -> (memref<128x128xi32, 1 : i32>) {
      %alloc = memref.alloc() : memref<128x128xi32, 1 : i32>
      air.execute_terminator %alloc : memref<128x128xi32, 1 : i32>
    }
    %17 = air.wait_all async [%async_token_39]
    %18 = scf.for %arg12 = %c0_32 to %c1024_33 step %c256_34 iter_args(%arg13 = %17) -> (!air.async.token) {
      %49 = air.channel.get async [%arg13, %arg13]  @channel_8[] (%results_40[%c0_32, %arg12] [%c128_30, %c256_34] [%c1024_33, %c1_29]) : (memref<128x1024xi32, 1 : i32>)
      // ...
      scf.yield %49 : !air.async.token
    }
    // ...
    %c0_47 = arith.constant 0 : index
    %c1_49 = arith.constant 1 : index
    %c4_48 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128_50 = arith.constant 128 : index
    %c1024_46 = arith.constant 1024 : index
    %22 = air.wait_all async [%18]
    %23 = scf.for %arg12 = %c0_47 to %c128_50 step %c4_48 iter_args(%arg13 = %22) -> (!air.async.token) {
      // ...
      %c0_163 = arith.constant 0 : index
      %c0_162 = arith.constant 0 : index
      %async_token_160, %results_161 = air.execute [%arg13] -> (index) {
        %k = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg12]
        air.execute_terminator %k : index
      }
      %49 = air.channel.put async [%async_token_160, %async_token_39, %arg13]  @channel_0[] (%results_40[%c0_163, %c0_162, %results_161] [%c4_48, %c32, %c8] [%c8, %c1024_46, %c1_49]) : (memref<128x1024xi32, 1 : i32>)
      // ...
      scf.yield %49 : !air.async.token
    }
    // ...
    %47 = air.herd @herd_0 async [%async_token_39, %async_token_41, %async_token_43]  tile (%arg12, %arg13) in (%arg14=%c4_31, %arg15=%c4_31) args(%arg16=%results_40, %arg17=%results_42, %arg18=%results_44) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
      // ...
      %c0_155 = arith.constant 0 : index
      %c1_158 = arith.constant 1 : index
      %c4_156 = arith.constant 4 : index
      %c128_159 = arith.constant 128 : index
      %c1024_154 = arith.constant 1024 : index
      %49 = air.wait_all async
      %50 = scf.for %arg19 = %c0_155 to %c128_159 step %c4_156 iter_args(%arg20 = %49) -> (!air.async.token) {
        // ...
        %async_token_168 = air.wait_all async [%arg20]
        %async_token_170, %results_171 = air.execute -> (memref<4x8x4x8xi32, 2 : i32>) {
          %alloc = memref.alloc() : memref<4x8x4x8xi32, 2 : i32>
          air.execute_terminator %alloc : memref<4x8x4x8xi32, 2 : i32>
        }
        %57 = air.channel.get async [%async_token_170, %async_token_168, %arg20]  @channel_0[%arg12, %arg13] (%results_171[%c0_155] [%c1024_154] [%c1_158]) : (memref<4x8x4x8xi32, 2 : i32>)
        // ...
        %async_token_172 = air.execute [%57] {
          memref.dealloc %results_171 : memref<4x8x4x8xi32, 2 : i32>
        }
        scf.yield %async_token_172 : !air.async.token
      }
      // ...
      air.herd_terminator
    }
    air.segment_terminator
  }
  air.launch_terminator
}
    air.wait_all [%0]
    return
  }
}
