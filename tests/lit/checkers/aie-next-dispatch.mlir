// aie-deadlock over later dispatches (issue 26, part 3: "the locks where the
// next dispatch expects them"). When every core loops forever (mlir-aie's
// shape for a design the host dispatches again and again) nothing resets
// the array between dispatches: once the first dispatch is proven, the
// search runs again with the host starting its sequence over whenever a
// dispatch has ended clean, from where that dispatch left the locks, cores
// and BD chains. A finding there is a warning (a design dispatched once,
// as many of upstream's hardware tests are, is not affected), an error
// with --repeated-dispatch. One aie.device per case.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s
// RUN: not air-check lint --repeated-dispatch %s 2>&1 | FileCheck %s --check-prefix=REPEATED
// CHECK: proven: deadlock freedom of the dispatch{{.*}}so does every later dispatch of the sequence{{.*}}2 dispatch(es) explored before the array's state repeats)
// CHECK: proven: deadlock freedom of the dispatch{{.*}}so does every later dispatch of the sequence{{.*}}3 dispatch(es) explored before the array's state repeats)
// CHECK: proven: deadlock freedom of the dispatch{{.*}} (of the first dispatch; a later one is not: see the finding "in a later dispatch")
// CHECK: air-check: 1 file, 0 errors, 2 warnings
// REPEATED: error: in a later dispatch: deadlock: the host waits here
// REPEATED: air-check: 1 file, 2 errors, 0 warnings

module {
  // The usual shape: a chain that loops, a core that loops, each dispatch
  // one block. Every dispatch is the first again.
  aie.device(npu1_1col) @steady {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
  }

  // The core takes two blocks a trip from a two-buffer chain; each
  // dispatch sends three. The first ends with the core waiting for a
  // fourth block and the locks off their init (cons 1, prod 1); the second
  // starts from there and ends at the locks' init. Both are clean.
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

  // The tile's chain runs once (it ends instead of looping back): the
  // first dispatch is clean, the second pushes a block that nothing takes.
  aie.device(npu1_1col) @chain_runs_once {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
// expected-note @-1 {{the S2MM 0 chain of tile (0, 2) at the other end of its flow has finished}}
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
// expected-note @-1 {{lock "cons" is released here, by the S2MM 0 chain of tile (0, 2), which has finished}}
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
// expected-note @-1 {{the core of tile (0, 2) waits to acquire 1 from lock "cons" (value 0), also forever}}
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
// expected-note @-1 {{this happens in the 2nd dispatch of this runtime sequence: every core loops forever and nothing resets the array between dispatches, so a dispatch starts where the one before left it; the 1st left the S2MM 0 chain of tile (0, 2) finished; a design the host dispatches once is not affected (--repeated-dispatch makes this an error); hint: end each dispatch with the locks as the next expects them (release what it acquires) and let the chains it needs loop}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
// expected-note @-1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 0 of its 16 words}}
      aiex.npu.dma_wait {symbol = @in}
// expected-warning @-1 {{in a later dispatch: deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move) and can never go on}}
// expected-note @-2 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
    }
  }

  // The core takes two blocks a trip, but the chain has one buffer: the
  // first dispatch's block waits in it for a second that this dispatch
  // never sends (a normal end), and leaves the chain's lock taken. The
  // second dispatch's block finds no free buffer: the host's wait never
  // returns.
  aie.device(npu1_1col) @locks_left_taken {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
// expected-note @-1 {{the S2MM 0 chain of tile (0, 2) waits to acquire 1 from lock "prod" (value 0)}}
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
// expected-note @-1 {{lock "cons" is released here, by the S2MM 0 chain of tile (0, 2), which is blocked}}
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 2)
// expected-note @-1 {{the core of tile (0, 2) waits to acquire 2 from lock "cons" (value 1), also forever}}
        aie.use_lock(%prod, Release, 2)
// expected-note @-1 {{lock "prod" is released here, by the core of tile (0, 2), which is blocked}}
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>) {
// expected-note @-1 {{this happens in the 2nd dispatch of this runtime sequence: every core loops forever and nothing resets the array between dispatches, so a dispatch starts where the one before left it; the 1st left lock "prod" at 0 (init 1), lock "cons" at 1 (init 0); a design the host dispatches once is not affected (--repeated-dispatch makes this an error); hint: end each dispatch with the locks as the next expects them (release what it acquires) and let the chains it needs loop}}
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
// expected-note @-1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 0 of its 16 words}}
      aiex.npu.dma_wait {symbol = @in}
// expected-warning @-1 {{in a later dispatch: deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move) and can never go on}}
// expected-note @-2 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
    }
  }
}
