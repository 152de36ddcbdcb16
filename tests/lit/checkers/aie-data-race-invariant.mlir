// aie-data-race proves a core/BD-chain pair by a lock invariant where it
// applies, before any search: the locks around the chain's BDs of the
// shared buffer (and, for a relay, the third lock its core releases), whose
// initial values add up to 1, acquired and released by 1 in turn by every
// agent, leave at most one agent holding one; the chain holds one at the
// BD and the core in the code that touches the buffer. @long (a core of
// 20,000 lock operations) and @relay are proven that way, with no state
// searched. The invariant does not hold for @two_slots (two slots, initial
// values adding up to 2) nor for @outside (the core touches the buffer
// after its release): the search decides those, and finds their races.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs --checks=aie-data-race %air_src/tests/lit/checkers/Inputs/data-race-invariant-proven.mlir 2>&1 | FileCheck %s
// CHECK: :7:3: proven: no core touches a buffer while a BD of it may move it: 1 core/BD-chain pair(s) sharing a buffer, in every interleaving (1 by a lock invariant, 0 states; the streams, task queues and host taken as always ready) [aie-data-race]
// CHECK: :38:3: proven: no core touches a buffer while a BD of it may move it: 2 core/BD-chain pair(s) sharing a buffer, in every interleaving (2 by a lock invariant, 0 states; the streams, task queues and host taken as always ready) [aie-data-race]
module {
  aie.device(npu1_1col) @two_slots {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 2 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %out = aie.buffer(%t) {sym_name = "out"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      // expected-note@+1 {{the BD that moves buffer @buf at the same time}}
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        // expected-error-re@+3 {{aie data race: the core of tile (0, 2) reads buffer @buf here while the S2MM 0 chain of tile (0, 2) may be writing into it (its BD at {{[0-9]+:[0-9]+}}){{.*}}}}
        // expected-note-re@+2 {{a reachable state: {{.*}}}}
        // expected-note@+1 {{hint: before touching the buffer}}
        %v = memref.load %buf[%c0] : memref<16xi32>
        memref.store %v, %out[%c0] : memref<16xi32>
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
  }
  aie.device(npu1_1col) @outside {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %out = aie.buffer(%t) {sym_name = "out"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd0, ^end)
    ^bd0:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      // expected-note@+1 {{the BD that moves buffer @buf at the same time}}
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd0
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        aie.use_lock(%prod, Release, 1)
        // expected-error-re@+3 {{aie data race: the core of tile (0, 2) reads buffer @buf here while the S2MM 0 chain of tile (0, 2) may be writing into it (its BD at {{[0-9]+:[0-9]+}}){{.*}}}}
        // expected-note-re@+2 {{a reachable state: {{.*}}}}
        // expected-note@+1 {{hint: before touching the buffer}}
        %v = memref.load %buf[%c0] : memref<16xi32>
        memref.store %v, %out[%c0] : memref<16xi32>
      }
      aie.end
    }
  }
}
