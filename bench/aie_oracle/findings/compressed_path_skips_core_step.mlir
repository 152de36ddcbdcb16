// DISAGREEMENT: air-check reports deadlock, the explorer finds every interleaving fine
// air-check: deadlock: deadlock: the core of tile (0, 3) waits to acquire 1 from lock "p1_cons" (value 0) and can never go on
// explorer: Result(ok, [], 5888 states)
// minimised: air-check deadlock: deadlock: the core of tile (0, 3) waits to acquire 1 from lock "p1_cons" (value 0) and can never go on
// explorer: Result(ok, [], 2944 states)
module {
  aie.device(npu1_1col) @d152 {
    %t_0_0 = aie.tile(0, 0)
    %t_0_2 = aie.tile(0, 2)
    %t_0_3 = aie.tile(0, 3)
    %p0_prod = aie.lock(%t_0_2, 0) {init = 1 : i32, sym_name = "p0_prod"}
    %p0_cons = aie.lock(%t_0_2, 1) {init = 0 : i32, sym_name = "p0_cons"}
    %p1_prod = aie.lock(%t_0_3, 0) {init = 1 : i32, sym_name = "p1_prod"}
    %p1_cons = aie.lock(%t_0_3, 1) {init = 0 : i32, sym_name = "p1_cons"}
    %p2s_prod = aie.lock(%t_0_2, 2) {init = 2 : i32, sym_name = "p2s_prod"}
    %p2s_cons = aie.lock(%t_0_2, 3) {init = 0 : i32, sym_name = "p2s_cons"}
    %p2d_prod = aie.lock(%t_0_3, 2) {init = 2 : i32, sym_name = "p2d_prod"}
    %p2d_cons = aie.lock(%t_0_3, 3) {init = 0 : i32, sym_name = "p2d_cons"}
    %p0_buf0 = aie.buffer(%t_0_2) {sym_name = "p0_buf0"} : memref<8xi32>
    %p1_buf0 = aie.buffer(%t_0_3) {sym_name = "p1_buf0"} : memref<16xi32>
    %p2s_buf0 = aie.buffer(%t_0_2) {sym_name = "p2s_buf0"} : memref<16xi32>
    %p2s_buf1 = aie.buffer(%t_0_2) {sym_name = "p2s_buf1"} : memref<16xi32>
    %p2d_buf0 = aie.buffer(%t_0_3) {sym_name = "p2d_buf0"} : memref<16xi32>
    %p2d_buf1 = aie.buffer(%t_0_3) {sym_name = "p2d_buf1"} : memref<16xi32>
    %core_0_2 = aie.core(%t_0_2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4294967295 = arith.constant 4294967295 : index
      scf.for %i0 = %c0 to %c4294967295 step %c1 {
        aie.use_lock(%p2s_prod, AcquireGreaterEqual, 1)
        aie.use_lock(%p0_cons, AcquireGreaterEqual, 1)
        aie.use_lock(%p0_prod, Release, 1)
        aie.use_lock(%p2s_cons, Release, 1)
      }
      aie.end
    }
    %core_0_3 = aie.core(%t_0_3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4294967295 = arith.constant 4294967295 : index
      scf.for %i0 = %c0 to %c4294967295 step %c1 {
        aie.use_lock(%p1_cons, AcquireGreaterEqual, 1)
        aie.use_lock(%p2d_cons, AcquireGreaterEqual, 1)
        aie.use_lock(%p2d_prod, Release, 1)
        aie.use_lock(%p1_prod, Release, 1)
      }
      aie.end
    }
    %mem_0_2 = aie.mem(%t_0_2) {
      %0 = aie.dma_start(S2MM, 0, ^c0b0, ^s1)
^c0b0:
      aie.use_lock(%p0_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%p0_buf0 : memref<8xi32>, 0, 8)
      aie.use_lock(%p0_cons, Release, 1)
      aie.next_bd ^c0b0
^s1:
      %1 = aie.dma_start(MM2S, 0, ^c1b0, ^end)
^c1b0:
      aie.use_lock(%p2s_cons, AcquireGreaterEqual, 1)
      aie.dma_bd(%p2s_buf1 : memref<16xi32>, 0, 16)
      aie.use_lock(%p2s_prod, Release, 1)
      aie.next_bd ^c1b0
^end:
      aie.end
    }
    %mem_0_3 = aie.mem(%t_0_3) {
      %0 = aie.dma_start(S2MM, 0, ^c0b0, ^s1)
^c0b0:
      aie.use_lock(%p1_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%p1_buf0 : memref<16xi32>, 0, 16)
      aie.use_lock(%p1_cons, Release, 1)
      aie.next_bd ^c0b0
^s1:
      %1 = aie.dma_start(S2MM, 1, ^c1b0, ^end)
^c1b0:
      aie.use_lock(%p2d_prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%p2d_buf1 : memref<16xi32>, 0, 16)
      aie.use_lock(%p2d_cons, Release, 1)
      aie.next_bd ^c1b0
^end:
      aie.end
    }
    aie.flow(%t_0_2, DMA : 0, %t_0_3, DMA : 1)
    aie.shim_dma_allocation @in0(%t_0_0, MM2S, 0)
    aie.shim_dma_allocation @in1(%t_0_0, MM2S, 1)
  }
}

