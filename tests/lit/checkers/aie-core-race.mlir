// Two cores that use one buffer (a core's code may use the memory of a
// neighbour tile: shared L1) race where both can be at code touching it,
// one writing. aie-data-race reads core/core pairs as it reads core/BD
// pairs. @turns gives the cores turns with a ring of two locks (proved);
// @both_full starts both turns full (a race).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=PROOF
// PROOF: :10:3: proven: no core touches a buffer while a BD of it may move it or another core may use it, one of them writing: 1 core/core pair(s) sharing a buffer, in every interleaving
module {
  aie.device(npu1_1col) @turns {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<16xi32>
    %mine = aie.buffer(%t3) {sym_name = "mine"} : memref<16xi32>
    %turn0 = aie.lock(%t2, 0) {init = 1 : i32, sym_name = "turn0"}
    %turn1 = aie.lock(%t2, 1) {init = 0 : i32, sym_name = "turn1"}
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : i32
      aie.use_lock(%turn0, AcquireGreaterEqual, 1)
      memref.store %c7, %shared[%c0] : memref<16xi32>
      aie.use_lock(%turn1, Release, 1)
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      aie.use_lock(%turn1, AcquireGreaterEqual, 1)
      %v = memref.load %shared[%c0] : memref<16xi32>
      memref.store %v, %mine[%c0] : memref<16xi32>
      aie.use_lock(%turn0, Release, 1)
      aie.end
    }
  }
  aie.device(npu1_1col) @both_full {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<16xi32>
    %mine = aie.buffer(%t3) {sym_name = "mine"} : memref<16xi32>
    %turn0 = aie.lock(%t2, 0) {init = 1 : i32, sym_name = "turn0"}
    %turn1 = aie.lock(%t2, 1) {init = 1 : i32, sym_name = "turn1"}
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : i32
      aie.use_lock(%turn0, AcquireGreaterEqual, 1)
      // expected-error @+3 {{aie data race: the core of tile (0, 2) writes buffer @shared here while the core of tile (0, 3) may be reading it: no lock orders the two cores' code}}
      // expected-note @+2 {{a reachable state: the core of tile (0, 2) is after its lock operation at 44:7, the core of tile (0, 3) after its lock operation at 54:7; locks: lock "turn0" = 0, lock "turn1" = 0}}
      // expected-note @+1 {{hint: give the cores turns with the buffer}}
      memref.store %c7, %shared[%c0] : memref<16xi32>
      aie.use_lock(%turn1, Release, 1)
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      aie.use_lock(%turn1, AcquireGreaterEqual, 1)
      // expected-note @+1 {{the other core's read}}
      %v = memref.load %shared[%c0] : memref<16xi32>
      memref.store %v, %mine[%c0] : memref<16xi32>
      aie.use_lock(%turn0, Release, 1)
      aie.end
    }
  }
}
