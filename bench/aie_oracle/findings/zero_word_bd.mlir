// Finding of the aie oracle (bench/aie_oracle.py), handwritten and minimal.
// A BD of 0 words (aie.dma_bd(%buf : memref<16xi32>, 0, 0)) fed by a
// 16-word task. docs/aie.md: a BD "completes when it has all its words",
// so a 0-word BD completes without taking any, and the task's 16 words
// never move: the host's wait never returns. The explorer: deadlock (the
// host). air-check: deadlock too (the same verdict), but its message says
// "(0 finished, 14 words left to move)": the model counts each 0-word BD
// as taking 1 word (the chain ran two BDs). The verdict is right; the words are not. No other
// lint rule reports the 0 length.
module {
  aie.device(npu1_1col) @zero_word_bd {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 0)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      aie.use_lock(%cons, AcquireGreaterEqual, 1)
      aie.use_lock(%prod, Release, 1)
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
