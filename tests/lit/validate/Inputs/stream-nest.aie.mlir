// The ring of stream-ring.aie.mlir, fed by sixteen runtime tasks of one
// shape (4 rows of 5 elements, rows 9 apart; 320 elements, the ring's
// passes and its first two BDs once more) whose bases nest in parts:
// 0, 0, 40, 40 (each twice, two 40 apart), 100, 107, 114, 200, 207, 214
// (three 7 apart, twice 100 apart), then 300, 305, 311, 400, 410, 420,
// which nest only two at a time. The stream relations read each nesting
// run as one piece; the replay is their oracle
// (tests/lit/validate/stream-relations.test).
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
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 0] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 0 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 0] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 1 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 40] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 2 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 40] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 3 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 100] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 4 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 107] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 5 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 114] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 6 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 200] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 7 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 207] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 8 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 214] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 9 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 300] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 10 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 305] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 11 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 311] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 12 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 400] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 13 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 410] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 14 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_memcpy_nd(%in [0, 0, 0, 420] [1, 1, 4, 5] [0, 0, 9, 1]) {id = 15 : i64, metadata = @in} : memref<1024xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
