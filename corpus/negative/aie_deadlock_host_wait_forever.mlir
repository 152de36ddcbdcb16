// What is wrong: the host sends 64 words into the memory tile and waits for
//   the task, but the memory tile's S2MM chain takes one 32-word block and
//   ends. The task never moves its last 32 words, so the host's wait never
//   returns (the dispatch hangs; on hardware the host times out).
// Rule broken: aie-deadlock (the host is an agent: every wait of the
//   runtime sequence returns; issue 26).
// Fix: let the chain take every word the host sends (a BD of 64 words, or
//   a chain that loops), or send only the 32 words it takes.
// Seed: 004 (aie.memtile_dma, aie.shim_dma_allocation, the runtime
//   sequence), issue 26 ("the host sends 32 words and waits for that
//   transfer; the core's DMA takes one 16-word block and its chain ends").
module {
  aie.device(npu1_1col) @host_wait {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    %buf = aie.buffer(%mt) {sym_name = "buf"} : memref<32xi32, 1>
    %dma = aie.memtile_dma(%mt) {
      // expected-note@+1 {{the S2MM 0 chain of memory tile (0, 1) at the other end of its flow has finished}}
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<32xi32, 1>, 0, 32)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<64xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 32 of its 64 words}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<64xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 32 words left to move) and can never go on}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
