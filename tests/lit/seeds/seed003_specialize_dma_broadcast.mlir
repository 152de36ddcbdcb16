// Seed 003_9cf99b81550acd41.txt, lines 311-360 (air-specialize-dma-broadcast):
// the input IR (lines 315-325) and the output IR (lines 328-360), one per
// split. Each listing is the herd of the GEMM; the function, launch and
// segment around it (those of lines 373-374) and the L2 buffers it is handed
// are the completion. The seed's `...` lines are kept as comments, each
// followed by its completion. The transfer the listings show uses the k
// loop's iter_arg `%arg20`, so the `...` before it opens that loop (as in
// lines 282-290) and the `...` after it closes the loop: the B tile and its
// transfer, the kernel call, the yield, the write-back and deallocations.
//
// The output IR selects the broadcast source with affine.if on the herd's
// tile ids, `affine_set<...>()[%arg12, %arg13]`. The tile ids are affine
// symbols only if air.herd is an affine scope, as it is upstream
// (AffineScope on air.launch, air.segment and air.herd in mlir-air's
// AIR.td).
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.herd @herd_0 async [%{{.*}}, %{{.*}}, %{{.*}}] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) args({{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
// CHECK: scf.for
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_pattern = #set{{[0-9]*}}, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)

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
// ...
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
    %async_token_35, %results_36 = air.execute [%arg20] -> (index) {
      %k = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg19]
      air.execute_terminator %k : index
    } {id = 16 : i32}
    %async_token_37, %results_38 = air.execute -> (memref<4x8x4x8xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<4x8x4x8xi32, 2 : i32>
      air.execute_terminator %alloc : memref<4x8x4x8xi32, 2 : i32>
    } {id = 17 : i32}
  %11 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_23, %results_28, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_pattern = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 + 3 >= 0, s0 >= 0, -s0 + 3 >= 0)>, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
  // ...
    %async_token_39, %results_40 = air.execute -> (memref<8x4x8x4xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<8x4x8x4xi32, 2 : i32>
      air.execute_terminator %alloc : memref<8x4x8x4xi32, 2 : i32>
    } {id = 18 : i32}
    %12 = air.dma_memcpy_nd async [%async_token_39, %async_token_35, %arg20] (%results_40[%c0_23] [%c1024_22] [%c1_25], %arg17[%c0_23, %results_36, %results_30] [%c8, %c32, %c4_24] [%c4_24, %c128_26, %c1_25]) {broadcast_pattern = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 - s0 == 0, s0 >= 0, -s0 + 3 >= 0)>, id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
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
  %async_token_51 = air.execute [%10, %9] {
    memref.dealloc %results_32 : memref<8x8x4x4xi32, 2 : i32>
  } {id = 22 : i32}
  air.herd_terminator
}
// ...
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
// CHECK: %{{.*}} = air.herd @herd_0 async [%{{.*}}, %{{.*}}, %{{.*}}] tile (%[[TX:.*]], %[[TY:.*]]) in
// CHECK: scf.for
// CHECK: %{{.*}} = affine.if #set{{[0-9]*}}()[%[[TX]], %[[TY]]] -> !air.async.token {
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_set = #set{{[0-9]*}}, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
// CHECK: } else {
// CHECK: affine.if #set{{[0-9]*}}()[%[[TX]], %[[TY]]] -> !air.async.token {
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_set = #set{{[0-9]*}}, id = 4 : i32}
// CHECK: affine.if #set{{[0-9]*}}()[%[[TX]], %[[TY]]] -> !air.async.token {
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_set = #set{{[0-9]*}}, id = 5 : i32}
// CHECK: air.dma_memcpy_nd async [{{.*}}] ({{.*}}) {broadcast_set = #set{{[0-9]*}}, id = 6 : i32}
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
// ...
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
    %async_token_35, %results_36 = air.execute [%arg20] -> (index) {
      %k = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg19]
      air.execute_terminator %k : index
    } {id = 16 : i32}
    %async_token_37, %results_38 = air.execute -> (memref<4x8x4x8xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<4x8x4x8xi32, 2 : i32>
      air.execute_terminator %alloc : memref<4x8x4x8xi32, 2 : i32>
    } {id = 17 : i32}
  %c0_44 = arith.constant 0 : index
  %c0_43 = arith.constant 0 : index
  %c32_43 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %11 = affine.if affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>()[%arg12, %arg13] -> !air.async.token {
    // ...
    %16 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_44, %c0_43, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_set = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>, id = 3 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
    affine.yield %16 : !air.async.token
  } else {
    %16 = affine.if affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>()[%arg12, %arg13] -> !air.async.token {
      // ...
      %17 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_44, %c32_43, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_set = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>, id = 4 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
      affine.yield %17 : !air.async.token
    } else {
      %17 = affine.if affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>()[%arg12, %arg13] -> !air.async.token {
        // ...
        %18 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_43, %c64, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_set = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>, id = 5 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
        affine.yield %18 : !air.async.token
      } else {
        // ...
        %18 = air.dma_memcpy_nd async [%async_token_37, %async_token_35, %arg20] (%results_38[%c0_23] [%c1024_22] [%c1_25], %arg16[%c0_43, %c96, %results_36] [%c4_24, %c32, %c8] [%c8, %c1024_22, %c1_25]) {broadcast_set = affine_set<()[s0, s1] : (s0 - 3 == 0, s1 >= 0, -s1 + 3 >= 0)>, id = 6 : i32} : (memref<4x8x4x8xi32, 2 : i32>, memref<128x1024xi32, 1 : i32>)
        affine.yield %18 : !air.async.token
      }
      affine.yield %17 : !air.async.token
    }
    affine.yield %16 : !air.async.token
  }
  // ...
    %async_token_39, %results_40 = air.execute -> (memref<8x4x8x4xi32, 2 : i32>) {
      %alloc = memref.alloc() : memref<8x4x8x4xi32, 2 : i32>
      air.execute_terminator %alloc : memref<8x4x8x4xi32, 2 : i32>
    } {id = 18 : i32}
    %12 = air.dma_memcpy_nd async [%async_token_39, %async_token_35, %arg20] (%results_40[%c0_23] [%c1024_22] [%c1_25], %arg17[%c0_23, %results_36, %results_30] [%c8, %c32, %c4_24] [%c4_24, %c128_26, %c1_25]) {id = 4 : i32} : (memref<8x4x8x4xi32, 2 : i32>, memref<1024x128xi32, 1 : i32>)
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
  %async_token_51 = air.execute [%10, %9] {
    memref.dealloc %results_32 : memref<8x8x4x4xi32, 2 : i32>
  } {id = 22 : i32}
  air.herd_terminator
}
// ...
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
