// The aie-level DMA checks (aie-bds, aie-dma-channels, aie-flows), one
// aie.device per case, every diagnostic with its notes. Figures from
// analyses/devices/npu1_2col.json (docs/aie.md).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// CHECK: air-check: 1 file, {{[0-9]+}} errors

module {
  // aie-bds: dimensions, alignment, bounds, bd_id.
  aie.device(npu1_2col) @bd_shape {
    %t = aie.tile(0, 2)
    %b = aie.buffer(%t) : memref<256xi8>
    %w = aie.buffer(%t) : memref<64xi32>
    // expected-note@+1 {{in this DMA program}}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      // expected-error@+1 {{a BD of tile (0, 2) addresses at most 3 dimensions, but this one has 4}}
      aie.dma_bd(%w : memref<64xi32>, 0, 64, [<size = 2, stride = 32>, <size = 2, stride = 16>, <size = 2, stride = 8>, <size = 8, stride = 1>]) {bd_id = 0 : i32}
      aie.next_bd ^bd1
    ^bd1:
      // expected-error@+2 {{offset 2 is 2 bytes into the buffer, not a whole number of 4-byte words; DMA addresses are 32-bit word aligned}}
      // expected-error@+1 {{length 6 is 6 bytes, not a whole number of 4-byte words; a DMA moves 32-bit words}}
      aie.dma_bd(%b : memref<256xi8>, 2, 6) {bd_id = 1 : i32}
      aie.next_bd ^bd2
    ^bd2:
      // expected-error@+2 {{the BD reaches element 71 of a buffer of 64 elements}}
      // expected-error@+1 {{bd_id 16 does not exist on tile (0, 2), which has BDs 0..15}}
      aie.dma_bd(%w : memref<64xi32>, 8, 64) {bd_id = 16 : i32}
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
  }
  // aie-bds: padding as mlir-aie's dma_bd verifier allows it.
  aie.device(npu1_2col) @bd_pads {
    %t = aie.tile(0, 2)
    %m = aie.tile(0, 1)
    %w = aie.buffer(%t) : memref<64xi32>
    %l2 = aie.buffer(%m) : memref<64xi16>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd0, ^end)
    ^bd0:
      // expected-error@+1 {{a padded BD on tile (0, 2): only memory-tile BDs pad (mlir-aie)}}
      aie.dma_bd(%w : memref<64xi32>, 0, 16, [<size = 14, stride = 1>], [<const_pad_before = 1, const_pad_after = 1>]) {bd_id = 0 : i32}
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %mt = aie.memtile_dma(%m) {
      %0 = aie.dma_start(MM2S, 0, ^bd0, ^end)
    ^bd0:
      // expected-error@+1 {{the padded sizes move 20 elements, more than its len 16 (mlir-aie: data exceeds len after padding)}}
      aie.dma_bd(%l2 : memref<64xi16>, 0, 16, [<size = 16, stride = 1>], [<const_pad_before = 2, const_pad_after = 2>]) {bd_id = 0 : i32}
      aie.next_bd ^bd1
    ^bd1:
      // expected-error@+1 {{the innermost dimension is padded by 1 and 1 elements of 2 bytes, not whole 32-bit words (mlir-aie)}}
      aie.dma_bd(%l2 : memref<64xi16>, 0, 16, [<size = 14, stride = 1>], [<const_pad_before = 1, const_pad_after = 1>]) {bd_id = 1 : i32}
      aie.next_bd ^bd2
    ^bd2:
      // expected-error@+1 {{a padded BD needs one pad per dimension of its sizes and strides (mlir-aie)}}
      aie.dma_bd(%l2 : memref<64xi16>, 0, 16, [<size = 16, stride = 1>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 0, const_pad_after = 0>]) {bd_id = 2 : i32}
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
  }
  aie.device(npu1_2col) @bd_ids {
    %t = aie.tile(0, 2)
    %w = aie.buffer(%t) : memref<64xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd0, ^end)
    ^bd0:
      // expected-note@+1 {{first used here}}
      aie.dma_bd(%w : memref<64xi32>, 0, 32) {bd_id = 3 : i32}
      aie.next_bd ^bd1
    ^bd1:
      // expected-error@+1 {{bd_id 3 is used twice on tile (0, 2)}}
      aie.dma_bd(%w : memref<64xi32>, 32, 32) {bd_id = 3 : i32}
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
  }
  // aie-bds: the memory-tile channel split (even channels BDs 0-23, odd 24-47).
  aie.device(npu1_2col) @parity {
    %m = aie.tile(0, 1)
    %b = aie.buffer(%m) : memref<1024xi32, 1>
    %dma = aie.memtile_dma(%m) {
      // expected-note@+1 {{channel 0 (S2MM) is started here}}
      %0 = aie.dma_start(S2MM, 0, ^a, ^n)
    ^a:
      // expected-error@+1 {{bd_id 30 is not usable by channel 0 of memory tile (0, 1): that channel's BDs are 0-23}}
      aie.dma_bd(%b : memref<1024xi32, 1>, 0, 1024) {bd_id = 30 : i32}
      aie.next_bd ^a
    ^n:
      // expected-note@+1 {{channel 1 (MM2S) reaches it}}
      %1 = aie.dma_start(MM2S, 1, ^s, ^n2)
    ^s:
      // expected-error@+1 {{this BD is in the chains of channels that use different BD ranges of memory tile (0, 1) (0-23 for even channels, 24-47 for odd): no BD id serves both}}
      aie.dma_bd(%b : memref<1024xi32, 1>, 0, 1024)
      aie.next_bd ^s
    ^n2:
      // expected-note@+1 {{channel 2 (MM2S) reaches it}}
      %2 = aie.dma_start(MM2S, 2, ^s, ^end)
    ^end:
      aie.end
    }
  }
  // aie-bds: a tile's DMA reaches only the memory and locks it can.
  aie.device(npu1_2col) @locality {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %m0 = aie.tile(0, 1)
    %m1 = aie.tile(1, 1)
    // expected-note@+1 {{the buffer is declared here}}
    %far = aie.buffer(%t3) : memref<64xi32>
    // expected-note@+1 {{the lock is declared here}}
    %farlock = aie.lock(%t3, 0) {init = 1 : i32}
    // expected-note@+1 {{the buffer is declared here}}
    %nb = aie.buffer(%m1) : memref<64xi32, 1>
    %mem = aie.mem(%t2) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      // expected-error@+1 {{the DMA of tile (0, 2) uses a lock of tile (0, 3), which it cannot reach (a compute tile's DMA reaches only its own tile)}}
      aie.use_lock(%farlock, AcquireGreaterEqual, 1)
      // expected-error@+1 {{the DMA of tile (0, 2) uses a buffer of tile (0, 3), which it cannot reach (a compute tile's DMA reaches only its own tile)}}
      aie.dma_bd(%far : memref<64xi32>, 0, 64)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %dma = aie.memtile_dma(%m0) {
      %0 = aie.dma_start(MM2S, 0, ^ok, ^n)
    ^ok:
      // The east neighbour's memory, on channel 0: allowed.
      aie.dma_bd(%nb : memref<64xi32, 1>, 0, 64)
      aie.next_bd ^ok
    ^n:
      %1 = aie.dma_start(MM2S, 4, ^bad, ^end)
    ^bad:
      // expected-error@+1 {{the DMA of memory tile (0, 1) uses a buffer of memory tile (1, 1), which it cannot reach on channel 4 (only channels 0 1 2 3 reach the neighbour memory tiles)}}
      aie.dma_bd(%nb : memref<64xi32, 1>, 0, 64)
      aie.next_bd ^bad
    ^end:
      aie.end
    }
  }
  // aie-dma-channels.
  aie.device(npu1_2col) @channels {
    %s = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %w = aie.buffer(%t) : memref<64xi32>
    // On AIE2 a channel's task queue takes up to four dma_starts (each runs
    // after the one before it ends, mlir-aie's dmabd_task_queue); a fifth
    // does not fit.
    %mem = aie.mem(%t) {
      // expected-note@+1 {{first started here}}
      %0 = aie.dma_start(S2MM, 0, ^bd, ^q1)
    ^bd:
      aie.dma_bd(%w : memref<64xi32>, 0, 64)
      aie.next_bd ^end
    ^q1:
      %q1 = aie.dma_start(S2MM, 0, ^bd, ^q2)
    ^q2:
      %q2 = aie.dma_start(S2MM, 0, ^bd, ^q3)
    ^q3:
      %q3 = aie.dma_start(S2MM, 0, ^bd, ^n)
    ^n:
      // expected-error@+1 {{S2MM channel 0 of tile (0, 2) is started 5 times, but its task queue holds 4}}
      %1 = aie.dma_start(S2MM, 0, ^bd, ^n2)
    ^n2:
      // expected-error@+1 {{MM2S channel 2 does not exist on tile (0, 2), which has MM2S channels 0..1}}
      %2 = aie.dma_start(MM2S, 2, ^bd, ^end)
    ^end:
      aie.end
    }
    // expected-error@+1 {{S2MM channel 5 does not exist on shim tile (0, 0), which has S2MM channels 0..1}}
    aie.shim_dma_allocation @bad(%s, S2MM, 5)
  }
  // aie-flows.
  aie.device(npu1_2col) @flows {
    %s = aie.tile(0, 0)
    %m = aie.tile(0, 1)
    %t = aie.tile(0, 2)
    %u = aie.tile(1, 2)
    // expected-warning@+1 {{the flow's source, MM2S channel 0 of memory tile (0, 1), is never started: the flow carries nothing}}
    aie.flow(%m, DMA : 0, %t, Core : 0)
    // expected-error@+1 {{the flow's destination DMA : 2 does not exist on tile (0, 2), which has S2MM DMA channels 0..1}}
    aie.flow(%s, DMA : 1, %t, DMA : 2)
    // expected-error@+1 {{the flow's source Core : 0 does not exist on memory tile (0, 1), which has no core output streams}}
    aie.flow(%m, Core : 0, %u, DMA : 1)
    // expected-note@+2 {{the other flow into it}}
    // expected-warning@+1 {{the flow's destination, S2MM channel 0 of tile (1, 2), is never started: what the flow carries is never received and its sender blocks}}
    aie.flow(%s, DMA : 0, %u, DMA : 0)
    // expected-warning@+3 {{the flow's source, MM2S channel 1 of memory tile (0, 1), is never started: the flow carries nothing}}
    // expected-warning@+2 {{the flow's destination, S2MM channel 0 of tile (1, 2), is never started: what the flow carries is never received and its sender blocks}}
    // expected-error@+1 {{DMA : 0 of tile (1, 2) is the destination of two flows; a port has one source (a circuit-switched stream cannot merge)}}
    aie.flow(%m, DMA : 1, %u, DMA : 0)
    // expected-warning@+1 {{MM2S channel 1 of shim tile (0, 0) sends into no flow: its BDs never finish}}
    aie.shim_dma_allocation @in(%s, MM2S, 1)
    aie.shim_dma_allocation @in0(%s, MM2S, 0)
  }
}
