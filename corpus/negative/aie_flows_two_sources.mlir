// What is wrong: two flows end at S2MM channel 0 of tile (0, 2). A
//   circuit-switched stream port has one source; mlir-aie's router fails
//   late ("Unable to find a legal routing") or one producer's data is lost.
// Rule broken: aie-flows (each destination port has one source).
// Fix: send the second stream to S2MM channel 1 (and start that channel in
//   the tile's aie.mem), or merge the producers with a packet flow.
// Seed: 004 (aie.flow).
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<64xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<64xi32>, 0, 64)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    // expected-note@+1 {{the other flow into it}}
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    // expected-error@+1 {{DMA : 0 of tile (0, 2) is the destination of two flows; a port has one source (a circuit-switched stream cannot merge)}}
    aie.flow(%shim, DMA : 1, %t, DMA : 0)
    aie.shim_dma_allocation @a(%shim, MM2S, 0)
    aie.shim_dma_allocation @b(%shim, MM2S, 1)
  }
}
