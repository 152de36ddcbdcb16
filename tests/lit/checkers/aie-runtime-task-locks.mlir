// Runtime tasks whose BDs use locks (issue 26): mlir-aie's
// `aiex.dma_configure_task` on a tile DMA, with use_lock around its BDs.
// The task's lock steps and transfers run in order, at the head of its
// channel's queue. Written for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s

// A memory tile relays 64 words in two halves: the S2MM task fills each
// half and hands it on (release `full`), the MM2S task takes both halves
// at once (acquire 2) and sends them out.
// CHECK: proven: deadlock freedom of the dispatch (dispatching @relay): in every interleaving of the host, 0 core(s), 0 BD chain(s) and 4 task queue(s)
// The MM2S task waits for three halves where the S2MM task fills two.
// CHECK: error: deadlock: the host waits here for shim tile (0, 0) S2MM 0 to finish task 1 of its 1
// CHECK: note: memory tile (0, 1) MM2S 0 has 1 unfinished task(s); the one at its head has sent 0 of its 64 words and waits to acquire 3 from lock "full" (value 2)
module {
  aie.device(npu2_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %buf = aie.buffer(%mem) {sym_name = "buf"} : memref<64xi32>
    %free = aie.lock(%mem, 0) {init = 2 : i32, sym_name = "free"}
    %full = aie.lock(%mem, 1) {init = 0 : i32, sym_name = "full"}
    aie.flow(%shim, DMA : 0, %mem, DMA : 0)
    aie.flow(%mem, DMA : 0, %shim, DMA : 0)
    aie.runtime_sequence @relay(%in : memref<64xi32>, %out : memref<64xi32>) {
      %t0 = aiex.dma_configure_task(%shim, MM2S, 0) {
        aie.dma_bd(%in : memref<64xi32> offset = 0 len = 64)
        aie.end
      }
      %t1 = aiex.dma_configure_task(%mem, S2MM, 0) {
        aie.use_lock(%free, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 32)
        aie.use_lock(%full, Release, 1)
        aie.next_bd ^bb1
      ^bb1:
        aie.use_lock(%free, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<64xi32> offset = 32 len = 32)
        aie.use_lock(%full, Release, 1)
        aie.end
      }
      %t2 = aiex.dma_configure_task(%mem, MM2S, 0) {
        aie.use_lock(%full, AcquireGreaterEqual, 2)
        aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 64)
        aie.use_lock(%free, Release, 2)
        aie.end
      }
      %t3 = aiex.dma_configure_task(%shim, S2MM, 0) {
        aie.dma_bd(%out : memref<64xi32> offset = 0 len = 64)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t0)
      aiex.dma_start_task(%t1)
      aiex.dma_start_task(%t2)
      aiex.dma_start_task(%t3)
      aiex.dma_await_task(%t3)
    }
    aie.runtime_sequence @short(%in : memref<64xi32>, %out : memref<64xi32>) {
// expected-note @-1 {{the same holds with 8 words buffered in front of each BD a task queue's stream feeds (the device model's stream_buffer_words, measured on npu2)}}
// expected-note @-2 {{in the dispatch that runs this runtime sequence (each of the device's sequences is checked as a dispatch of its own)}}
      %t0 = aiex.dma_configure_task(%shim, MM2S, 0) {
        aie.dma_bd(%in : memref<64xi32> offset = 0 len = 64)
        aie.end
      }
      %t1 = aiex.dma_configure_task(%mem, S2MM, 0) {
        aie.use_lock(%free, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 32)
        aie.use_lock(%full, Release, 1)
// expected-note @-1 {{lock "full" is released here, by a runtime task on memory tile (0, 1) S2MM 0}}
        aie.next_bd ^bb1
      ^bb1:
        aie.use_lock(%free, AcquireGreaterEqual, 1)
        aie.dma_bd(%buf : memref<64xi32> offset = 32 len = 32)
        aie.use_lock(%full, Release, 1)
// expected-note @-1 {{lock "full" is released here, by a runtime task on memory tile (0, 1) S2MM 0}}
        aie.end
      }
      %t2 = aiex.dma_configure_task(%mem, MM2S, 0) {
        aie.use_lock(%full, AcquireGreaterEqual, 3)
        aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 64)
        aie.use_lock(%free, Release, 3)
        aie.end
      }
      %t3 = aiex.dma_configure_task(%shim, S2MM, 0) {
        aie.dma_bd(%out : memref<64xi32> offset = 0 len = 64)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t0)
      aiex.dma_start_task(%t1)
      aiex.dma_start_task(%t2)
// expected-note @-1 {{memory tile (0, 1) MM2S 0 has 1 unfinished task(s); the one at its head has sent 0 of its 64 words and waits to acquire 3 from lock "full" (value 2)}}
      aiex.dma_start_task(%t3)
// expected-note @-1 {{shim tile (0, 0) S2MM 0 has 1 unfinished task(s); the one at its head has received 0 of its 64 words}}
      aiex.dma_await_task(%t3)
// expected-error @-1 {{deadlock: the host waits here for shim tile (0, 0) S2MM 0 to finish task 1 of its 1 (0 finished, 64 words left to move) and can never go on}}
    }
  }
}
// CHECK: air-check: 1 file, 1 error, 0 warnings
