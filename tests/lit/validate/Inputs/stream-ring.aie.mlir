// A core tile whose S2MM 0 ring writes two buffers: a 8x8 block of %a
// transposed, all of %b, then 16 elements of %a from element 8; the shim
// streams 320 elements in two tasks (the first with a repeat dimension),
// so the ring runs twice and then its first two BDs once more. No core:
// the fills are all there is (tests/lit/validate/stream-relations.test).
module {
  aie.device(npu1_4col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %a = aie.buffer(%t) {sym_name = "a"} : memref<64xi32>
    %b = aie.buffer(%t) {sym_name = "b"} : memref<32xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      aie.dma_bd(%a : memref<64xi32>, 0, 64, [<size = 8, stride = 1>, <size = 8, stride = 8>])
      aie.next_bd ^bd1
    ^bd1:
      aie.dma_bd(%b : memref<32xi32>, 0, 32)
      aie.next_bd ^bd2
    ^bd2:
      aie.dma_bd(%a : memref<64xi32>, 8, 16)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%in: memref<1024xi32>) {
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 5] [2, 1, 4, 25] [100, 0, 31, 1]) {id = 0 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 600] [1, 1, 3, 40] [0, 0, 50, 1]) {id = 1 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
