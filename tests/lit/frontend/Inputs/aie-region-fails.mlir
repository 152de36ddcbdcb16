// A broken aie design (a line moved out of its core, a memtile program cut
// short): %buf2 is used at the top level, defined inside aie.memtile_dma's
// region, and that region then fails to parse.
          %x = memref.load %buf2[%i, %j] : memref<16x16xf32, 2 : i32>
    %memtile_dma_0_1 = aie.memtile_dma(%tile_0_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb4, ^bb1)
      %1 = aie.dma_start(MM2S, 1, ^bb5, ^bb2)
    ^bb2:
    %buf2 = aie.buffer(%tile_0_3) {sym_name = "buf2"} : memref<16x16xf32, 2 : i32>
    ^bb4:  // 2 preds: ^bb0, ^bb4