// the design as generated:
// // aie oracle design 152 of seed 7: in (0, 0)->(0, 2) 8w x2 nbuf 1; in (0, 0)->(0, 3) 16w x2 nbuf 1; c2c (0, 2)->(0, 3) 16w x2 nbuf 2; no host; forever
// module {
//   aie.device(npu1_1col) @d152 {
//     %t_0_0 = aie.tile(0, 0)
//     %t_0_2 = aie.tile(0, 2)
//     %t_0_3 = aie.tile(0, 3)
//     %p0_prod = aie.lock(%t_0_2, 0) {init = 1 : i32, sym_name = "p0_prod"}
//     %p0_cons = aie.lock(%t_0_2, 1) {init = 0 : i32, sym_name = "p0_cons"}
//     %p1_prod = aie.lock(%t_0_3, 0) {init = 1 : i32, sym_name = "p1_prod"}
//     %p1_cons = aie.lock(%t_0_3, 1) {init = 0 : i32, sym_name = "p1_cons"}
//     %p2s_prod = aie.lock(%t_0_2, 2) {init = 2 : i32, sym_name = "p2s_prod"}
//     %p2s_cons = aie.lock(%t_0_2, 3) {init = 0 : i32, sym_name = "p2s_cons"}
//     %p2d_prod = aie.lock(%t_0_3, 2) {init = 2 : i32, sym_name = "p2d_prod"}
//     %p2d_cons = aie.lock(%t_0_3, 3) {init = 0 : i32, sym_name = "p2d_cons"}
//     %p0_buf0 = aie.buffer(%t_0_2) {sym_name = "p0_buf0"} : memref<8xi32>
//     %p1_buf0 = aie.buffer(%t_0_3) {sym_name = "p1_buf0"} : memref<16xi32>
//     %p2s_buf0 = aie.buffer(%t_0_2) {sym_name = "p2s_buf0"} : memref<16xi32>
//     %p2s_buf1 = aie.buffer(%t_0_2) {sym_name = "p2s_buf1"} : memref<16xi32>
//     %p2d_buf0 = aie.buffer(%t_0_3) {sym_name = "p2d_buf0"} : memref<16xi32>
//     %p2d_buf1 = aie.buffer(%t_0_3) {sym_name = "p2d_buf1"} : memref<16xi32>
//     %core_0_2 = aie.core(%t_0_2) {
//       %c0 = arith.constant 0 : index
//       %c1 = arith.constant 1 : index
//       %c4294967295 = arith.constant 4294967295 : index
//       scf.for %i0 = %c0 to %c4294967295 step %c1 {
//         aie.use_lock(%p2s_prod, AcquireGreaterEqual, 1)
//         aie.use_lock(%p0_cons, AcquireGreaterEqual, 1)
//         aie.use_lock(%p0_prod, Release, 1)
//         aie.use_lock(%p2s_cons, Release, 1)
//       }
//       aie.end
//     }
//     %core_0_3 = aie.core(%t_0_3) {
//       %c0 = arith.constant 0 : index
//       %c1 = arith.constant 1 : index
//       %c4294967295 = arith.constant 4294967295 : index
//       scf.for %i0 = %c0 to %c4294967295 step %c1 {
//         aie.use_lock(%p1_cons, AcquireGreaterEqual, 1)
//         aie.use_lock(%p2d_cons, AcquireGreaterEqual, 1)
//         aie.use_lock(%p2d_prod, Release, 1)
//         aie.use_lock(%p1_prod, Release, 1)
//       }
//       aie.end
//     }
//     %mem_0_2 = aie.mem(%t_0_2) {
//       %0 = aie.dma_start(S2MM, 0, ^c0b0, ^s1)
// ^c0b0:
//       aie.use_lock(%p0_prod, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p0_buf0 : memref<8xi32>, 0, 8)
//       aie.use_lock(%p0_cons, Release, 1)
//       aie.next_bd ^c0b0
// ^s1:
//       %1 = aie.dma_start(MM2S, 0, ^c1b0, ^end)
// ^c1b0:
//       aie.use_lock(%p2s_cons, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p2s_buf0 : memref<16xi32>, 0, 16)
//       aie.use_lock(%p2s_prod, Release, 1)
//       aie.next_bd ^c1b1
// ^c1b1:
//       aie.use_lock(%p2s_cons, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p2s_buf1 : memref<16xi32>, 0, 16)
//       aie.use_lock(%p2s_prod, Release, 1)
//       aie.next_bd ^c1b0
// ^end:
//       aie.end
//     }
//     %mem_0_3 = aie.mem(%t_0_3) {
//       %0 = aie.dma_start(S2MM, 0, ^c0b0, ^s1)
// ^c0b0:
//       aie.use_lock(%p1_prod, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p1_buf0 : memref<16xi32>, 0, 16)
//       aie.use_lock(%p1_cons, Release, 1)
//       aie.next_bd ^c0b0
// ^s1:
//       %1 = aie.dma_start(S2MM, 1, ^c1b0, ^end)
// ^c1b0:
//       aie.use_lock(%p2d_prod, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p2d_buf0 : memref<16xi32>, 0, 16)
//       aie.use_lock(%p2d_cons, Release, 1)
//       aie.next_bd ^c1b1
// ^c1b1:
//       aie.use_lock(%p2d_prod, AcquireGreaterEqual, 1)
//       aie.dma_bd(%p2d_buf1 : memref<16xi32>, 0, 16)
//       aie.use_lock(%p2d_cons, Release, 1)
//       aie.next_bd ^c1b0
// ^end:
//       aie.end
//     }
//     aie.flow(%t_0_0, DMA : 0, %t_0_2, DMA : 0)
//     aie.flow(%t_0_0, DMA : 1, %t_0_3, DMA : 0)
//     aie.flow(%t_0_2, DMA : 0, %t_0_3, DMA : 1)
//     aie.shim_dma_allocation @in0(%t_0_0, MM2S, 0)
//     aie.shim_dma_allocation @in1(%t_0_0, MM2S, 1)
//   }
// }
