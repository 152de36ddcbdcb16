// Seed 003_9cf99b81550acd41.txt, lines 246-303 (air-dependency-schedule-opt):
// the input IR (lines 250-277) and the output IR (lines 280-303), one per
// split. Each listing is the herd of the GEMM; the function, launch and
// segment around it (those of lines 373-374) and the L2 buffers it is handed
// are the completion. The seed's `...` and `..` lines are kept as comments,
// each followed by its completion: index constants, the tile offsets
// `%results_28`/`%results_30`, the accumulator (output IR), the k offset and
// A tile in the loop, the kernel call on the tiles, and the deallocations.
//
// Typo fixed in the seed: line 254 reads `memref<8x8x4x4xi32, 2   32>`; it is
// `memref<8x8x4x4xi32, 2 : i32>`, as on lines 255-256.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async args(
// CHECK: %{{.*}} = air.herd @herd_0 async [%{{.*}}, %{{.*}}, %{{.*}}] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) args({{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
// CHECK: air.execute -> (memref<8x8x4x4xi32, 2 : i32>) {
// CHECK: air.wait_all async [%{{.*}}, %{{.*}}, %{{.*}}] {id = 12 : i32}
// CHECK: scf.for {{.*}} -> (!air.async.token) {
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<8x8x4x4xi32, 2 : i32>)

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
%6 = air.herd @herd_0 async [%async_token_13, %async_token_15, %async_token_17]  tile (%arg12, %arg13) in (%arg14=%c4_7, %arg15=%c4_7) args(%arg16=%results_14, %arg17=%results_16, %arg18=%results_18) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
  // ..
  %c0_i32 = arith.constant 0 : i32
  %c0_23 = arith.constant 0 : index
  %c1_25 = arith.constant 1 : index
  %c4_24 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128_26 = arith.constant 128 : index
  %c1024_22 = arith.constant 1024 : index
  %c0_35 = arith.constant 0 : index
  %c1_37 = arith.constant 1 : index
  %c4_38 = arith.constant 4 : index
  %c8_40 = arith.constant 8 : index
  %c32_39 = arith.constant 32 : index
  %c128_41 = arith.constant 128 : index
  %c1024_36 = arith.constant 1024 : index
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
    %async_token_42, %results_43 = air.execute [%arg20] -> (index) {
      %k = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg19]
      air.execute_terminator %k : index
    } {id = 16 : i32}
    %async_token_44, %results_45 = air.execute -> (memref<4x8x4x8xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<4x8x4x8xi32, 2 : i32>
      air.execute_terminator %alloc : memref<4x8x4x8xi32, 2 : i32>
    } {id = 17 : i32}
    %11 = air.dma_memcpy_nd async [%async_token_44, %async_token_42, %arg20] (%results_45[%c0_35] [%c1024_36] [%c1_37], %arg16[%c0_35, %results_28, %results_43] [%c4_38, %c32_39, %c8_40] [%c8_40, %c1024_36, %c1_37]) {id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
    %async_token_46, %results_47 = air.execute -> (memref<8x4x8x4xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<8x4x8x4xi32, 2 : i32>
      air.execute_terminator %alloc : memref<8x4x8x4xi32, 2 : i32>
    } {id = 18 : i32}
    %12 = air.dma_memcpy_nd async [%async_token_46, %async_token_42, %arg20] (%results_47[%c0_35] [%c1024_36] [%c1_37], %arg17[%c0_35, %results_43, %results_30] [%c8_40, %c32_39, %c4_38] [%c4_38, %c128_41, %c1_37]) {id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
    // ...
    %async_token_48 = air.execute [%11, %12] {
      func.call @matmul_i32(%results_45, %results_47, %results_32) : (memref<4x8x4x8xi32, 2 : i32>, memref<8x4x8x4xi32, 2 : i32>, memref<8x8x4x4xi32, 2 : i32>) -> ()
    } {id = 19 : i32}
    %async_token_49 = air.execute [%async_token_48] {
      memref.dealloc %results_45 : memref<4x8x4x8xi32, 2 : i32>
    } {id = 20 : i32}
    %async_token_50 = air.execute [%async_token_48] {
      memref.dealloc %results_47 : memref<8x4x8x4xi32, 2 : i32>
    } {id = 21 : i32}
    %15 = air.wait_all async [%async_token_48, %async_token_49, %async_token_50]
    scf.yield %15 : !air.async.token
  }
  %10 = air.dma_memcpy_nd async [%async_token_27, %async_token_29, %async_token_33] (%arg18[%results_28, %results_30] [%c32, %c32] [%c128_26, %c1_25], %results_32[%c0_23, %c0_23, %c0_23] [%c32, %c8, %c4_24] [%c4_24, %c128_26, %c1_25]) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<8x8x4x4xi32, 2 : i32>)
  // ...
  %async_token_51 = air.execute [%10, %9] {
    memref.dealloc %results_32 : memref<8x8x4x4xi32, 2 : i32>
  } {id = 22 : i32}
  air.herd_terminator
}
        %async_token_19 = air.execute [%6] {
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

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.herd @herd_0 async [%{{.*}}, %{{.*}}, %{{.*}}] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) args({{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
// CHECK: scf.for {{.*}} -> (!air.async.token) {
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_pattern = #set{{[0-9]*}}, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_pattern = #set{{[0-9]*}}, id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<8x8x4x4xi32, 2 : i32>)
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
    %11 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_23, %results_28, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_pattern = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 + 3 >= 0, s0 >= 0, -s0 + 3 >= 0)>, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
    %async_token_39, %results_40 = air.execute -> (memref<8x4x8x4xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<8x4x8x4xi32, 2 : i32>
      air.execute_terminator %alloc : memref<8x4x8x4xi32, 2 : i32>
    } {id = 18 : i32}
    %12 = air.dma_memcpy_nd async [%async_token_39, %async_token_35, %arg20] (%results_40[%c0_23] [%c1024_22] [%c1_25], %arg17[%c0_23, %results_36, %results_30] [%c8, %c32, %c4_24] [%c4_24, %c128_26, %c1_25]) {broadcast_pattern = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 - s0 == 0, s0 >= 0, -s0 + 3 >= 0)>, id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
    // ...
    %async_token_48 = air.execute [%11, %12] {
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
  %10 = air.dma_memcpy_nd async [%async_token_27, %async_token_29, %async_token_33] (%arg18[%results_28, %results_30] [%c32, %c32] [%c128_26, %c1_25], %results_32[%c0_23, %c0_23, %c0_23] [%c32, %c8, %c4_24] [%c4_24, %c128_26, %c1_25]) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<8x8x4x4xi32, 2 : i32>)
  // ...
  %async_token_51 = air.execute [%10, %9] {
    memref.dealloc %results_32 : memref<8x8x4x4xi32, 2 : i32>
  } {id = 22 : i32}
  air.herd_terminator
}
        %async_token_19 = air.execute [%6] {
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
