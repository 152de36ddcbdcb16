// A core whose loops run 20,000 lock operations against a BD chain that
// competes with nothing: aie-deadlock unrolls up to 262,144 per core, and
// keeps only the ends of each path of steps that cannot compete (a release,
// the one acquirer's acquire, a transfer), so the proof takes a handful of
// states, not one per step. @stuck is the same design whose core, in its
// last round, waits for a second buffer the chain never fills: found
// past the old bound of 4,096 steps, at the acquire in the last round.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs --checks=aie-deadlock %s 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the array: in every interleaving of 1 core(s) and 1 BD chain(s) over their locks and flows ({{[0-9]}} states)
module {
  aie.device(npu1_1col) @long {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        scf.for %j = %c0 to %c100 step %c1 {
          aie.use_lock(%cons, AcquireGreaterEqual, 1)
          aie.use_lock(%prod, Release, 1)
        }
      }
      aie.end
    }
  }
  aie.device(npu1_1col) @stuck {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod2"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons2"}
    %buf = aie.buffer(%t) {sym_name = "buf2"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      // expected-note @+1 {{the S2MM 0 chain of tile (0, 2) waits to acquire 1 from lock "prod2" (value 0)}}
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      // expected-note @+1 {{lock "cons2" is released here, by the S2MM 0 chain of tile (0, 2), which is blocked}}
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        scf.for %j = %c0 to %c100 step %c1 {
          aie.use_lock(%cons, AcquireGreaterEqual, 1)
          // expected-note @+1 {{lock "prod2" is released here, by the core of tile (0, 2), which is blocked}}
          aie.use_lock(%prod, Release, 1)
        }
      }
      // expected-error @+1 {{deadlock: the core of tile (0, 2) waits to acquire 2 from lock "cons2" (value 1) and can never go on}}
      aie.use_lock(%cons, AcquireGreaterEqual, 2)
      aie.end
    }
  }
}
