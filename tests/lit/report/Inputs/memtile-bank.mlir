// A memory tile whose MM2S channel 0 runs a chain of 25 BDs: 25 of the
// tile's 48 BDs, but channel 0 reaches only BDs 0-23 (even channels 0-23,
// odd ones 24-47 on npu1): the bank is over, as aie-bds says.
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %m = aie.tile(0, 1)
    %buf = aie.buffer(%m) : memref<1600xi32, 1>
    %dma = aie.memtile_dma(%m) {
      %0 = aie.dma_start(MM2S, 0, ^bd0, ^end)
    ^bd0:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 0, 64)
      aie.next_bd ^bd1
    ^bd1:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 64, 64)
      aie.next_bd ^bd2
    ^bd2:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 128, 64)
      aie.next_bd ^bd3
    ^bd3:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 192, 64)
      aie.next_bd ^bd4
    ^bd4:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 256, 64)
      aie.next_bd ^bd5
    ^bd5:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 320, 64)
      aie.next_bd ^bd6
    ^bd6:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 384, 64)
      aie.next_bd ^bd7
    ^bd7:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 448, 64)
      aie.next_bd ^bd8
    ^bd8:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 512, 64)
      aie.next_bd ^bd9
    ^bd9:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 576, 64)
      aie.next_bd ^bd10
    ^bd10:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 640, 64)
      aie.next_bd ^bd11
    ^bd11:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 704, 64)
      aie.next_bd ^bd12
    ^bd12:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 768, 64)
      aie.next_bd ^bd13
    ^bd13:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 832, 64)
      aie.next_bd ^bd14
    ^bd14:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 896, 64)
      aie.next_bd ^bd15
    ^bd15:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 960, 64)
      aie.next_bd ^bd16
    ^bd16:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1024, 64)
      aie.next_bd ^bd17
    ^bd17:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1088, 64)
      aie.next_bd ^bd18
    ^bd18:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1152, 64)
      aie.next_bd ^bd19
    ^bd19:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1216, 64)
      aie.next_bd ^bd20
    ^bd20:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1280, 64)
      aie.next_bd ^bd21
    ^bd21:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1344, 64)
      aie.next_bd ^bd22
    ^bd22:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1408, 64)
      aie.next_bd ^bd23
    ^bd23:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1472, 64)
      aie.next_bd ^bd24
    ^bd24:
      aie.dma_bd(%buf : memref<1600xi32, 1>, 1536, 64)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    aie.flow(%m, DMA : 0, %shim, DMA : 0)
    aie.shim_dma_allocation @out0(%shim, S2MM, 0)
  }
}
