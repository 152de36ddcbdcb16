// What is wrong: memory tile (0, 1) feeds MM2S channels 0 and 1 from one
//   BD chain. Even channels may only use BDs 0-23 and odd channels BDs
//   24-47, so no bd_id serves both; mlir-aie's BD allocator fails late
//   ("Allocator exhausted available BD IDs" or a wrong id).
// Rule broken: aie-bds (memtile.bd_channel_access of the device model).
// Fix: give channel 1 its own copy of the chain (its own blocks), or use two
//   channels of the same parity (0 and 2).
// Seed: 004 (aie.dma_bd, "48 buffer descriptors per Memtile").
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %m = aie.tile(0, 1)
    %buf = aie.buffer(%m) : memref<1024xi32, 1>
    %dma = aie.memtile_dma(%m) {
      // expected-note@+1 {{channel 0 (MM2S) reaches it}}
      %0 = aie.dma_start(MM2S, 0, ^bd, ^next)
    ^bd:
      // expected-error@+1 {{this BD is in the chains of channels that use different BD ranges of memory tile (0, 1) (0-23 for even channels, 24-47 for odd): no BD id serves both}}
      aie.dma_bd(%buf : memref<1024xi32, 1>, 0, 1024)
      aie.next_bd ^bd
    ^next:
      // expected-note@+1 {{channel 1 (MM2S) reaches it}}
      %1 = aie.dma_start(MM2S, 1, ^bd, ^end)
    ^end:
      aie.end
    }
    aie.flow(%m, DMA : 0, %shim, DMA : 0)
    aie.flow(%m, DMA : 1, %shim, DMA : 1)
    aie.shim_dma_allocation @out0(%shim, S2MM, 0)
    aie.shim_dma_allocation @out1(%shim, S2MM, 1)
  }
}
