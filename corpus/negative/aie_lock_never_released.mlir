// What is wrong: the MM2S BD of tile (0, 2) waits on %full, which starts at
//   0 and which no process releases (the core was meant to release it after
//   filling %out, but releases %empty twice instead). On the board the
//   channel hangs and the host's await never returns.
// Rule broken: aie-lock-protocol (every acquire can be satisfied by the
//   lock's init or by a release somewhere).
// Fix: in the core, release %full (not %empty) after writing %out.
// Seed: 004 (aie.use_lock), issue 10 ("a BD that waits on a lock nobody
//   releases").
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %empty = aie.lock(%t, 0) {init = 1 : i32}
    // expected-note@+1 {{the lock is declared here}}
    %full = aie.lock(%t, 1) {init = 0 : i32}
    %out = aie.buffer(%t) : memref<64xi32>
    %core = aie.core(%t) {
      aie.use_lock(%empty, AcquireGreaterEqual, 1)
      aie.use_lock(%empty, Release, 1)
      aie.end
    }
    // expected-note@+1 {{in this DMA program}}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      // expected-error@+1 {{waits forever: it acquires 1 from a lock whose init is 0 and which no process releases}}
      aie.use_lock(%full, AcquireGreaterEqual, 1)
      aie.dma_bd(%out : memref<64xi32>, 0, 64)
      aie.use_lock(%empty, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
  }
}
