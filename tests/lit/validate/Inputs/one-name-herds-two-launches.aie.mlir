// A design for one-name-herds-two-launches.mlir that compile wrote before
// it refused this form: the core runs the first herd's part for both
// launch instances, then the second's, while the memory tile sends the
// halves instance by instance. The first herd's second run takes the
// second half: not the program's data.
module {
  aie.device(npu1) @seg {
    %tile_0_0 = aie.tile(0, 0)
    %tile_1_0 = aie.tile(1, 0)
    %tile_0_1 = aie.tile(0, 1)
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %buf0 = aie.buffer(%tile_0_1) {sym_name = "buf0"} : memref<64xi32, 1 : i32> 
    %buf0_prod_lock = aie.lock(%tile_0_1, 0) {init = 1 : i32, sym_name = "buf0_prod_lock"}
    %buf0_cons_lock = aie.lock(%tile_0_1, 1) {init = 0 : i32, sym_name = "buf0_cons_lock"}
    %buf1 = aie.buffer(%tile_0_2) {sym_name = "buf1"} : memref<32xi32, 2 : i32> 
    %buf1_prod_lock = aie.lock(%tile_0_2, 0) {init = 1 : i32, sym_name = "buf1_prod_lock"}
    %buf1_cons_lock = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "buf1_cons_lock"}
    %buf2 = aie.buffer(%tile_0_2) {sym_name = "buf2"} : memref<32xi32, 2 : i32> 
    %buf2_prod_lock = aie.lock(%tile_0_2, 2) {init = 1 : i32, sym_name = "buf2_prod_lock"}
    %buf2_cons_lock = aie.lock(%tile_0_2, 3) {init = 0 : i32, sym_name = "buf2_cons_lock"}
    %buf3 = aie.buffer(%tile_0_3) {sym_name = "buf3"} : memref<32xi32, 2 : i32> 
    %buf3_prod_lock = aie.lock(%tile_0_3, 0) {init = 1 : i32, sym_name = "buf3_prod_lock"}
    %buf3_cons_lock = aie.lock(%tile_0_3, 1) {init = 0 : i32, sym_name = "buf3_cons_lock"}
    %buf4 = aie.buffer(%tile_0_3) {sym_name = "buf4"} : memref<32xi32, 2 : i32> 
    %buf4_prod_lock = aie.lock(%tile_0_3, 2) {init = 1 : i32, sym_name = "buf4_prod_lock"}
    %buf4_cons_lock = aie.lock(%tile_0_3, 3) {init = 0 : i32, sym_name = "buf4_cons_lock"}
    %buf5 = aie.buffer(%tile_0_2) {sym_name = "buf5"} : memref<32xi32, 2 : i32> 
    %buf5_prod_lock = aie.lock(%tile_0_2, 4) {init = 1 : i32, sym_name = "buf5_prod_lock"}
    %buf5_cons_lock = aie.lock(%tile_0_2, 5) {init = 0 : i32, sym_name = "buf5_cons_lock"}
    %buf6 = aie.buffer(%tile_0_3) {sym_name = "buf6"} : memref<32xi32, 2 : i32> 
    %buf6_prod_lock = aie.lock(%tile_0_3, 4) {init = 1 : i32, sym_name = "buf6_prod_lock"}
    %buf6_cons_lock = aie.lock(%tile_0_3, 5) {init = 0 : i32, sym_name = "buf6_cons_lock"}
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      scf.for %arg0 = %c0 to %c2 step %c1 {
        %c32 = arith.constant 32 : index
        aie.use_lock(%buf1_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf2_prod_lock, AcquireGreaterEqual, 1)
        scf.for %arg1 = %c0 to %c32 step %c1 {
          %0 = memref.load %buf1[%arg1] : memref<32xi32, 2 : i32>
          %1 = arith.addi %0, %0 : i32
          memref.store %1, %buf2[%arg1] : memref<32xi32, 2 : i32>
        }
        aie.use_lock(%buf1_prod_lock, Release, 1)
        aie.use_lock(%buf2_cons_lock, Release, 1)
      }
      scf.for %arg0 = %c0 to %c2 step %c1 {
        %c32 = arith.constant 32 : index
        aie.use_lock(%buf1_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf5_prod_lock, AcquireGreaterEqual, 1)
        scf.for %arg1 = %c0 to %c32 step %c1 {
          %0 = memref.load %buf1[%arg1] : memref<32xi32, 2 : i32>
          %1 = arith.muli %0, %0 : i32
          memref.store %1, %buf5[%arg1] : memref<32xi32, 2 : i32>
        }
        aie.use_lock(%buf1_prod_lock, Release, 1)
        aie.use_lock(%buf5_cons_lock, Release, 1)
      }
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      scf.for %arg0 = %c0 to %c2 step %c1 {
        %c32 = arith.constant 32 : index
        aie.use_lock(%buf3_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf4_prod_lock, AcquireGreaterEqual, 1)
        scf.for %arg1 = %c0 to %c32 step %c1 {
          %0 = memref.load %buf3[%arg1] : memref<32xi32, 2 : i32>
          %1 = arith.addi %0, %0 : i32
          memref.store %1, %buf4[%arg1] : memref<32xi32, 2 : i32>
        }
        aie.use_lock(%buf3_prod_lock, Release, 1)
        aie.use_lock(%buf4_cons_lock, Release, 1)
      }
      scf.for %arg0 = %c0 to %c2 step %c1 {
        %c32 = arith.constant 32 : index
        aie.use_lock(%buf3_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf6_prod_lock, AcquireGreaterEqual, 1)
        scf.for %arg1 = %c0 to %c32 step %c1 {
          %0 = memref.load %buf3[%arg1] : memref<32xi32, 2 : i32>
          %1 = arith.muli %0, %0 : i32
          memref.store %1, %buf6[%arg1] : memref<32xi32, 2 : i32>
        }
        aie.use_lock(%buf3_prod_lock, Release, 1)
        aie.use_lock(%buf6_cons_lock, Release, 1)
      }
      aie.end
    }
    %memtile_dma_0_1 = aie.memtile_dma(%tile_0_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb2, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb5)
    ^bb2:  // 2 preds: ^bb0, ^bb2
      aie.use_lock(%buf0_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<64xi32, 1 : i32> offset = 0 len = 64)
      aie.use_lock(%buf0_cons_lock, Release, 1)
      aie.next_bd ^bb2
    ^bb3:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf0_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<64xi32, 1 : i32> offset = 0 len = 32)
      aie.next_bd ^bb4
    ^bb4:  // pred: ^bb3
      aie.dma_bd(%buf0 : memref<64xi32, 1 : i32> offset = 32 len = 32)
      aie.use_lock(%buf0_prod_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb5:  // pred: ^bb1
      aie.end
    }
    %mem_0_2 = aie.mem(%tile_0_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 1, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf1_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf1_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf2_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf2 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf2_prod_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf5_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf5 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf5_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    %mem_0_3 = aie.mem(%tile_0_3) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 1, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf3_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf3 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf3_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf4_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf4 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf4_prod_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf6_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf6 : memref<32xi32, 2 : i32> offset = 0 len = 32)
      aie.use_lock(%buf6_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    aie.flow(%tile_0_0, DMA : 0, %tile_0_1, DMA : 0)
    aie.flow(%tile_0_1, DMA : 0, %tile_0_2, DMA : 0)
    aie.flow(%tile_0_1, DMA : 0, %tile_0_3, DMA : 0)
    aie.flow(%tile_0_2, DMA : 0, %tile_0_0, DMA : 0)
    aie.flow(%tile_0_3, DMA : 0, %tile_0_0, DMA : 1)
    aie.flow(%tile_0_2, DMA : 1, %tile_1_0, DMA : 0)
    aie.flow(%tile_0_3, DMA : 1, %tile_1_0, DMA : 1)
    aie.shim_dma_allocation @air_Load(%tile_0_0, MM2S, 0)
    aie.shim_dma_allocation @air_Out0_0_0(%tile_0_0, S2MM, 0)
    aie.shim_dma_allocation @air_Out0_0_1(%tile_0_0, S2MM, 1)
    aie.shim_dma_allocation @air_Out1_0_0(%tile_1_0, S2MM, 0)
    aie.shim_dma_allocation @air_Out1_0_1(%tile_1_0, S2MM, 1)
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<256xi32>) {
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 64] [0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @air_Load} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [2, 1, 1, 32] [128, 0, 0, 1]) {id = 1 : i64, issue_token = true, metadata = @air_Out0_0_0} : memref<256xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 32] [2, 1, 1, 32] [128, 0, 0, 1]) {id = 2 : i64, issue_token = true, metadata = @air_Out0_0_1} : memref<256xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 64] [2, 1, 1, 32] [128, 0, 0, 1]) {id = 3 : i64, issue_token = true, metadata = @air_Out1_0_0} : memref<256xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 96] [2, 1, 1, 32] [128, 0, 0, 1]) {id = 4 : i64, issue_token = true, metadata = @air_Out1_0_1} : memref<256xi32>
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 64] [0, 0, 0, 1]) {id = 5 : i64, issue_token = true, metadata = @air_Load} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @air_Out0_0_0}
      aiex.npu.dma_wait {symbol = @air_Out0_0_1}
      aiex.npu.dma_wait {symbol = @air_Out1_0_0}
      aiex.npu.dma_wait {symbol = @air_Out1_0_1}
    }
  }
}
