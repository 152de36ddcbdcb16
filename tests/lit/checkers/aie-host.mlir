// aie-deadlock with the host as an agent (issue 26): the runtime sequence
// pushes tasks onto DMA task queues (4 deep on npu1: mlir-aie
// docs/DeadlockModel.md, "At most four tasks queued per channel") and waits
// for them; the dispatch must end clean. One aie.device per case.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// RUN: not air-check lint --host-polling --show-proofs %s 2>&1 | FileCheck %s --check-prefix=POLL
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (8 task(s); {{[0-9]+}} states){{.*}}depth 4)
// CHECK-DAG: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 2 BD chain(s) and 2 task queue(s) (2 task(s); {{[0-9]+}} states)
// CHECK: air-check: 1 file, 6 errors, 0 warnings
// With host polling a push onto a full queue waits for room: the eight
// pushes without a wait are fine.
// POLL: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (8 task(s); {{[0-9]+}} states){{.*}}depth 4, the host polling for room)

module {
  // The host sends 32 words and waits for them; the core's DMA takes one
  // 16-word block and its chain ends. The wait never returns.
  aie.device(npu1_1col) @host_waits_forever {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %empty = aie.lock(%t, 0) {init = 1 : i32, sym_name = "empty"}
    %full = aie.lock(%t, 1) {init = 0 : i32, sym_name = "full"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 2) at the other end of its flow has finished}}
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%empty, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%full, Release, 1)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      aie.use_lock(%full, AcquireGreaterEqual, 1)
      aie.use_lock(%empty, Release, 1)
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<32xi32>) {
      // expected-note@+1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 16 of its 32 words}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
      // expected-error@+2 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move) and can never go on}}
      // expected-note@+1 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // Eight pushes onto one shim channel with no wait between them: the
  // fifth finds four unfinished tasks in front of it. The mlir-aie that
  // mlir-air pins drops it (mlir-air #1822/#1826 measured the hang on
  // hardware).
  aie.device(npu1_1col) @eight_pushes {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<128xi32>) {
      // expected-note@+1 {{task 1 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<128xi32>
      // expected-note@+1 {{task 2 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 16][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<128xi32>
      // expected-note@+1 {{task 3 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 32][1, 1, 1, 16][0, 0, 0, 1]) {id = 2 : i64, metadata = @in} : memref<128xi32>
      // expected-note@+1 {{task 4 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 48][1, 1, 1, 16][0, 0, 0, 1]) {id = 3 : i64, metadata = @in} : memref<128xi32>
      // expected-error@+2 {{the host pushes a task onto shim tile (0, 0) MM2S 0 while its queue holds 4 unfinished tasks (depth 4): the mlir-aie that mlir-air pins drops the push and the design hangs}}
      // expected-note@+1 {{hint: wait for the channel (npu.dma_wait {symbol = @in}) before it holds 4 tasks, or fold the transfers into one task with a repeat count; --host-polling checks for a later mlir-aie, whose host waits for room}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 64][1, 1, 1, 16][0, 0, 0, 1]) {id = 4 : i64, metadata = @in} : memref<128xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 80][1, 1, 1, 16][0, 0, 0, 1]) {id = 5 : i64, metadata = @in} : memref<128xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 96][1, 1, 1, 16][0, 0, 0, 1]) {id = 6 : i64, metadata = @in} : memref<128xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 112][1, 1, 1, 16][0, 0, 0, 1]) {id = 7 : i64, metadata = @in} : memref<128xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // The same eight pushes, in a loop of two trips that waits after every
  // four: proven.
  aie.device(npu1_1col) @waits_every_four {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<128xi32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %c2 step %c1 {
        aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<128xi32>
        aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 16][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<128xi32>
        aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 32][1, 1, 1, 16][0, 0, 0, 1]) {id = 2 : i64, metadata = @in} : memref<128xi32>
        aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 48][1, 1, 1, 16][0, 0, 0, 1]) {id = 3 : i64, metadata = @in} : memref<128xi32>
        aiex.npu.dma_wait {symbol = @in}
      }
    }
  }

  // The host sends 32 words and never waits; the tile's DMA takes 16 and
  // its chain ends: the dispatch returns with 16 words stuck in the shim.
  aie.device(npu1_1col) @words_left {
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
    // expected-note@+1 {{the runtime sequence ends without a wait for shim tile (0, 0) MM2S 0}}
    aie.runtime_sequence(%a: memref<32xi32>) {
      // expected-error@+3 {{the dispatch does not end clean: when the runtime sequence has run to its end, shim tile (0, 0) MM2S 0 still has 16 words to send in 1 unfinished task(s), and nothing will ever move them}}
      // expected-note@+2 {{task 1 of shim tile (0, 0) MM2S 0 (32 words), pushed here, is at the head of the queue, with 16 moved}}
      // expected-note@+1 {{hint: make the BDs at the other end of the flow take every word the task moves, and wait for the channel (npu.dma_wait) before the sequence ends}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<32xi32>
    }
  }

  // The host sends 8 words into a 16-word BD and waits for its task (which
  // finishes): the dispatch ends with the BD half full.
  aie.device(npu1_1col) @bd_half_full {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      // expected-error@+2 {{the dispatch does not end clean: when the runtime sequence has run to its end, the S2MM 0 chain of tile (0, 2) is in the middle of this BD (8 of its 16 words received) and shim tile (0, 0) MM2S 0 has no task left to send the rest}}
      // expected-note@+1 {{hint: make the tasks on shim tile (0, 0) MM2S 0 move a whole number of this chain's BDs}}
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    // expected-note@+1 {{the runtime sequence ends here}}
    aie.runtime_sequence(%a: memref<8xi32>) {
      // expected-note@+1 {{task 1 of shim tile (0, 0) MM2S 0 (8 words) is pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // No core: the host sends 64 words through a memory tile and back. The
  // agents are the host, two task queues and the memory tile's chains:
  // checked, and proven.
  aie.device(npu1_1col) @no_core {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    %prod = aie.lock(%mt, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%mt, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%mt) {sym_name = "buf"} : memref<64xi32, 1>
    %dma = aie.memtile_dma(%mt) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^next)
    ^in:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^in
    ^next:
      %1 = aie.dma_start(MM2S, 0, ^out, ^end)
    ^out:
      aie.use_lock(%cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%prod, Release, 1)
      aie.next_bd ^out
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.flow(%mt, DMA : 0, %shim, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
    aie.runtime_sequence(%a: memref<64xi32>, %b: memref<64xi32>) {
      %tin = aiex.dma_configure_task_for @in {
        aie.dma_bd(%a : memref<64xi32>, 0, 64)
        aie.end
      }
      aiex.dma_start_task(%tin)
      %tout = aiex.dma_configure_task_for @out {
        aie.dma_bd(%b : memref<64xi32>, 0, 64)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%tout)
      aiex.dma_await_task(%tout)
    }
  }

  // Four pushes onto @q, one onto @r, a wait on @r, a fifth push onto @q.
  // The wait returns once @r's task has finished, which needs nothing of
  // @q: in a run where @q's DMA has not moved yet, the fifth push finds
  // four tasks in front of it. (The model is untimed: that @q is probably
  // faster does not count.)
  aie.device(npu1_1col) @wait_on_another_channel {
    %shim = aie.tile(0, 0)
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %b2 = aie.buffer(%t2) {sym_name = "b2"} : memref<16xi32>
    %b3 = aie.buffer(%t3) {sym_name = "b3"} : memref<16xi32>
    %m2 = aie.mem(%t2) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%b2 : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %m3 = aie.mem(%t3) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%b3 : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t2, DMA : 0)
    aie.flow(%shim, DMA : 1, %t3, DMA : 0)
    aie.shim_dma_allocation @q(%shim, MM2S, 0)
    aie.shim_dma_allocation @r(%shim, MM2S, 1)
    aie.runtime_sequence(%a: memref<80xi32>, %b: memref<16xi32>) {
      // expected-note@+1 {{task 1 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @q} : memref<80xi32>
      // expected-note@+1 {{task 2 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 16][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @q} : memref<80xi32>
      // expected-note@+1 {{task 3 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 32][1, 1, 1, 16][0, 0, 0, 1]) {id = 2 : i64, metadata = @q} : memref<80xi32>
      // expected-note@+1 {{task 4 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 48][1, 1, 1, 16][0, 0, 0, 1]) {id = 3 : i64, metadata = @q} : memref<80xi32>
      aiex.npu.dma_memcpy_nd(%b[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 4 : i64, metadata = @r} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @r}
      // expected-error@+2 {{the host pushes a task onto shim tile (0, 0) MM2S 0 while its queue holds 4 unfinished tasks (depth 4)}}
      // expected-note@+1 {{hint: wait for the channel (npu.dma_wait {symbol = @q})}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 64][1, 1, 1, 16][0, 0, 0, 1]) {id = 5 : i64, metadata = @q} : memref<80xi32>
      aiex.npu.dma_wait {symbol = @q}
    }
  }

  // The same with the two allocations' names swapped: which queue the
  // search meets first must not matter (it did: the queues' moves were
  // taken in a fixed order, and this one was proven).
  aie.device(npu1_1col) @wait_on_another_channel_swapped {
    %shim = aie.tile(0, 0)
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %b2 = aie.buffer(%t2) {sym_name = "b2"} : memref<16xi32>
    %b3 = aie.buffer(%t3) {sym_name = "b3"} : memref<16xi32>
    %m2 = aie.mem(%t2) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%b2 : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %m3 = aie.mem(%t3) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%b3 : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t2, DMA : 0)
    aie.flow(%shim, DMA : 1, %t3, DMA : 0)
    aie.shim_dma_allocation @r(%shim, MM2S, 0)
    aie.shim_dma_allocation @q(%shim, MM2S, 1)
    aie.runtime_sequence(%a: memref<80xi32>, %b: memref<16xi32>) {
      // expected-note@+1 {{task 1 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @r} : memref<80xi32>
      // expected-note@+1 {{task 2 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 16][1, 1, 1, 16][0, 0, 0, 1]) {id = 1 : i64, metadata = @r} : memref<80xi32>
      // expected-note@+1 {{task 3 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 32][1, 1, 1, 16][0, 0, 0, 1]) {id = 2 : i64, metadata = @r} : memref<80xi32>
      // expected-note@+1 {{task 4 of shim tile (0, 0) MM2S 0 (16 words) is in front of it, pushed here}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 48][1, 1, 1, 16][0, 0, 0, 1]) {id = 3 : i64, metadata = @r} : memref<80xi32>
      aiex.npu.dma_memcpy_nd(%b[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 4 : i64, metadata = @q} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @q}
      // expected-error@+2 {{the host pushes a task onto shim tile (0, 0) MM2S 0 while its queue holds 4 unfinished tasks (depth 4)}}
      // expected-note@+1 {{hint: wait for the channel (npu.dma_wait {symbol = @r})}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 64][1, 1, 1, 16][0, 0, 0, 1]) {id = 5 : i64, metadata = @r} : memref<80xi32>
      aiex.npu.dma_wait {symbol = @r}
    }
  }
}
