// aie-deadlock's state budget: two independent pairs of BD chains on the
// host's streams pass 63 buffers' worth of lock values back and forth
// (about 576 states each, 330000 together): more than the 200000 states
// lint explores, so deadlock freedom is unknown, with the reason.
// RUN: air-check lint --verify-diagnostics %s
module {
  // expected-warning@+1 {{deadlock freedom of the array is unknown: more than 200000 states of the array to explore}}
  aie.device(npu1_1col) {
    %t = aie.tile(0, 2)
    %f0 = aie.lock(%t, 0) {init = 63 : i32}
    %g0 = aie.lock(%t, 1) {init = 0 : i32}
    %b0 = aie.buffer(%t) : memref<16xi32>
    %f1 = aie.lock(%t, 2) {init = 63 : i32}
    %g1 = aie.lock(%t, 3) {init = 0 : i32}
    %b1 = aie.buffer(%t) : memref<16xi32>
    %mem = aie.mem(%t) {
      %d0 = aie.dma_start(S2MM, 0, ^bd0, ^s1)
    ^bd0:
      aie.use_lock(%f0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0 : memref<16xi32>, 0, 16)
      aie.use_lock(%g0, Release, 1)
      aie.next_bd ^bd0
    ^s1:
      %d1 = aie.dma_start(MM2S, 0, ^bd1, ^s2)
    ^bd1:
      aie.use_lock(%g0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0 : memref<16xi32>, 0, 16)
      aie.use_lock(%f0, Release, 1)
      aie.next_bd ^bd1
    ^s2:
      %d2 = aie.dma_start(S2MM, 1, ^bd2, ^s3)
    ^bd2:
      aie.use_lock(%f1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1 : memref<16xi32>, 0, 16)
      aie.use_lock(%g1, Release, 1)
      aie.next_bd ^bd2
    ^s3:
      %d3 = aie.dma_start(MM2S, 1, ^bd3, ^end)
    ^bd3:
      aie.use_lock(%g1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1 : memref<16xi32>, 0, 16)
      aie.use_lock(%f1, Release, 1)
      aie.next_bd ^bd3
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      aie.end
    }
  }
}
