module {
  aie.device(npu1) @segment_0 {
    %tile_0_0 = aie.tile(0, 0)
    %tile_1_0 = aie.tile(1, 0)
    %tile_0_1 = aie.tile(0, 1)
    %tile_1_1 = aie.tile(1, 1)
    %tile_0_2 = aie.tile(0, 2)
    %tile_1_2 = aie.tile(1, 2)
    %tile_0_3 = aie.tile(0, 3)
    %tile_1_3 = aie.tile(1, 3)
    %buf0 = aie.buffer(%tile_0_1) {sym_name = "buf0"} : memref<32x128xi32, 1 : i32> 
    %buf0_prod_lock = aie.lock(%tile_0_1, 0) {init = 1 : i32, sym_name = "buf0_prod_lock"}
    %buf0_cons_lock = aie.lock(%tile_0_1, 1) {init = 0 : i32, sym_name = "buf0_cons_lock"}
    %buf1 = aie.buffer(%tile_0_1) {sym_name = "buf1"} : memref<32x128xi32, 1 : i32> 
    %buf1_prod_lock = aie.lock(%tile_0_1, 2) {init = 1 : i32, sym_name = "buf1_prod_lock"}
    %buf1_cons_lock = aie.lock(%tile_0_1, 3) {init = 0 : i32, sym_name = "buf1_cons_lock"}
    %buf2 = aie.buffer(%tile_0_1) {sym_name = "buf2"} : memref<128x32xi32, 1 : i32> 
    %buf2_prod_lock = aie.lock(%tile_0_1, 4) {init = 1 : i32, sym_name = "buf2_prod_lock"}
    %buf2_cons_lock = aie.lock(%tile_0_1, 5) {init = 0 : i32, sym_name = "buf2_cons_lock"}
    %buf3 = aie.buffer(%tile_0_1) {sym_name = "buf3"} : memref<128x32xi32, 1 : i32> 
    %buf3_prod_lock = aie.lock(%tile_0_1, 6) {init = 1 : i32, sym_name = "buf3_prod_lock"}
    %buf3_cons_lock = aie.lock(%tile_0_1, 7) {init = 0 : i32, sym_name = "buf3_cons_lock"}
    %buf4 = aie.buffer(%tile_0_2) {sym_name = "buf4"} : memref<32x32xi32, 2 : i32> 
    %buf4_prod_lock = aie.lock(%tile_0_2, 0) {init = 1 : i32, sym_name = "buf4_prod_lock"}
    %buf4_cons_lock = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "buf4_cons_lock"}
    %buf5 = aie.buffer(%tile_0_2) {sym_name = "buf5"} : memref<32x32xi32, 2 : i32> 
    %buf5_prod_lock = aie.lock(%tile_0_2, 2) {init = 1 : i32, sym_name = "buf5_prod_lock"}
    %buf5_cons_lock = aie.lock(%tile_0_2, 3) {init = 0 : i32, sym_name = "buf5_cons_lock"}
    %buf6 = aie.buffer(%tile_0_3) {sym_name = "buf6"} : memref<32x32xi32, 2 : i32> 
    %buf6_prod_lock = aie.lock(%tile_0_3, 0) {init = 1 : i32, sym_name = "buf6_prod_lock"}
    %buf6_cons_lock = aie.lock(%tile_0_3, 1) {init = 0 : i32, sym_name = "buf6_cons_lock"}
    %buf7 = aie.buffer(%tile_0_3) {sym_name = "buf7"} : memref<32x32xi32, 2 : i32> 
    %buf7_prod_lock = aie.lock(%tile_0_3, 2) {init = 1 : i32, sym_name = "buf7_prod_lock"}
    %buf7_cons_lock = aie.lock(%tile_0_3, 3) {init = 0 : i32, sym_name = "buf7_cons_lock"}
    %buf8 = aie.buffer(%tile_1_2) {sym_name = "buf8"} : memref<32x32xi32, 2 : i32> 
    %buf8_prod_lock = aie.lock(%tile_1_2, 0) {init = 1 : i32, sym_name = "buf8_prod_lock"}
    %buf8_cons_lock = aie.lock(%tile_1_2, 1) {init = 0 : i32, sym_name = "buf8_cons_lock"}
    %buf9 = aie.buffer(%tile_1_2) {sym_name = "buf9"} : memref<32x32xi32, 2 : i32> 
    %buf9_prod_lock = aie.lock(%tile_1_2, 2) {init = 1 : i32, sym_name = "buf9_prod_lock"}
    %buf9_cons_lock = aie.lock(%tile_1_2, 3) {init = 0 : i32, sym_name = "buf9_cons_lock"}
    %buf10 = aie.buffer(%tile_1_3) {sym_name = "buf10"} : memref<32x32xi32, 2 : i32> 
    %buf10_prod_lock = aie.lock(%tile_1_3, 0) {init = 1 : i32, sym_name = "buf10_prod_lock"}
    %buf10_cons_lock = aie.lock(%tile_1_3, 1) {init = 0 : i32, sym_name = "buf10_cons_lock"}
    %buf11 = aie.buffer(%tile_1_3) {sym_name = "buf11"} : memref<32x32xi32, 2 : i32> 
    %buf11_prod_lock = aie.lock(%tile_1_3, 2) {init = 1 : i32, sym_name = "buf11_prod_lock"}
    %buf11_cons_lock = aie.lock(%tile_1_3, 3) {init = 0 : i32, sym_name = "buf11_cons_lock"}
    %buf12 = aie.buffer(%tile_1_1) {sym_name = "buf12"} : memref<64x64xi32, 1 : i32> 
    %buf12_turn0_lock = aie.lock(%tile_1_1, 0) {init = 1 : i32, sym_name = "buf12_turn0_lock"}
    %buf12_turn1_lock = aie.lock(%tile_1_1, 1) {init = 0 : i32, sym_name = "buf12_turn1_lock"}
    %buf12_turn2_lock = aie.lock(%tile_1_1, 2) {init = 0 : i32, sym_name = "buf12_turn2_lock"}
    %buf12_turn3_lock = aie.lock(%tile_1_1, 3) {init = 0 : i32, sym_name = "buf12_turn3_lock"}
    %buf12_turn4_lock = aie.lock(%tile_1_1, 4) {init = 0 : i32, sym_name = "buf12_turn4_lock"}
    %buf13 = aie.buffer(%tile_0_2) {sym_name = "buf13"} : memref<32x32xi32, 2 : i32> 
    %buf13_prod_lock = aie.lock(%tile_0_2, 4) {init = 1 : i32, sym_name = "buf13_prod_lock"}
    %buf13_cons_lock = aie.lock(%tile_0_2, 5) {init = 0 : i32, sym_name = "buf13_cons_lock"}
    %buf14 = aie.buffer(%tile_0_3) {sym_name = "buf14"} : memref<32x32xi32, 2 : i32> 
    %buf14_prod_lock = aie.lock(%tile_0_3, 4) {init = 1 : i32, sym_name = "buf14_prod_lock"}
    %buf14_cons_lock = aie.lock(%tile_0_3, 5) {init = 0 : i32, sym_name = "buf14_cons_lock"}
    %buf15 = aie.buffer(%tile_1_2) {sym_name = "buf15"} : memref<32x32xi32, 2 : i32> 
    %buf15_prod_lock = aie.lock(%tile_1_2, 4) {init = 1 : i32, sym_name = "buf15_prod_lock"}
    %buf15_cons_lock = aie.lock(%tile_1_2, 5) {init = 0 : i32, sym_name = "buf15_cons_lock"}
    %buf16 = aie.buffer(%tile_1_3) {sym_name = "buf16"} : memref<32x32xi32, 2 : i32> 
    %buf16_prod_lock = aie.lock(%tile_1_3, 4) {init = 1 : i32, sym_name = "buf16_prod_lock"}
    %buf16_cons_lock = aie.lock(%tile_1_3, 5) {init = 0 : i32, sym_name = "buf16_cons_lock"}
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c0_i32 = arith.constant 0 : i32
      aie.use_lock(%buf13_prod_lock, AcquireGreaterEqual, 1)
      linalg.fill ins(%c0_i32 : i32) outs(%buf13 : memref<32x32xi32, 2 : i32>)
      scf.for %arg0 = %c0 to %c128 step %c32 {
        aie.use_lock(%buf4_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf5_cons_lock, AcquireGreaterEqual, 1)
        linalg.matmul ins(%buf4, %buf5 : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%buf13 : memref<32x32xi32, 2 : i32>)
        aie.use_lock(%buf5_prod_lock, Release, 1)
        aie.use_lock(%buf4_prod_lock, Release, 1)
      }
      aie.use_lock(%buf13_cons_lock, Release, 1)
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c0_i32 = arith.constant 0 : i32
      aie.use_lock(%buf14_prod_lock, AcquireGreaterEqual, 1)
      linalg.fill ins(%c0_i32 : i32) outs(%buf14 : memref<32x32xi32, 2 : i32>)
      scf.for %arg0 = %c0 to %c128 step %c32 {
        aie.use_lock(%buf6_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf7_cons_lock, AcquireGreaterEqual, 1)
        linalg.matmul ins(%buf6, %buf7 : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%buf14 : memref<32x32xi32, 2 : i32>)
        aie.use_lock(%buf7_prod_lock, Release, 1)
        aie.use_lock(%buf6_prod_lock, Release, 1)
      }
      aie.use_lock(%buf14_cons_lock, Release, 1)
      aie.end
    }
    %core_1_2 = aie.core(%tile_1_2) {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c0_i32 = arith.constant 0 : i32
      aie.use_lock(%buf15_prod_lock, AcquireGreaterEqual, 1)
      linalg.fill ins(%c0_i32 : i32) outs(%buf15 : memref<32x32xi32, 2 : i32>)
      scf.for %arg0 = %c0 to %c128 step %c32 {
        aie.use_lock(%buf8_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf9_cons_lock, AcquireGreaterEqual, 1)
        linalg.matmul ins(%buf8, %buf9 : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%buf15 : memref<32x32xi32, 2 : i32>)
        aie.use_lock(%buf9_prod_lock, Release, 1)
        aie.use_lock(%buf8_prod_lock, Release, 1)
      }
      aie.use_lock(%buf15_cons_lock, Release, 1)
      aie.end
    }
    %core_1_3 = aie.core(%tile_1_3) {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c0_i32 = arith.constant 0 : i32
      aie.use_lock(%buf16_prod_lock, AcquireGreaterEqual, 1)
      linalg.fill ins(%c0_i32 : i32) outs(%buf16 : memref<32x32xi32, 2 : i32>)
      scf.for %arg0 = %c0 to %c128 step %c32 {
        aie.use_lock(%buf10_cons_lock, AcquireGreaterEqual, 1)
        aie.use_lock(%buf11_cons_lock, AcquireGreaterEqual, 1)
        linalg.matmul ins(%buf10, %buf11 : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%buf16 : memref<32x32xi32, 2 : i32>)
        aie.use_lock(%buf11_prod_lock, Release, 1)
        aie.use_lock(%buf10_prod_lock, Release, 1)
      }
      aie.use_lock(%buf16_cons_lock, Release, 1)
      aie.end
    }
    %memtile_dma_0_1 = aie.memtile_dma(%tile_0_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb8, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb9, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(S2MM, 2, ^bb10, ^bb3)
    ^bb3:  // pred: ^bb2
      %3 = aie.dma_start(S2MM, 3, ^bb11, ^bb4)
    ^bb4:  // pred: ^bb3
      %4 = aie.dma_start(MM2S, 0, ^bb12, ^bb5)
    ^bb5:  // pred: ^bb4
      %5 = aie.dma_start(MM2S, 1, ^bb16, ^bb6)
    ^bb6:  // pred: ^bb5
      %6 = aie.dma_start(MM2S, 2, ^bb20, ^bb7)
    ^bb7:  // pred: ^bb6
      %7 = aie.dma_start(MM2S, 3, ^bb24, ^bb28)
    ^bb8:  // 2 preds: ^bb0, ^bb8
      aie.use_lock(%buf0_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<32x128xi32, 1 : i32> offset = 0 len = 4096)
      aie.use_lock(%buf0_cons_lock, Release, 1)
      aie.next_bd ^bb8
    ^bb9:  // 2 preds: ^bb1, ^bb9
      aie.use_lock(%buf1_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<32x128xi32, 1 : i32> offset = 0 len = 4096)
      aie.use_lock(%buf1_cons_lock, Release, 1)
      aie.next_bd ^bb9
    ^bb10:  // 2 preds: ^bb2, ^bb10
      aie.use_lock(%buf2_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf2 : memref<128x32xi32, 1 : i32> offset = 0 len = 4096)
      aie.use_lock(%buf2_cons_lock, Release, 1)
      aie.next_bd ^bb10
    ^bb11:  // 2 preds: ^bb3, ^bb11
      aie.use_lock(%buf3_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf3 : memref<128x32xi32, 1 : i32> offset = 0 len = 4096)
      aie.use_lock(%buf3_cons_lock, Release, 1)
      aie.next_bd ^bb11
    ^bb12:  // 2 preds: ^bb4, ^bb15
      aie.use_lock(%buf0_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<32x128xi32, 1 : i32> offset = 0 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb13
    ^bb13:  // pred: ^bb12
      aie.dma_bd(%buf0 : memref<32x128xi32, 1 : i32> offset = 32 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb14
    ^bb14:  // pred: ^bb13
      aie.dma_bd(%buf0 : memref<32x128xi32, 1 : i32> offset = 64 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb15
    ^bb15:  // pred: ^bb14
      aie.dma_bd(%buf0 : memref<32x128xi32, 1 : i32> offset = 96 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.use_lock(%buf0_prod_lock, Release, 1)
      aie.next_bd ^bb12
    ^bb16:  // 2 preds: ^bb5, ^bb19
      aie.use_lock(%buf1_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<32x128xi32, 1 : i32> offset = 0 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb17
    ^bb17:  // pred: ^bb16
      aie.dma_bd(%buf1 : memref<32x128xi32, 1 : i32> offset = 32 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb18
    ^bb18:  // pred: ^bb17
      aie.dma_bd(%buf1 : memref<32x128xi32, 1 : i32> offset = 64 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.next_bd ^bb19
    ^bb19:  // pred: ^bb18
      aie.dma_bd(%buf1 : memref<32x128xi32, 1 : i32> offset = 96 len = 1024 sizes = [32, 32] strides = [128, 1])
      aie.use_lock(%buf1_prod_lock, Release, 1)
      aie.next_bd ^bb16
    ^bb20:  // 2 preds: ^bb6, ^bb23
      aie.use_lock(%buf2_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf2 : memref<128x32xi32, 1 : i32> offset = 0 len = 1024)
      aie.next_bd ^bb21
    ^bb21:  // pred: ^bb20
      aie.dma_bd(%buf2 : memref<128x32xi32, 1 : i32> offset = 1024 len = 1024)
      aie.next_bd ^bb22
    ^bb22:  // pred: ^bb21
      aie.dma_bd(%buf2 : memref<128x32xi32, 1 : i32> offset = 2048 len = 1024)
      aie.next_bd ^bb23
    ^bb23:  // pred: ^bb22
      aie.dma_bd(%buf2 : memref<128x32xi32, 1 : i32> offset = 3072 len = 1024)
      aie.use_lock(%buf2_prod_lock, Release, 1)
      aie.next_bd ^bb20
    ^bb24:  // 2 preds: ^bb7, ^bb27
      aie.use_lock(%buf3_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf3 : memref<128x32xi32, 1 : i32> offset = 0 len = 1024)
      aie.next_bd ^bb25
    ^bb25:  // pred: ^bb24
      aie.dma_bd(%buf3 : memref<128x32xi32, 1 : i32> offset = 1024 len = 1024)
      aie.next_bd ^bb26
    ^bb26:  // pred: ^bb25
      aie.dma_bd(%buf3 : memref<128x32xi32, 1 : i32> offset = 2048 len = 1024)
      aie.next_bd ^bb27
    ^bb27:  // pred: ^bb26
      aie.dma_bd(%buf3 : memref<128x32xi32, 1 : i32> offset = 3072 len = 1024)
      aie.use_lock(%buf3_prod_lock, Release, 1)
      aie.next_bd ^bb24
    ^bb28:  // pred: ^bb7
      aie.end
    }
    %mem_0_2 = aie.mem(%tile_0_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 0, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf4_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf4 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf4_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf5_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf5 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf5_cons_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf13_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf13 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf13_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    %mem_0_3 = aie.mem(%tile_0_3) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 0, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf6_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf6 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf6_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf7_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf7 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf7_cons_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf14_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf14 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf14_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    %memtile_dma_1_1 = aie.memtile_dma(%tile_1_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb5, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb6, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(S2MM, 2, ^bb7, ^bb3)
    ^bb3:  // pred: ^bb2
      %3 = aie.dma_start(S2MM, 3, ^bb8, ^bb4)
    ^bb4:  // pred: ^bb3
      %4 = aie.dma_start(MM2S, 0, ^bb9, ^bb10)
    ^bb5:  // 2 preds: ^bb0, ^bb5
      aie.use_lock(%buf12_turn0_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf12 : memref<64x64xi32, 1 : i32> offset = 0 len = 1024 sizes = [32, 32] strides = [64, 1])
      aie.use_lock(%buf12_turn1_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // 2 preds: ^bb1, ^bb6
      aie.use_lock(%buf12_turn1_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf12 : memref<64x64xi32, 1 : i32> offset = 32 len = 1024 sizes = [32, 32] strides = [64, 1])
      aie.use_lock(%buf12_turn2_lock, Release, 1)
      aie.next_bd ^bb6
    ^bb7:  // 2 preds: ^bb2, ^bb7
      aie.use_lock(%buf12_turn2_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf12 : memref<64x64xi32, 1 : i32> offset = 2048 len = 1024 sizes = [32, 32] strides = [64, 1])
      aie.use_lock(%buf12_turn3_lock, Release, 1)
      aie.next_bd ^bb7
    ^bb8:  // 2 preds: ^bb3, ^bb8
      aie.use_lock(%buf12_turn3_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf12 : memref<64x64xi32, 1 : i32> offset = 2080 len = 1024 sizes = [32, 32] strides = [64, 1])
      aie.use_lock(%buf12_turn4_lock, Release, 1)
      aie.next_bd ^bb8
    ^bb9:  // 2 preds: ^bb4, ^bb9
      aie.use_lock(%buf12_turn4_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf12 : memref<64x64xi32, 1 : i32> offset = 0 len = 4096)
      aie.use_lock(%buf12_turn0_lock, Release, 1)
      aie.next_bd ^bb9
    ^bb10:  // pred: ^bb4
      aie.end
    }
    %mem_1_2 = aie.mem(%tile_1_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 0, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf8_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf8 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf8_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf9_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf9 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf9_cons_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf15_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf15 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf15_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    %mem_1_3 = aie.mem(%tile_1_3) {
      %0 = aie.dma_start(S2MM, 0, ^bb3, ^bb1)
    ^bb1:  // pred: ^bb0
      %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb2)
    ^bb2:  // pred: ^bb1
      %2 = aie.dma_start(MM2S, 0, ^bb5, ^bb6)
    ^bb3:  // 2 preds: ^bb0, ^bb3
      aie.use_lock(%buf10_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf10 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf10_cons_lock, Release, 1)
      aie.next_bd ^bb3
    ^bb4:  // 2 preds: ^bb1, ^bb4
      aie.use_lock(%buf11_prod_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf11 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf11_cons_lock, Release, 1)
      aie.next_bd ^bb4
    ^bb5:  // 2 preds: ^bb2, ^bb5
      aie.use_lock(%buf16_cons_lock, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf16 : memref<32x32xi32, 2 : i32> offset = 0 len = 1024)
      aie.use_lock(%buf16_prod_lock, Release, 1)
      aie.next_bd ^bb5
    ^bb6:  // pred: ^bb2
      aie.end
    }
    aie.flow(%tile_0_0, DMA : 0, %tile_0_1, DMA : 0)
    aie.flow(%tile_0_0, DMA : 1, %tile_0_1, DMA : 1)
    aie.flow(%tile_1_0, DMA : 0, %tile_0_1, DMA : 2)
    aie.flow(%tile_1_0, DMA : 1, %tile_0_1, DMA : 3)
    aie.flow(%tile_0_1, DMA : 0, %tile_0_2, DMA : 0)
    aie.flow(%tile_0_1, DMA : 0, %tile_0_3, DMA : 0)
    aie.flow(%tile_0_1, DMA : 1, %tile_1_2, DMA : 0)
    aie.flow(%tile_0_1, DMA : 1, %tile_1_3, DMA : 0)
    aie.flow(%tile_0_1, DMA : 2, %tile_0_2, DMA : 1)
    aie.flow(%tile_0_1, DMA : 2, %tile_1_2, DMA : 1)
    aie.flow(%tile_0_1, DMA : 3, %tile_0_3, DMA : 1)
    aie.flow(%tile_0_1, DMA : 3, %tile_1_3, DMA : 1)
    aie.flow(%tile_0_2, DMA : 0, %tile_1_1, DMA : 0)
    aie.flow(%tile_0_3, DMA : 0, %tile_1_1, DMA : 1)
    aie.flow(%tile_1_2, DMA : 0, %tile_1_1, DMA : 2)
    aie.flow(%tile_1_3, DMA : 0, %tile_1_1, DMA : 3)
    aie.flow(%tile_1_1, DMA : 0, %tile_0_0, DMA : 0)
    aie.shim_dma_allocation @air_memcpy0(%tile_0_0, MM2S, 0)
    aie.shim_dma_allocation @air_memcpy1(%tile_0_0, MM2S, 1)
    aie.shim_dma_allocation @air_memcpy2(%tile_1_0, MM2S, 0)
    aie.shim_dma_allocation @air_memcpy3(%tile_1_0, MM2S, 1)
    aie.shim_dma_allocation @air_memcpy4(%tile_0_0, S2MM, 0)
    aie.runtime_sequence(%arg0: memref<64x128xi32>, %arg1: memref<128x64xi32>, %arg2: memref<64x64xi32>) {
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 32, 128] [0, 0, 128, 1]) {id = 0 : i64, issue_token = true, metadata = @air_memcpy0} : memref<64x128xi32>
      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 32, 0] [1, 1, 32, 128] [0, 0, 128, 1]) {id = 1 : i64, issue_token = true, metadata = @air_memcpy1} : memref<64x128xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [1, 1, 128, 32] [0, 0, 64, 1]) {id = 2 : i64, issue_token = true, metadata = @air_memcpy2} : memref<128x64xi32>
      aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 32] [1, 1, 128, 32] [0, 0, 64, 1]) {id = 3 : i64, issue_token = true, metadata = @air_memcpy3} : memref<128x64xi32>
      aiex.npu.dma_memcpy_nd(%arg2 [0, 0, 0, 0] [1, 1, 1, 4096] [0, 0, 0, 1]) {id = 4 : i64, issue_token = true, metadata = @air_memcpy4} : memref<64x64xi32>
      aiex.npu.dma_wait {symbol = @air_memcpy4}
    }
  }
}
