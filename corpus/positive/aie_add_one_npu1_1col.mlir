// Pattern: the add-one pipeline at the aie level, in the shape mlir-air's
//   air-to-aie and airrt-to-npu give it (pinned mlir-aie syntax,
//   docs/aie.md): the host streams 64 i32 through the shim DMA into a
//   memory-tile buffer, on into the compute tile (0, 2), whose core adds one
//   and hands the result back the same way. Every buffer has a producer
//   lock (init 1: the slot is free) and a consumer lock (init 0); each DMA
//   channel and the core acquire one and release the other.
// Seed: 004 (aie dialect: aie.device, aie.dma_bd, aie.use_lock); the AIR
//   program it lowers is corpus/positive/vector_add_async.mlir's shape.
module {
  aie.device(npu1_1col) @add_one {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    %t = aie.tile(0, 2)
    %mt_in_prod = aie.lock(%mt, 0) {init = 1 : i32}
    %mt_in_cons = aie.lock(%mt, 1) {init = 0 : i32}
    %mt_out_prod = aie.lock(%mt, 2) {init = 1 : i32}
    %mt_out_cons = aie.lock(%mt, 3) {init = 0 : i32}
    %in_prod = aie.lock(%t, 0) {init = 1 : i32}
    %in_cons = aie.lock(%t, 1) {init = 0 : i32}
    %out_prod = aie.lock(%t, 2) {init = 1 : i32}
    %out_cons = aie.lock(%t, 3) {init = 0 : i32}
    %mt_in = aie.buffer(%mt) {sym_name = "mt_in"} : memref<64xi32, 1>
    %mt_out = aie.buffer(%mt) {sym_name = "mt_out"} : memref<64xi32, 1>
    %in = aie.buffer(%t) {sym_name = "in"} : memref<64xi32, 2>
    %out = aie.buffer(%t) {sym_name = "out"} : memref<64xi32, 2>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^next)
    ^in:
      aie.use_lock(%in_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%in : memref<64xi32, 2>, 0, 64)
      aie.use_lock(%in_cons, Release, 1)
      aie.next_bd ^in
    ^next:
      %1 = aie.dma_start(MM2S, 0, ^out, ^end)
    ^out:
      aie.use_lock(%out_cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%out : memref<64xi32, 2>, 0, 64)
      aie.use_lock(%out_prod, Release, 1)
      aie.next_bd ^out
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1 : i32
      aie.use_lock(%in_cons, AcquireGreaterEqual, 1)
      aie.use_lock(%out_prod, AcquireGreaterEqual, 1)
      scf.for %i = %c0 to %c64 step %c1 {
        %v = memref.load %in[%i] : memref<64xi32, 2>
        %w = arith.addi %v, %one : i32
        memref.store %w, %out[%i] : memref<64xi32, 2>
      }
      aie.use_lock(%in_prod, Release, 1)
      aie.use_lock(%out_cons, Release, 1)
      aie.end
    }
    %mtdma = aie.memtile_dma(%mt) {
      %0 = aie.dma_start(S2MM, 0, ^a, ^b0)
    ^a:
      aie.use_lock(%mt_in_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%mt_in : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%mt_in_cons, Release, 1)
      aie.next_bd ^a
    ^b0:
      %1 = aie.dma_start(MM2S, 0, ^b, ^c0)
    ^b:
      aie.use_lock(%mt_in_cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%mt_in : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%mt_in_prod, Release, 1)
      aie.next_bd ^b
    ^c0:
      %2 = aie.dma_start(S2MM, 1, ^c, ^d0)
    ^c:
      aie.use_lock(%mt_out_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%mt_out : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%mt_out_cons, Release, 1)
      aie.next_bd ^c
    ^d0:
      %3 = aie.dma_start(MM2S, 1, ^d, ^end)
    ^d:
      aie.use_lock(%mt_out_cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%mt_out : memref<64xi32, 1>, 0, 64)
      aie.use_lock(%mt_out_prod, Release, 1)
      aie.next_bd ^d
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.flow(%mt, DMA : 0, %t, DMA : 0)
    aie.flow(%t, DMA : 0, %mt, DMA : 1)
    aie.flow(%mt, DMA : 1, %shim, DMA : 0)
    aie.shim_dma_allocation @in_alloc(%shim, MM2S, 0)
    aie.shim_dma_allocation @out_alloc(%shim, S2MM, 0)
    aie.runtime_sequence @add_one_seq(%a: memref<64xi32>, %b: memref<64xi32>) {
      %tin = aiex.dma_configure_task_for @in_alloc {
        aie.dma_bd(%a : memref<64xi32>, 0, 64)
        aie.end
      }
      aiex.dma_start_task(%tin)
      %tout = aiex.dma_configure_task_for @out_alloc {
        aie.dma_bd(%b : memref<64xi32>, 0, 64)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%tout)
      aiex.dma_await_task(%tout)
    }
  }
}
