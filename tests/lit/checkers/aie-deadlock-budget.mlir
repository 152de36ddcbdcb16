// aie-deadlock's state budget: four independent pairs of BD chains on the
// host's streams (two on each tile) pass 63 buffers' worth of lock values
// back and forth. Releases are taken first (the search's partial-order
// reduction), but the pairs' acquires still interleave freely: far more
// than the 200000 states lint explores, so deadlock freedom is unknown,
// with the reason.
// RUN: air-check lint --verify-diagnostics %s
module {
  // expected-warning@+1 {{deadlock freedom of the array is unknown: more than 200000 states of the array to explore}}
  aie.device(npu1_1col) {
    %t0 = aie.tile(0, 2)
    %t1 = aie.tile(0, 3)
    %f0_0 = aie.lock(%t0, 0) {init = 63 : i32}
    %g0_0 = aie.lock(%t0, 1) {init = 0 : i32}
    %b0_0 = aie.buffer(%t0) : memref<16xi32>
    %f0_1 = aie.lock(%t0, 2) {init = 63 : i32}
    %g0_1 = aie.lock(%t0, 3) {init = 0 : i32}
    %b0_1 = aie.buffer(%t0) : memref<16xi32>
    %mem0 = aie.mem(%t0) {
      %d0 = aie.dma_start(S2MM, 0, ^bd0, ^s1)
    ^bd0:
      aie.use_lock(%f0_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0_0 : memref<16xi32>, 0, 16)
      aie.use_lock(%g0_0, Release, 1)
      aie.next_bd ^bd0
    ^s1:
      %d1 = aie.dma_start(MM2S, 0, ^bd1, ^s2)
    ^bd1:
      aie.use_lock(%g0_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0_0 : memref<16xi32>, 0, 16)
      aie.use_lock(%f0_0, Release, 1)
      aie.next_bd ^bd1
    ^s2:
      %d2 = aie.dma_start(S2MM, 1, ^bd2, ^s3)
    ^bd2:
      aie.use_lock(%f0_1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0_1 : memref<16xi32>, 0, 16)
      aie.use_lock(%g0_1, Release, 1)
      aie.next_bd ^bd2
    ^s3:
      %d3 = aie.dma_start(MM2S, 1, ^bd3, ^end)
    ^bd3:
      aie.use_lock(%g0_1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0_1 : memref<16xi32>, 0, 16)
      aie.use_lock(%f0_1, Release, 1)
      aie.next_bd ^bd3
    ^end:
      aie.end
    }
    %core0 = aie.core(%t0) {
      aie.end
    }
    %f1_0 = aie.lock(%t1, 0) {init = 63 : i32}
    %g1_0 = aie.lock(%t1, 1) {init = 0 : i32}
    %b1_0 = aie.buffer(%t1) : memref<16xi32>
    %f1_1 = aie.lock(%t1, 2) {init = 63 : i32}
    %g1_1 = aie.lock(%t1, 3) {init = 0 : i32}
    %b1_1 = aie.buffer(%t1) : memref<16xi32>
    %mem1 = aie.mem(%t1) {
      %d0 = aie.dma_start(S2MM, 0, ^bd0, ^s1)
    ^bd0:
      aie.use_lock(%f1_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1_0 : memref<16xi32>, 0, 16)
      aie.use_lock(%g1_0, Release, 1)
      aie.next_bd ^bd0
    ^s1:
      %d1 = aie.dma_start(MM2S, 0, ^bd1, ^s2)
    ^bd1:
      aie.use_lock(%g1_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1_0 : memref<16xi32>, 0, 16)
      aie.use_lock(%f1_0, Release, 1)
      aie.next_bd ^bd1
    ^s2:
      %d2 = aie.dma_start(S2MM, 1, ^bd2, ^s3)
    ^bd2:
      aie.use_lock(%f1_1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1_1 : memref<16xi32>, 0, 16)
      aie.use_lock(%g1_1, Release, 1)
      aie.next_bd ^bd2
    ^s3:
      %d3 = aie.dma_start(MM2S, 1, ^bd3, ^end)
    ^bd3:
      aie.use_lock(%g1_1, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1_1 : memref<16xi32>, 0, 16)
      aie.use_lock(%f1_1, Release, 1)
      aie.next_bd ^bd3
    ^end:
      aie.end
    }
    %core1 = aie.core(%t1) {
      aie.end
    }
  }
}