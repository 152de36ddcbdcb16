// aie-deadlock's remaining verdicts of issue 26, each written for this
// test: a task of 8 words into a 4-word BD chain that waits forever is a
// deadlock with rendezvous streams and, with npu2's 8 buffered words, an
// unclean end (the note says the finding holds with both); a BD of 0 words
// and a transfer of 0 words are unknown (the model does not invent a
// word); packets sent from a BD chain are unknown (BD packet ids are not
// read); so is a flow between BD chains whose BDs differ in size.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=PROOF
// CHECK: air-check: 1 file, 1 error, 3 warnings
module {
  aie.device(npu2_1col) @left_in_stream {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<4xi32>
    %p = aie.lock(%t, 0) {init = 1 : i32, sym_name = "p"}
    %c = aie.lock(%t, 1) {init = 0 : i32, sym_name = "c"}
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 2) waits to acquire 1 from lock "p" (value 0)}}
      aie.use_lock(%p, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<4xi32> len = 4)
      aie.use_lock(%c, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    // expected-note@+1 {{the same holds with 8 words buffered in front of each BD a task queue's stream feeds (the device model's strea}}
    aie.runtime_sequence @run(%x : memref<8xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 4 of its 8 words}}
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @in, id = 0 : i64, issue_token = true} : memref<8xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 4 words left }}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they t}}
      aiex.npu.dma_wait {symbol = @in}
    }
  }
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a BD of 0 words (what the DMA does with it is not modelled)}}
  aie.device(npu1_1col) @zero_bd {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<4xi32>
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      // expected-note@+1 {{here}}
      aie.dma_bd(%buf : memref<4xi32> len = 0)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.runtime_sequence @run(%x : memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @in, id = 0 : i64} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a transfer of 0 words (what the DMA does with it is not modelled)}}
  aie.device(npu1_1col) @zero_task {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<4xi32>
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<4xi32> len = 4)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.runtime_sequence @run(%x : memref<8xi32>) {
      // expected-note@+1 {{here}}
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 0, 8][0, 0, 0, 1]) {metadata = @in, id = 0 : i64} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a packet flow from a BD chain (the packet ids its BDs carry) is not }}
  aie.device(npu2_1col) @packets_from_chain {
    %t = aie.tile(0, 2)
    %u = aie.tile(0, 3)
    %a = aie.buffer(%t) : memref<4xi32>
    %b = aie.buffer(%u) : memref<4xi32>
    // expected-note@+1 {{here}}
    aie.packet_flow(4) {
      aie.packet_source<%t, DMA : 0>
      aie.packet_dest<%u, DMA : 0>
    }
    %m1 = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%a : memref<4xi32> len = 4)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %m2 = aie.mem(%u) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%b : memref<4xi32> len = 4)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %c = aie.core(%u) {
      aie.end
    }
  }

  // A memory tile's 16-word BDs into a core tile's 8-word BDs: the
  // hardware fills two of the receiver's BDs per BD sent, and so does the
  // model, whose streams between BD chains move words (it used to pair one
  // BD with one and said unknown here; upstream's hardware-run
  // add_one_using_dma has this shape; this design is written for this
  // test). Proven, no longer an unknown.
  // PROOF: aie-dispatch-unknowns.mlir:[[@LINE+1]]:3: proven: deadlock freedom of the array: in every interleaving of 1 core(s) and 2 BD chain(s)
  aie.device(npu1_1col) @bd_sizes_differ {
    %mt = aie.tile(0, 1)
    %t = aie.tile(0, 2)
    %big = aie.buffer(%mt) {sym_name = "big"} : memref<16xi32>
    %small = aie.buffer(%t) {sym_name = "small"} : memref<8xi32>
    aie.flow(%mt, DMA : 0, %t, DMA : 0)
    %d = aie.memtile_dma(%mt) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%big : memref<16xi32>, 0, 16)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%small : memref<8xi32>, 0, 8)
      aie.next_bd ^bd2
    ^bd2:
      aie.dma_bd(%small : memref<8xi32>, 0, 8)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %c = aie.core(%t) {
      aie.end
    }
  }
}
