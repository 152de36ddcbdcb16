// aie-deadlock's partial-order reduction must not put a step off forever
// around a cycle. This design (air-check compile's lowering of
// corpus/positive/launch_token_lists.mlir) has memory-tile chains that can
// cycle among themselves on safe steps alone; without the cycle proviso the
// reduced search never let tile (0, 2)'s S2MM chain move in those states,
// and the core waiting for it looked stuck (a false deadlock).
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the dispatch
// CHECK: 0 errors, 0 warnings
module {
  aie.device(npu1) @neg_seg {
    %tile_0_0 = aie.tile(0, 0)
    %tile_1_0 = aie.tile(1, 0)
    %tile_0_1 = aie.tile(0, 1)
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %buf0 = aie.buffer(%tile_0_2) {sym_name = "buf0"} : memref<256xf32, 2> 
    %buf0_prod_lock = aie.lock(%tile_0_2, 0) {init = 1 : i32, sym_name = "buf0_prod_lock"}
    %buf0_cons_lock = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "buf0_cons_lock"}
    %buf0_ready_lock = aie.lock(%tile_0_2, 2) {init = 0 : i32, sym_name = "buf0_ready_lock"}
    %buf1 = aie.buffer(%tile_0_1) {sym_name = "buf1"} : memref<256xf32, 1> 
    %buf1_prod_lock = aie.lock(%tile_0_1, 0) {init = 1 : i32, sym_name = "buf1_prod_lock"}
    %buf1_cons_lock = aie.lock(%tile_0_1, 1) {init = 0 : i32, sym_name = "buf1_cons_lock"}
    %buf2 = aie.buffer(%tile_0_2) {sym_name = "buf2"} : memref<256xf32, 2> 
    %buf2_prod_lock = aie.lock(%tile_0_2, 3) {init = 1 : i32, sym_name = "buf2_prod_lock"}
    %buf2_cons_lock = aie.lock(%tile_0_2, 4) {init = 0 : i32, sym_name = "buf2_cons_lock"}
    %buf2_ready_lock = aie.lock(%tile_0_2, 5) {init = 0 : i32, sym_name = "buf2_ready_lock"}
    %buf3 = aie.buffer(%tile_0_3) {sym_name = "buf3"} : memref<256xf32, 2> 
    %buf3_prod_lock = aie.lock(%tile_0_3, 0) {init = 1 : i32, sym_name = "buf3_prod_lock"}
    %buf3_cons_lock = aie.lock(%tile_0_3, 1) {init = 0 : i32, sym_name = "buf3_cons_lock"}
    %buf3_ready_lock = aie.lock(%tile_0_3, 2) {init = 0 : i32, sym_name = "buf3_ready_lock"}
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      scf.for %arg0 = %c0 to %c2 step %c1 {
        %c256_0 = arith.constant 256 : index
        aie.use_lock(%buf0_cons_lock, AcquireGreaterEqual, 1)
        scf.for %arg1 = %c0 to %c256_0 step %c1 {
          %0 = memref.load %buf0[%arg1] : memref<256xf32, 2>
          %1 = arith.negf %0 : f32
          memref.store %1, %buf0[%arg1] : memref<256xf32, 2>
        }
        aie.use_lock(%buf0_ready_lock, Release, 1)
      }
      %c256 = arith.constant 256 : index
      %cst = arith.constant 5.000000e-01 : f32
      aie.use_lock(%buf2_cons_lock, AcquireGreaterEqual, 1)
      scf.for %arg0 = %c0 to %c256 step %c1 {
        %0 = memref.load %buf2[%arg0] : memref<256xf32, 2>
        %1 = arith.mulf %0, %cst : f32
        memref.store %1, %buf2[%arg0] : memref<256xf32, 2>
      }
      aie.use_lock(%buf2_ready_lock, Release, 1)
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %cst = arith.constant 5.000000e-01 : f32
      aie.use_lock(%buf3_cons_lock, AcquireGreaterEqual, 1)
      scf.for %arg0 = %c0 to %c256 step %c1 {
        %0 = memref.load %buf3[%arg0] : memref<256xf32, 2>
        %1 = arith.mulf %0, %cst : f32
        memref.store %1, %buf3[%arg0] : memref<256xf32, 2>
      }
      aie.use_lock(%buf3_ready_lock, Release, 1)
      aie.end
    }
    %memtile_dma_0_1 = aie.memtile_dma(%tile_0_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb2, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb4)
    ^bb2:  // 2 preds: ^bb0, ^bb2
      aie.use_lock(%buf1_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<256xf32, 1>, 0, 256)
      aie.use_lock(%buf1_cons_lock, Release, 1)
      aie.next_bd ^bb2
    ^bb3:  // 2 preds: ^bb1, ^bb3
      aie.use_lock(%buf1_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<256xf32, 1>, 0, 256)
      aie.use_lock(%buf1_prod_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // pred: ^bb1
      aie.end
    }
    %mem_0_2 = aie.mem(%tile_0_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb4, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb5, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(S2MM, 1, ^bb6, ^bb3)
    ^bb3:  // pred: ^bb2
      %3 = aie.dma_start(MM2S, 1, ^bb7, ^bb8)
    ^bb4:  // 2 preds: ^bb0, ^bb4
      aie.use_lock(%buf0_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf0_cons_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb1, ^bb5
      aie.use_lock(%buf0_ready_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf0_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // 2 preds: ^bb2, ^bb6
      aie.use_lock(%buf2_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf2 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf2_cons_lock, Release, 1)
      aie.next_bd ^bb6
    ^bb7:  // 2 preds: ^bb3, ^bb7
      aie.use_lock(%buf2_ready_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf2 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf2_prod_lock, Release, 1)
      aie.next_bd ^bb7
    ^bb8:  // pred: ^bb3
      aie.end
    }
    %mem_0_3 = aie.mem(%tile_0_3) {
      %0 = aie.dma_start(S2MM, 0, ^bb2, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb4)
    ^bb2:  // 2 preds: ^bb0, ^bb2
      aie.use_lock(%buf3_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf3 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf3_cons_lock, Release, 1)
      aie.next_bd ^bb2
    ^bb3:  // 2 preds: ^bb1, ^bb3
      aie.use_lock(%buf3_ready_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf3 : memref<256xf32, 2>, 0, 256)
      aie.use_lock(%buf3_prod_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // pred: ^bb1
      aie.end
    }
    aie.flow(%tile_0_0, DMA : 0, %tile_0_2, DMA : 0)
    aie.flow(%tile_0_2, DMA : 0, %tile_0_0, DMA : 0)
    aie.flow(%tile_0_0, DMA : 1, %tile_0_1, DMA : 0)
    aie.flow(%tile_0_1, DMA : 0, %tile_0_0, DMA : 1)
    aie.flow(%tile_1_0, DMA : 0, %tile_0_2, DMA : 1)
    aie.flow(%tile_0_2, DMA : 1, %tile_1_0, DMA : 0)
    aie.flow(%tile_1_0, DMA : 1, %tile_0_3, DMA : 0)
    aie.flow(%tile_0_3, DMA : 0, %tile_1_0, DMA : 1)
    aie.shim_dma_allocation @air_memcpy0_0_0(%tile_0_0, MM2S, 0)
    aie.shim_dma_allocation @air_memcpy1_0_0(%tile_0_0, S2MM, 0)
    aie.shim_dma_allocation @air_memcpy2(%tile_0_0, MM2S, 1)
    aie.shim_dma_allocation @air_memcpy3(%tile_0_0, S2MM, 1)
    aie.shim_dma_allocation @air_memcpy4_0_0(%tile_1_0, MM2S, 0)
    aie.shim_dma_allocation @air_memcpy5_0_0(%tile_1_0, S2MM, 0)
    aie.shim_dma_allocation @air_memcpy4_0_1(%tile_1_0, MM2S, 1)
    aie.shim_dma_allocation @air_memcpy5_0_1(%tile_1_0, S2MM, 1)
    aie.runtime_sequence(%arg0: memref<512xf32>, %arg1: memref<512xf32>) {
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @air_memcpy0_0_0} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy0_0_0}
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 1 : i64, issue_token = true, metadata = @air_memcpy1_0_0} : memref<512xf32>
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 2 : i64, issue_token = true, metadata = @air_memcpy0_0_0} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy0_0_0}
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 3 : i64, issue_token = true, metadata = @air_memcpy1_0_0} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy1_0_0}
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 4 : i64, issue_token = true, metadata = @air_memcpy2} : memref<512xf32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 5 : i64, issue_token = true, metadata = @air_memcpy3} : memref<512xf32>
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 6 : i64, issue_token = true, metadata = @air_memcpy2} : memref<512xf32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 7 : i64, issue_token = true, metadata = @air_memcpy3} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy3}
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 8 : i64, issue_token = true, metadata = @air_memcpy4_0_0} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy4_0_0}
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 9 : i64, issue_token = true, metadata = @air_memcpy5_0_0} : memref<512xf32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 10 : i64, issue_token = true, metadata = @air_memcpy4_0_1} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy4_0_1}
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 256] [1, 1, 1, 256] [0, 0, 0, 1]) {id = 11 : i64, issue_token = true, metadata = @air_memcpy5_0_1} : memref<512xf32>
      aiex.npu.dma_wait {symbol = @air_memcpy5_0_0}
      aiex.npu.dma_wait {symbol = @air_memcpy5_0_1}
    }
  }
}

