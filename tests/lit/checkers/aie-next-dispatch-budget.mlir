// The later dispatches of aie-next-dispatch.mlir's @drift under a state
// budget the first dispatch fits in (4 states kept: safe steps in a row are one edge) and the search of the
// later ones does not: the first is proven, the later ones are unknown (a
// warning at the device, never a pass), and the proof says it covers the
// first dispatch only.
// RUN: env AIRCHECK_AIE_MAX_STATES=10 air-check lint --verify-diagnostics %s
// RUN: env AIRCHECK_AIE_MAX_STATES=10 air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the dispatch{{.*}} (of the first dispatch; later ones are unknown, see the warning)
// CHECK: air-check: 1 file, 0 errors, 1 warning
module {
  // expected-warning @+1 {{deadlock freedom of the dispatches after the first (which is proven) is unknown: more than 10 states of the array to explore}}
  aie.device(npu1_1col) @drift {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 2 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<32xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<32xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd1
    ^bd1:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<32xi32>, 16, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 2)
        aie.use_lock(%prod, Release, 2)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<48xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 48][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<48xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}
