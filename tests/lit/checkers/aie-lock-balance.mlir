// aie-lock-protocol, part 2: per round of the processes that repeat forever
// (a BD chain whose last next_bd leads back, a core's forever loop), every
// lock is released as much as it is acquired (docs/aie.md).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// The ping-pong's locks are shared by a chain and a core: not judged, and no
// other finding.
// CHECK: air-check: 1 file, 1 error, 0 warnings
module {
  // A ping-pong whose chain and core both repeat forever: balanced (and its
  // locks, shared by two processes, are not judged).
  aie.device(npu1_1col) @balanced {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %ping = aie.buffer(%t) : memref<64xi32>
    %pong = aie.buffer(%t) : memref<64xi32>
    %prod = aie.lock(%t, 0) {init = 2 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^ping, ^end)
    ^ping:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%ping : memref<64xi32>, 0, 64)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^pong
    ^pong:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%pong : memref<64xi32>, 0, 64)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^ping
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          aie.use_lock(%cons, AcquireGreaterEqual, 1)
          aie.use_lock(%prod, Release, 1)
        }
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
  }

  // A core that releases twice per round what it acquires of one lock: its
  // value grows without bound. (Locks several processes share are not
  // judged: their rounds need not run equally often.)
  aie.device(npu1_1col) @drift {
    %t = aie.tile(0, 2)
    // expected-error@+2 {{lock "full" drifts: per round, the processes that repeat forever acquire 1 and release 2 in total (its value grows without bound, past its maximum 63)}}
    // expected-note@+1 {{hint: make every round release}}
    %full = aie.lock(%t, 1) {init = 1 : i32, sym_name = "full"}
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        // expected-note@+1 {{acquires 1 per round of this core}}
        aie.use_lock(%full, AcquireGreaterEqual, 1)
        // expected-note@+1 {{releases 2 per round of this core}}
        aie.use_lock(%full, Release, 2)
      }
      aie.end
    }
  }

  // A per-round count that is not constant (a loop bound read from memory):
  // nothing is said.
  aie.device(npu1_1col) @variable {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %a = aie.buffer(%t) : memref<64xi32>
    %n = aie.buffer(%t) : memref<1xindex>
    %free = aie.lock(%t, 0) {init = 1 : i32}
    %full = aie.lock(%t, 1) {init = 0 : i32}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^end)
    ^in:
      aie.use_lock(%free, AcquireGreaterEqual, 1)
      aie.dma_bd(%a : memref<64xi32>, 0, 64)
      aie.use_lock(%full, Release, 2)
      aie.next_bd ^in
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        %k = memref.load %n[%c0] : memref<1xindex>
        scf.for %j = %c0 to %k step %c1 {
          aie.use_lock(%full, AcquireGreaterEqual, 1)
          aie.use_lock(%free, Release, 1)
        }
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
  }
}
