// aie-data-race says `unknown`, never passes, where a core cannot be
// modelled (its lock operations under an scf.if): its accesses are not
// known, and a BD moves a buffer of its tile.
// RUN: air-check lint --verify-diagnostics %s
// And where the search runs out of states, on a design with a race: unknown,
// not a pass (and not a guess).
// RUN: env AIRCHECK_AIE_MAX_STATES=3 air-check lint %S/aie-data-race.mlir 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: warning: data race freedom of the array is unknown: more than 3 states of the array to explore (the core of tile (0, 2) and the S2MM 0 chain of tile (0, 2))
// BUDGET-NOT: error:
module {
  // expected-warning@+2 {{deadlock freedom of the array is unknown: lock operations under 'scf.if' (only scf.for with constant bounds is modelled in a core)}}
  // expected-warning@+1 {{data race freedom of the array is unknown: lock operations under 'scf.if' (only scf.for with constant bounds is modelled in a core)}}
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<256xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<256xi32>, 0, 256)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %v = memref.load %buf[%c0] : memref<256xi32>
      %z = arith.constant 0 : i32
      %p = arith.cmpi eq, %v, %z : i32
      // expected-note@+2 {{the model of the array stops here}}
      // expected-note@+1 {{here}}
      scf.if %p {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
    // expected-warning@+1 {{the flow's source, MM2S channel 0 of shim tile (0, 0), is never started: the flow carries nothing}}
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
  }
}
