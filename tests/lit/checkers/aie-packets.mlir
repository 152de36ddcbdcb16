// Packet flows (issue 26, part 4): two packet ids share shim MM2S 1, so a
// task waits behind the one at the head of the channel's queue
// (head-of-line blocking). The device has two runtime sequences; each is a
// dispatch of its own and is checked alone. Sending the two data blocks
// first deadlocks, with rendezvous streams and with the 8 words npu2's
// fabric holds in front of a BD alike: the second block (16 words) waits
// in the channel for a buffer the core frees only after the key, which
// waits behind it. Sending the key first completes. (mlir-aie measured the same
// shape on npu2, test/deadlock-model/Inputs/hw_head_of_line_*; this design
// is written for this test.)
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: error: deadlock: the host waits here for shim tile (0, 0) MM2S 1
// CHECK: proven: deadlock freedom of the dispatch (dispatching @key_first): in every interleaving of the host, 1 core(s), 2 BD chain(s) and 1 task queue(s) (2 task(s);
// CHECK-SAME: both with rendezvous streams (the least buffering) and with 8 words buffered in front of each BD a task queue's stream feeds
// CHECK: air-check: 1 file, 1 error, 0 warnings
// Two packet streams share shim MM2S 1. The core reads the "key" buffer
// (packet 7) before it frees the "data" buffer (packet 3).
module {
  aie.device(npu2_1col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 3)
    %data = aie.buffer(%t) {sym_name = "data"} : memref<16xi32>
    %key = aie.buffer(%t) {sym_name = "key"} : memref<16xi32>
    %data_free = aie.lock(%t, 4) {init = 1 : i32, sym_name = "data_free"}
    %data_full = aie.lock(%t, 5) {init = 0 : i32, sym_name = "data_full"}
    %key_free = aie.lock(%t, 6) {init = 1 : i32, sym_name = "key_free"}
    %key_full = aie.lock(%t, 7) {init = 0 : i32, sym_name = "key_full"}
    aie.shim_dma_allocation @data_in(%shim, MM2S, 1, <pkt_id = 3>)
    aie.shim_dma_allocation @key_in(%shim, MM2S, 1, <pkt_id = 7>)
    aie.packet_flow(3) {
      aie.packet_source<%shim, DMA : 1>
      aie.packet_dest<%t, DMA : 0>
    }
    aie.packet_flow(7) {
      aie.packet_source<%shim, DMA : 1>
      aie.packet_dest<%t, DMA : 1>
    }
    %dma = aie.mem(%t) {
      %one = arith.constant 1 : i32
      %a = aie.dma_start(S2MM, 0, ^d, ^next)
    ^d:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 3) waits to acquire 1 from lock "data_free" (value 0)}}
      aie.use_lock(%data_free, AcquireGreaterEqual, %one)
      aie.dma_bd(%data : memref<16xi32> len = 16)
      aie.use_lock(%data_full, Release, %one)
      aie.next_bd ^d
    ^next:
      %b = aie.dma_start(S2MM, 1, ^k, ^end)
    ^k:
      aie.use_lock(%key_free, AcquireGreaterEqual, %one)
      // expected-note@+1 {{the S2MM 1 chain of tile (0, 3) waits at this BD (0 of its 16 words received) for words from a task on shim tile (0, 0) MM2S 1}}
      aie.dma_bd(%key : memref<16xi32> len = 16)
      // expected-note@+1 {{lock "key_full" is released here, by the S2MM 1 chain of tile (0, 3), which is blocked}}
      aie.use_lock(%key_full, Release, %one)
      aie.next_bd ^k
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %one = arith.constant 1 : i32
      // expected-note@+1 {{the core of tile (0, 3) waits to acquire 1 from lock "key_full" (value 0), also forever}}
      aie.use_lock(%key_full, AcquireGreaterEqual, %one)
      aie.use_lock(%data_full, AcquireGreaterEqual, %one)
      // expected-note@+1 {{lock "data_free" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%data_free, Release, %one)
      aie.use_lock(%data_full, AcquireGreaterEqual, %one)
      // expected-note@+1 {{lock "data_free" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%data_free, Release, %one)
      aie.use_lock(%key_free, Release, %one)
      aie.end
    }
    // Two blocks of data, then the key: the second block waits in the
    // shim channel for a buffer the core frees only after the key, which
    // waits behind it.
    // expected-note@+2 {{in the dispatch that runs this runtime sequence (each of the device's sequences is checked as a dispatch of its own)}}
    // expected-note@+1 {{the same holds with 8 words buffered in front of each BD a task queue's stream feeds (the device model's stream_buffer_words, measured on npu2)}}
    aie.runtime_sequence @data_first(%d : memref<32xi32>, %k : memref<16xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 1 has 2 unfinished task(s); the one at its head has sent 16 of its 32 words}}
      aiex.npu.dma_memcpy_nd(%d[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {metadata = @data_in, id = 0 : i64} : memref<32xi32>
      aiex.npu.dma_memcpy_nd(%k[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {metadata = @key_in, id = 1 : i64, issue_token = true} : memref<16xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 1 to finish task 2 of its 2 (0 finished, 32 words left to move) and can never go on}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word}}
      aiex.npu.dma_wait {symbol = @key_in}
    }
    aie.runtime_sequence @key_first(%d : memref<32xi32>, %k : memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%k[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {metadata = @key_in, id = 1 : i64} : memref<16xi32>
      aiex.npu.dma_memcpy_nd(%d[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {metadata = @data_in, id = 0 : i64, issue_token = true} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @data_in}
    }
  }
}
