// Kernel contracts (issue 26, docs/aie.md "Kernel contracts"): a kernel
// that receives locks declares, on its func.func, the lock operations one
// call performs, in order (`aie.kernel_locks`). The core then runs them at
// the call. The same design as aie-kernel-locks.mlir, whose kernel declares
// none (unknown there). Written for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), 0 BD chain(s) and 4 task queue(s)
// The second kernel takes 2 from dst_free, which holds 1 and gets 1 back
// only after the kernel.
// CHECK: error: deadlock: the host waits here for shim tile (0, 0) S2MM 0 to finish task 1 of its 1
// CHECK: note: the core of tile (0, 2) waits to acquire 2 from lock "dst_free" (value 1), also forever
module {
  aie.device(npu1_1col) @good {
// expected-warning @-1 {{data race freedom of the array is unknown: a runtime task's BD moves a buffer of a tile, and runtime tasks are not searched with the cores}}
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %src = aie.buffer(%t) {sym_name = "src"} : memref<256xi32>
    %dst = aie.buffer(%t) {sym_name = "dst"} : memref<256xi32>
    %src_free = aie.lock(%t, 0) {init = 1 : i32, sym_name = "src_free"}
    %src_full = aie.lock(%t, 1) {init = 0 : i32, sym_name = "src_full"}
    %dst_free = aie.lock(%t, 2) {init = 1 : i32, sym_name = "dst_free"}
    %dst_full = aie.lock(%t, 3) {init = 0 : i32, sym_name = "dst_full"}
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    func.func private @negate_locked(memref<256xi32>, memref<256xi32>, index, index, index, index) attributes {aie.kernel_locks = [{arg = 2 : i32, action = "AcquireGreaterEqual", value = 1 : i32}, {arg = 4 : i32, action = "AcquireGreaterEqual", value = 1 : i32}, {arg = 3 : i32, action = "Release", value = 1 : i32}, {arg = 5 : i32, action = "Release", value = 1 : i32}]}
    %core = aie.core(%t) {
      func.call @negate_locked(%src, %dst, %src_full, %src_free, %dst_free, %dst_full) : (memref<256xi32>, memref<256xi32>, index, index, index, index) -> ()
      aie.end
    } {link_with = "negate.o"}
    aie.runtime_sequence(%in: memref<256xi32>, %out: memref<256xi32>) {
      %a = aiex.dma_configure_task(%shim, MM2S, 0) {
        aie.dma_bd(%in : memref<256xi32>, 0, 256) {bd_id = 0 : i32}
        aie.end
      }
      %b = aiex.dma_configure_task(%t, S2MM, 0) {
        aie.use_lock(%src_free, AcquireGreaterEqual, 1)
        aie.dma_bd(%src : memref<256xi32>, 0, 256) {bd_id = 0 : i32}
// expected-note @-1 {{this BD}}
        aie.use_lock(%src_full, Release, 1)
        aie.end
      }
      aiex.dma_start_task(%a)
      aiex.dma_start_task(%b)
      %c = aiex.dma_configure_task(%t, MM2S, 0) {
        aie.use_lock(%dst_full, AcquireGreaterEqual, 1)
        aie.dma_bd(%dst : memref<256xi32>, 0, 256) {bd_id = 1 : i32}
        aie.use_lock(%dst_free, Release, 1)
        aie.end
      }
      %d = aiex.dma_configure_task(%shim, S2MM, 0) {
        aie.dma_bd(%out : memref<256xi32>, 0, 256) {bd_id = 1 : i32}
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%c)
      aiex.dma_start_task(%d)
      aiex.dma_await_task(%d)
    }
  }
  aie.device(npu1_1col) @twice {
// expected-warning @-1 {{data race freedom of the array is unknown: a runtime task's BD moves a buffer of a tile, and runtime tasks are not searched with the cores}}
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %src = aie.buffer(%t) {sym_name = "src"} : memref<256xi32>
    %dst = aie.buffer(%t) {sym_name = "dst"} : memref<256xi32>
    %src_free = aie.lock(%t, 0) {init = 1 : i32, sym_name = "src_free"}
    %src_full = aie.lock(%t, 1) {init = 0 : i32, sym_name = "src_full"}
    %dst_free = aie.lock(%t, 2) {init = 1 : i32, sym_name = "dst_free"}
    %dst_full = aie.lock(%t, 3) {init = 0 : i32, sym_name = "dst_full"}
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    func.func private @negate_locked(memref<256xi32>, memref<256xi32>, index, index, index, index) attributes {aie.kernel_locks = [{arg = 2 : i32, action = "AcquireGreaterEqual", value = 1 : i32}, {arg = 4 : i32, action = "AcquireGreaterEqual", value = 2 : i32}, {arg = 3 : i32, action = "Release", value = 1 : i32}, {arg = 5 : i32, action = "Release", value = 1 : i32}]}
    %core = aie.core(%t) {
      func.call @negate_locked(%src, %dst, %src_full, %src_free, %dst_free, %dst_full) : (memref<256xi32>, memref<256xi32>, index, index, index, index) -> ()
// expected-note @-1 {{the core of tile (0, 2) waits to acquire 2 from lock "dst_free" (value 1), also forever}}
// expected-note @-2 {{lock "dst_full" is released here, by the core of tile (0, 2), which is blocked}}
      aie.end
    } {link_with = "negate.o"}
    aie.runtime_sequence(%in: memref<256xi32>, %out: memref<256xi32>) {
      %a = aiex.dma_configure_task(%shim, MM2S, 0) {
        aie.dma_bd(%in : memref<256xi32>, 0, 256) {bd_id = 0 : i32}
        aie.end
      }
      %b = aiex.dma_configure_task(%t, S2MM, 0) {
        aie.use_lock(%src_free, AcquireGreaterEqual, 1)
        aie.dma_bd(%src : memref<256xi32>, 0, 256) {bd_id = 0 : i32}
// expected-note @-1 {{this BD}}
        aie.use_lock(%src_full, Release, 1)
        aie.end
      }
      aiex.dma_start_task(%a)
      aiex.dma_start_task(%b)
      %c = aiex.dma_configure_task(%t, MM2S, 0) {
        aie.use_lock(%dst_full, AcquireGreaterEqual, 1)
        aie.dma_bd(%dst : memref<256xi32>, 0, 256) {bd_id = 1 : i32}
        aie.use_lock(%dst_free, Release, 1)
// expected-note @-1 {{lock "dst_free" is released here, by a runtime task on tile (0, 2) MM2S 0}}
        aie.end
      }
      %d = aiex.dma_configure_task(%shim, S2MM, 0) {
        aie.dma_bd(%out : memref<256xi32>, 0, 256) {bd_id = 1 : i32}
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%c)
// expected-note @-1 {{tile (0, 2) MM2S 0 has 1 unfinished task(s); the one at its head has sent 0 of its 256 words and waits to acquire 1 from lock "dst_full" (value 0)}}
      aiex.dma_start_task(%d)
// expected-note @-1 {{shim tile (0, 0) S2MM 0 has 1 unfinished task(s); the one at its head has received 0 of its 256 words}}
      aiex.dma_await_task(%d)
// expected-error @-1 {{deadlock: the host waits here for shim tile (0, 0) S2MM 0 to finish task 1 of its 1 (0 finished, 256 words left to move) and can never go on}}
    }
  }
}
// CHECK: air-check: 1 file, 1 error, 2 warnings
