// A question the oracle raised, not a disagreement: air-check and the
// explorer agree (deadlock), both following docs/aie.md ("A core that, from
// a reachable state, can never move again before its aie.end is a
// deadlock"; a forever loop "runs as a loop forever").
// The core runs mlir-aie's forever loop and takes one buffer a trip; the
// host sends two buffers and waits for them. After the second trip the
// core waits for a third buffer that this dispatch never sends: both call
// that a deadlock ("the core of tile (0, 2) waits to acquire 1 from lock
// "cons" (value 0) and can never go on"). On hardware this is the usual
// shape of an mlir-aie design (cores loop for ever, each dispatch feeds a
// finite batch, the core waits for the next one), and the dispatch itself
// ends clean. Should a forever core blocked at the acquire that starts a
// trip, once the host has finished and the dispatch is clean, be a normal
// end (like a BD chain left waiting)? tests/lit/checkers/aie-deadlock.mlir's
// @forever has no runtime sequence (shim ends always ready), so it does not
// meet this.
module {
  aie.device(npu1_1col) @forever_core_after_dispatch {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<32xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
