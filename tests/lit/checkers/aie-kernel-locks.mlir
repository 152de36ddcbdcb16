// A core that hands its locks to a kernel call (mlir-aie's lock_pass_to_c
// form, written here from scratch): the kernel acquires and releases them,
// so an acquire that no aie.use_lock releases is not "waits forever" but
// unknown, and so are the lock balance, deadlock freedom and races.
// RUN: air-check lint --verify-diagnostics %s
module {
  aie.device(npu1_1col) {
// expected-warning @-1 {{deadlock freedom of the array is unknown: 'func.call' receives a lock: what the kernel acquires and releases is not modelled (no kernel contract)}}
// expected-warning @-2 {{data race freedom of the array is unknown: a runtime task's BD moves a buffer of a tile, and runtime tasks are not searched with the cores}}
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %src = aie.buffer(%t) {sym_name = "src"} : memref<256xi32>
    %dst = aie.buffer(%t) {sym_name = "dst"} : memref<256xi32>
    %src_free = aie.lock(%t, 0) {init = 1 : i32, sym_name = "src_free"}
// expected-note @-1 {{the lock handed to the kernel}}
    %src_full = aie.lock(%t, 1) {init = 0 : i32, sym_name = "src_full"}
// expected-note @-1 {{the lock handed to the kernel}}
    %dst_free = aie.lock(%t, 2) {init = 1 : i32, sym_name = "dst_free"}
// expected-note @-1 {{the lock handed to the kernel}}
    %dst_full = aie.lock(%t, 3) {init = 0 : i32, sym_name = "dst_full"}
// expected-note @-1 {{the lock handed to the kernel}}
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    func.func private @negate_locked(memref<256xi32>, memref<256xi32>, index, index, index, index)
    %core = aie.core(%t) {
      func.call @negate_locked(%src, %dst, %src_full, %src_free, %dst_free, %dst_full) : (memref<256xi32>, memref<256xi32>, index, index, index, index) -> ()
// expected-warning @-1 {{lock protocol of 'src_free' is unknown: 'func.call' receives it, and what the kernel acquires and releases is not modelled (no kernel contract)}}
// expected-warning @-2 {{lock protocol of 'src_full' is unknown: 'func.call' receives it, and what the kernel acquires and releases is not modelled (no kernel contract)}}
// expected-warning @-3 {{lock protocol of 'dst_free' is unknown: 'func.call' receives it, and what the kernel acquires and releases is not modelled (no kernel contract)}}
// expected-warning @-4 {{lock protocol of 'dst_full' is unknown: 'func.call' receives it, and what the kernel acquires and releases is not modelled (no kernel contract)}}
// expected-note @-5 {{here}}
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
}
