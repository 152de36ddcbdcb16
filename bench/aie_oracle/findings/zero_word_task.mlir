// Finding of the aie oracle (bench/aie_oracle.py), handwritten and minimal.
// A dma_memcpy_nd whose sizes multiply to 0 words ([1, 1, 0, 16]).
// docs/aie.md: the push is "a task (the product of its four sizes, in
// 32-bit words)" and "the task finishes when it has moved all of its own":
// a task of 0 words finishes at once, the wait returns, nothing is left in
// a BD. The explorer: ok (every interleaving).
// air-check lint --checks=aie-deadlock (at main 6c9b527 / bf59bfe):
//   error: the dispatch does not end clean: ... the S2MM 0 chain of tile
//   (0, 2) is in the middle of this BD (1 of its 16 words received) and
//   shim tile (0, 0) MM2S 0 has no task left to send the rest
// i.e. the model counts the task as 1 word (a word the design never
// sends). No other lint rule says anything about the 0 size. Either the
// size 0 should be its own finding (if mlir-aie rejects it), or the task
// should move 0 words.
module {
  aie.device(npu1_1col) @zero_word_task {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 0, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
