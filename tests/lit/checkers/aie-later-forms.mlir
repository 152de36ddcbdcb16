// What lint says of designs in the forms of later mlir-aie (issue 26):
// the older aiex.runtime_sequence runs as the host like
// aie.runtime_sequence; a BD's length given as an attribute counts; the
// region form aie.dma is a BD chain; a runtime task's BDs give its packets
// their id. What the model does not route or run is `unknown` with its
// reason, never a proof and never an error: BD chains sending packets,
// tiles placed later, the host's register writes (and a
// lock whose tile's registers the host writes). Every design is written
// for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK-DAG: error: deadlock: the host waits here for shim tile (0, 0) MM2S 0
// @cascade:
// CHECK-DAG: proven: deadlock freedom of the array: in every interleaving of 2 core(s) and 0 BD chain(s) over their locks and flows ({{[0-9]+}} states), every core reaches aie.end or keeps running (stream ends no BD chain drives taken as always ready), for every room of the cascade streams from 1 to 4 values
// @len_attribute:
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (2 task(s);
// @region_chains and @nested_locks:
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 2 BD chain(s) and 2 task queue(s) (2 task(s);
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 2 BD chain(s) and 2 task queue(s) (2 task(s);
// @task_packet_id and @transfer_packet:
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (1 task(s);
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (1 task(s);
// CHECK: air-check: 1 file, 1 error, 8 warnings
module {
  // aiex.runtime_sequence is the host: 32 words into a chain that takes 16
  // and ends; the host's wait never returns.
  aie.device(npu1_1col) @older_sequence_hangs {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 2) at the other end of its flow has finished}}
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aiex.runtime_sequence(%a: memref<32xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 16 of its 32 words}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move) and can never go on}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // `len` as an attribute: the chain takes 8 words per BD, twice, which is
  // what the host sends (read as the whole 16-word buffer, the second
  // task would never finish).
  aie.device(npu1_1col) @len_attribute {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>) { len = 8 : i32 }
      aie.next_bd ^bd2
    ^bd2:
      aie.dma_bd(%buf : memref<16xi32>) { len = 8 : i32 }
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aiex.runtime_sequence @seq(%a: memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 8][1, 1, 1, 8][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // The region form: a memory tile passes 16 words through, its two
  // chains aie.dma ops, ping-pong on two locks.
  aie.device(npu1_1col) @region_chains {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    %buf = aie.buffer(%mt) {sym_name = "buf"} : memref<16xi32>
    %empty = aie.lock(%mt, 0) {init = 1 : i32, sym_name = "empty"}
    %full = aie.lock(%mt, 1) {init = 0 : i32, sym_name = "full"}
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.flow(%mt, DMA : 0, %shim, DMA : 0)
    %d = aie.memtile_dma(%mt) {
      %0 = aie.dma(S2MM, 0) [{
        aie.use_lock(%empty, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<16xi32>)
        aie.use_lock(%full, Release, 1)
      }]
      %1 = aie.dma(MM2S, 0) [{
        aie.use_lock(%full, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<16xi32>)
        aie.use_lock(%empty, Release, 1)
      }]
      aie.end
    }
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence(%a: memref<32xi32>, %b: memref<32xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
      aiex.npu.dma_memcpy_nd(%b[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 1 : i64, metadata = @out} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

  // The same with the memory tile's buffer and locks declared inside its
  // DMA program, as mlir-aie's add_256_using_dma_op_no_double_buffering
  // does, and the older `dma_memcpy_nd(0, 0, %a[...])` form.
  aie.device(npu1_1col) @nested_locks {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.flow(%mt, DMA : 0, %shim, DMA : 0)
    %d = aie.memtile_dma(%mt) {
      %buf = aie.buffer(%mt) : memref<16xi32>
      %empty = aie.lock(%mt, 0) {init = 1 : i32}
      %full = aie.lock(%mt, 1) {init = 0 : i32}
      %0 = aie.dma(S2MM, 0) [{
        aie.use_lock(%empty, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<16xi32>)
        aie.use_lock(%full, Release, 1)
      }]
      %1 = aie.dma(MM2S, 0) [{
        aie.use_lock(%full, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<16xi32>)
        aie.use_lock(%empty, Release, 1)
      }]
      aie.end
    }
    memref.global "public" @in : memref<1xi32>
    memref.global "public" @out : memref<1xi32>
    aie.shim_dma_allocation @in(MM2S, 0, 0)
    aie.shim_dma_allocation @out(S2MM, 0, 0)
    aiex.runtime_sequence(%a: memref<32xi32>, %b: memref<32xi32>) {
      aiex.npu.dma_memcpy_nd(0, 0, %a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
      aiex.npu.dma_memcpy_nd(0, 0, %b[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 1 : i64, metadata = @out} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

  // A runtime task's BD carries packet id 5, which the packet flow routes
  // to the core tile's S2MM chain.
  aie.device(npu2_1col) @task_packet_id {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    aie.packet_flow(5) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    }
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32> offset = 0 len = 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
      %t0 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%a : memref<16xi32> offset = 0 len = 16) {packet = #aie.packet_info<pkt_type = 0, pkt_id = 5>}
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t0)
      aiex.dma_await_task(%t0)
    }
  }

  // A BD chain whose BD carries a packet header: not routed.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a BD chain's BD that carries a packet header (packet id 3): packets from or into a BD chain are not routed by the model}}
  aie.device(npu2_1col) @chain_sends_packets {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<8xi32>
    aie.packet_flow(3) {
      aie.packet_source<%t, DMA : 0>
      aie.packet_dest<%shim, DMA : 0>
    }
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      // expected-note-re@+1 {{{{^}}here{{$}}}}
      aie.dma_bd(%buf : memref<8xi32>, 0, 8) {packet = #aie.packet_info<pkt_type = 0, pkt_id = 3>}
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence(%a: memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @out, issue_token = true} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

  // A core, its buffer, locks and DMA on a tile placed later, and a flow
  // from it to a placed shim tile: no check that needs a coordinate
  // reports anything of it.
  // expected-warning@+2 {{deadlock freedom of the array is unknown: a tile whose place is chosen later (aie.logical_tile): the streams, channels and queues on it are not modelled before placement}}
  // expected-warning@+1 {{data race freedom of the array is unknown: a tile whose place is chosen later (aie.logical_tile): the streams, channels and queues on it are not modelled before placement}}
  aie.device(npu2) @placed_later {
    %shim = aie.tile(0, 0)
    // expected-note-re@+2 {{{{^}}here{{$}}}}
    // expected-note@+1 {{the model of the array stops here}}
    %core_tile = aie.logical_tile<CoreTile>(?, ?)
    %l = aie.lock(%core_tile, 0) {init = 1 : i32, sym_name = "l"}
    %full = aie.lock(%core_tile, 1) {init = 0 : i32, sym_name = "full"}
    %buf = aie.buffer(%core_tile) {sym_name = "buf"} : memref<8xi32>
    aie.flow(%core_tile, DMA : 0, %shim, DMA : 0)
    %c = aie.core(%core_tile) {
      aie.use_lock(%l, AcquireGreaterEqual, 1)
      aie.use_lock(%full, Release, 1)
      aie.end
    }
    %mem = aie.mem(%core_tile) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%full, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<8xi32> offset = 0 len = 8)
      aie.use_lock(%l, Release, 1)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence(%a: memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @out, issue_token = true} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

  // The host sets the lock the chain waits for.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: the runtime sequence's 'aiex.set_lock' is not modelled}}
  aie.device(npu2_1col) @set_lock {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    // expected-note@+1 {{the lock is declared here}}
    %go = aie.lock(%t, 0) {init = 0 : i32, sym_name = "go"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<8xi32>
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%go, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<8xi32> offset = 0 len = 8)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence(%a: memref<8xi32>) {
      // expected-warning@+2 {{lock protocol of 'go' is unknown: the host sets it here ('aiex.set_lock', not modelled)}}
      // expected-note-re@+1 {{{{^}}here{{$}}}}
      aiex.set_lock(%go, 1)
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @out, issue_token = true} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

  // A transfer with its own packet header, routed by the flow of its id.
  aie.device(npu2_1col) @transfer_packet {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    aie.packet_flow(9) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    }
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32> offset = 0 len = 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1], packet = <pkt_id = 9, pkt_type = 0>) {id = 0 : i64, metadata = @in, issue_token = true} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // Two cores joined by a cascade stream (modelled since: its room and its
  // values are two locks, aie-cascade.mlir), which neither core uses; the
  // cascade from (0, 3) south to (0, 2), as AIE2 cascades go.
  aie.device(npu2) @cascade {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    %la = aie.lock(%a, 0) {init = 1 : i32, sym_name = "la"}
    %lb = aie.lock(%b, 0) {init = 1 : i32, sym_name = "lb"}
    aie.cascade_flow(%b, %a)
    %ca = aie.core(%a) {
      aie.use_lock(%la, AcquireGreaterEqual, 1)
      aie.use_lock(%la, Release, 1)
      aie.end
    }
    %cb = aie.core(%b) {
      aie.use_lock(%lb, AcquireGreaterEqual, 1)
      aie.use_lock(%lb, Release, 1)
      aie.end
    }
  }

  // The host sets a lock of tile (0, 2) through its register (as
  // mlir-aie's local_reset designs do): the chain's acquire is satisfied by
  // the write, which the lock protocol does not run.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: the runtime sequence's 'aiex.npu.write32' is not modelled}}
  aie.device(npu2_1col) @register_write {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    // expected-note@+1 {{the lock is declared here}}
    %go = aie.lock(%t, 0) {init = 0 : i32, sym_name = "go"}
    // expected-note@+1 {{the lock is declared here}}
    %done = aie.lock(%t, 1) {init = 0 : i32, sym_name = "done"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<8xi32>
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%go, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<8xi32> offset = 0 len = 8)
      aie.use_lock(%done, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence @seq(%a: memref<8xi32>) {
      // expected-warning@+3 {{lock protocol of 'go' is unknown: registers of its tile are written here ('aiex.npu.write32', not modelled), which may set the lock's value}}
      // expected-warning@+2 {{lock protocol of 'done' is unknown: registers of its tile are written here ('aiex.npu.write32', not modelled), which may set the lock's value}}
      // expected-note-re@+1 {{{{^}}here{{$}}}}
      aiex.npu.write32 {address = 0x1F000 : ui32, column = 0 : i32, row = 2 : i32, value = 1 : ui32}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @out, issue_token = true} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }
}
