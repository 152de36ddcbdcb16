// The fabric's buffering (issue 26, part 2). One shim channel carries a
// data stream (packet 2) and a key stream (packet 9); the core takes the key
// before it frees the data buffer (4 words). @relies sends 12 data words
// first: with rendezvous streams (the least buffering) the fifth word waits
// for the buffer and the key waits behind it, a deadlock; a stream that
// holds 8 words in front of the BD (what mlir-aie measured on npu2:
// docs/DeadlockModel.md, "Buffering") takes the other 8, the task finishes
// and the key goes by. So the dispatch relies on the fabric: an error, a
// warning with --allow-fabric-buffering. @too_much sends 13: a deadlock
// with both. Written for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// RUN: not air-check lint --allow-fabric-buffering %s 2>&1 | FileCheck %s --check-prefix=ALLOW
// CHECK: error: deadlock unless the fabric buffers 8 word(s) in front of a BD: the host waits here
// CHECK: error: deadlock: the host waits here
// CHECK: air-check: 1 file, 2 errors, 0 warnings
// ALLOW: warning: deadlock unless the fabric buffers 8 word(s) in front of a BD
// ALLOW: (allowed by --allow-fabric-buffering)
// ALLOW: error: deadlock: the host waits here
module {
  aie.device(npu2_1col) @relies {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 4)
    %data = aie.buffer(%t) {sym_name = "data"} : memref<4xi32>
    %key = aie.buffer(%t) {sym_name = "key"} : memref<4xi32>
    %dfree = aie.lock(%t, 0) {init = 1 : i32, sym_name = "dfree"}
    %dfull = aie.lock(%t, 1) {init = 0 : i32, sym_name = "dfull"}
    %kfree = aie.lock(%t, 2) {init = 1 : i32, sym_name = "kfree"}
    %kfull = aie.lock(%t, 3) {init = 0 : i32, sym_name = "kfull"}
    aie.shim_dma_allocation @data_in(%shim, MM2S, 0, <pkt_id = 2>)
    aie.shim_dma_allocation @key_in(%shim, MM2S, 0, <pkt_id = 9>)
    aie.packet_flow(2) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    }
    aie.packet_flow(9) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 1>
    }
    %dma = aie.mem(%t) {
      %a = aie.dma_start(S2MM, 0, ^d, ^next)
    ^d:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 4) waits to acquire 1 from lock "dfree" (value 0)}}
      aie.use_lock(%dfree, AcquireGreaterEqual, 1)
      aie.dma_bd(%data : memref<4xi32> len = 4)
      aie.use_lock(%dfull, Release, 1)
      aie.next_bd ^d
    ^next:
      %b = aie.dma_start(S2MM, 1, ^k, ^end)
    ^k:
      aie.use_lock(%kfree, AcquireGreaterEqual, 1)
      // expected-note@+1 {{the S2MM 1 chain of tile (0, 4) waits at this BD (0 of its 4 words received) for words from a task on shim til}}
      aie.dma_bd(%key : memref<4xi32> len = 4)
      // expected-note@+1 {{lock "kfull" is released here, by the S2MM 1 chain of tile (0, 4), which is blocked}}
      aie.use_lock(%kfull, Release, 1)
      aie.next_bd ^k
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      // expected-note@+1 {{the core of tile (0, 4) waits to acquire 1 from lock "kfull" (value 0), also forever}}
      aie.use_lock(%kfull, AcquireGreaterEqual, 1)
      scf.for %i = %c0 to %c3 step %c1 {
        aie.use_lock(%dfull, AcquireGreaterEqual, 1)
        // expected-note@+1 {{lock "dfree" is released here, by the core of tile (0, 4), which is blocked}}
        aie.use_lock(%dfree, Release, 1)
      }
      aie.use_lock(%kfree, Release, 1)
      aie.end
    }
    // expected-note@+1 {{this happens with rendezvous streams (the least buffering); with 8 word(s) buffered in front of each BD a task}}
    aie.runtime_sequence @data_first(%d : memref<12xi32>, %k : memref<4xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 2 unfinished task(s); the one at its head has sent 4 of its 12 words}}
      aiex.npu.dma_memcpy_nd(%d[0, 0, 0, 0][1, 1, 1, 12][0, 0, 0, 1]) {metadata = @data_in, id = 0 : i64} : memref<12xi32>
      aiex.npu.dma_memcpy_nd(%k[0, 0, 0, 0][1, 1, 1, 4][0, 0, 0, 1]) {metadata = @key_in, id = 1 : i64, issue_token = true} : memref<4xi32>
      // expected-error@+2 {{deadlock unless the fabric buffers 8 word(s) in front of a BD: the host waits here for shim tile (0, 0) MM2S 0}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they t}}
      aiex.npu.dma_wait {symbol = @key_in}
    }
  }
  aie.device(npu2_1col) @too_much {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 4)
    %data = aie.buffer(%t) {sym_name = "data"} : memref<4xi32>
    %key = aie.buffer(%t) {sym_name = "key"} : memref<4xi32>
    %dfree = aie.lock(%t, 0) {init = 1 : i32, sym_name = "dfree"}
    %dfull = aie.lock(%t, 1) {init = 0 : i32, sym_name = "dfull"}
    %kfree = aie.lock(%t, 2) {init = 1 : i32, sym_name = "kfree"}
    %kfull = aie.lock(%t, 3) {init = 0 : i32, sym_name = "kfull"}
    aie.shim_dma_allocation @data_in(%shim, MM2S, 0, <pkt_id = 2>)
    aie.shim_dma_allocation @key_in(%shim, MM2S, 0, <pkt_id = 9>)
    aie.packet_flow(2) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    }
    aie.packet_flow(9) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 1>
    }
    %dma = aie.mem(%t) {
      %a = aie.dma_start(S2MM, 0, ^d, ^next)
    ^d:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 4) waits to acquire 1 from lock "dfree" (value 0)}}
      aie.use_lock(%dfree, AcquireGreaterEqual, 1)
      aie.dma_bd(%data : memref<4xi32> len = 4)
      aie.use_lock(%dfull, Release, 1)
      aie.next_bd ^d
    ^next:
      %b = aie.dma_start(S2MM, 1, ^k, ^end)
    ^k:
      aie.use_lock(%kfree, AcquireGreaterEqual, 1)
      // expected-note@+1 {{the S2MM 1 chain of tile (0, 4) waits at this BD (0 of its 4 words received) for words from a task on shim til}}
      aie.dma_bd(%key : memref<4xi32> len = 4)
      // expected-note@+1 {{lock "kfull" is released here, by the S2MM 1 chain of tile (0, 4), which is blocked}}
      aie.use_lock(%kfull, Release, 1)
      aie.next_bd ^k
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      // expected-note@+1 {{the core of tile (0, 4) waits to acquire 1 from lock "kfull" (value 0), also forever}}
      aie.use_lock(%kfull, AcquireGreaterEqual, 1)
      scf.for %i = %c0 to %c3 step %c1 {
        aie.use_lock(%dfull, AcquireGreaterEqual, 1)
        // expected-note@+1 {{lock "dfree" is released here, by the core of tile (0, 4), which is blocked}}
        aie.use_lock(%dfree, Release, 1)
      }
      aie.use_lock(%kfree, Release, 1)
      aie.end
    }
    // expected-note@+1 {{the same holds with 8 words buffered in front of each BD a task queue's stream feeds (the device model's strea}}
    aie.runtime_sequence @data_first(%d : memref<13xi32>, %k : memref<4xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 2 unfinished task(s); the one at its head has sent 4 of its 13 words}}
      aiex.npu.dma_memcpy_nd(%d[0, 0, 0, 0][1, 1, 1, 13][0, 0, 0, 1]) {metadata = @data_in, id = 0 : i64} : memref<13xi32>
      aiex.npu.dma_memcpy_nd(%k[0, 0, 0, 0][1, 1, 1, 4][0, 0, 0, 1]) {metadata = @key_in, id = 1 : i64, issue_token = true} : memref<4xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 2 of its 2 (0 finished, 13 words left}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they t}}
      aiex.npu.dma_wait {symbol = @key_in}
    }
  }
}
