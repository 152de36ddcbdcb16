// aie-deadlock: the cores and BD chains of each aie.device as processes
// over their locks and flows, every interleaving explored (docs/aie.md).
// One aie.device per case; every diagnostic with its notes.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the array: in every interleaving of 1 core(s) and 1 BD chain(s) over their locks and flows ({{[0-9]+}} states), every core reaches aie.end{{.*}}[aie-deadlock]
// CHECK: proven: deadlock freedom of the array: in every interleaving of 1 core(s) and 2 BD chain(s) over their locks and flows ({{[0-9]+}} states), every core reaches aie.end or keeps running
// CHECK: air-check: 1 file, 3 errors, 2 warnings

module {
  // Two cores, each acquiring the other's lock before releasing its own:
  // neither lock is ever released.
  aie.device(npu1_1col) @two_cores {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %a = aie.lock(%t2, 0) {init = 0 : i32, sym_name = "a"}
    %b = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "b"}
    %c2 = aie.core(%t2) {
      // expected-error@+1 {{deadlock: the core of tile (0, 2) waits to acquire 1 from lock "b" (value 0) and can never go on}}
      aie.use_lock(%b, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "a" is released here, by the core of tile (0, 2), which is blocked}}
      aie.use_lock(%a, Release, 1)
      aie.end
    }
    %c3 = aie.core(%t3) {
      // expected-note@+1 {{the core of tile (0, 3) waits to acquire 1 from lock "a" (value 0), also forever}}
      aie.use_lock(%a, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "b" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%b, Release, 1)
      aie.end
    }
  }

  // Through a flow: the core of (0, 2) waits for data from (0, 3)'s MM2S
  // chain, which waits for (0, 3)'s core, which waits for (0, 2)'s core.
  aie.device(npu1_1col) @through_flow {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %in = aie.buffer(%t2) : memref<64xi32>
    %out = aie.buffer(%t3) : memref<64xi32>
    %full2 = aie.lock(%t2, 0) {init = 0 : i32, sym_name = "full2"}
    %full3 = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "full3"}
    %go = aie.lock(%t3, 1) {init = 0 : i32, sym_name = "go"}
    %m2 = aie.mem(%t2) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 2) waits for its stream peer (the MM2S 0 chain of tile (0, 3)) at this BD}}
      aie.dma_bd(%in : memref<64xi32>, 0, 64)
      // expected-note@+1 {{lock "full2" is released here, by the S2MM 0 chain of tile (0, 2), which is blocked}}
      aie.use_lock(%full2, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %c2 = aie.core(%t2) {
      // expected-error@+1 {{deadlock: the core of tile (0, 2) waits to acquire 1 from lock "full2" (value 0) and can never go on}}
      aie.use_lock(%full2, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "go" is released here, by the core of tile (0, 2), which is blocked}}
      aie.use_lock(%go, Release, 1)
      aie.end
    }
    %c3 = aie.core(%t3) {
      // expected-note@+1 {{the core of tile (0, 3) waits to acquire 1 from lock "go" (value 0), also forever}}
      aie.use_lock(%go, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "full3" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%full3, Release, 1)
      aie.end
    }
    %m3 = aie.mem(%t3) {
      %0 = aie.dma_start(MM2S, 0, ^bd, ^end)
    ^bd:
      // expected-note@+1 {{the MM2S 0 chain of tile (0, 3) waits to acquire 1 from lock "full3" (value 0)}}
      aie.use_lock(%full3, AcquireGreaterEqual, 1)
      aie.dma_bd(%out : memref<64xi32>, 0, 64)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%t3, DMA : 0, %t2, DMA : 0)
  }

  // A chain left waiting for data after the core finished is a normal end:
  // proven.
  aie.device(npu1_1col) @chain_waits_after_core {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<64xi32>
    %free = aie.lock(%t, 0) {init = 1 : i32}
    %full = aie.lock(%t, 1) {init = 0 : i32}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%free, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<64xi32>, 0, 64)
      aie.use_lock(%full, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        aie.use_lock(%full, AcquireGreaterEqual, 1)
        aie.use_lock(%free, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
  }

  // A loop bound that is not a constant: unknown.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a loop with lock operations whose bounds are not constants}}
  aie.device(npu1_1col) @symbolic_loop {
    %t = aie.tile(0, 2)
    %l = aie.lock(%t, 0) {init = 1 : i32}
    %buf = aie.buffer(%t) : memref<1xindex>
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.load %buf[%c0] : memref<1xindex>
      // expected-note@+1 {{here}}
      scf.for %i = %c0 to %n step %c1 {
        aie.use_lock(%l, AcquireGreaterEqual, 1)
        aie.use_lock(%l, Release, 1)
      }
      aie.end
    }
  }

  // A chain that releases without acquiring overflows its lock: unknown
  // (the per-iteration balance is part 2 of the lock protocol).
  // expected-warning@+1 {{deadlock freedom of the array is unknown: lock "acc" may exceed its maximum 63 (a process releases more than the others acquire)}}
  aie.device(npu1_1col) @overflow {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) : memref<64xi32>
    %acc = aie.lock(%t, 0) {init = 0 : i32, sym_name = "acc"}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<64xi32>, 0, 64)
      // expected-note@+1 {{here}}
      aie.use_lock(%acc, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      aie.use_lock(%acc, AcquireGreaterEqual, 1)
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
  }

  // mlir-aie's forever loop (2^32 - 1 trips) runs as a loop forever: a core
  // that takes a full buffer from the S2MM chain and gives the MM2S chain
  // one, forever, is proven.
  aie.device(npu1_1col) @forever {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %a = aie.buffer(%t) : memref<64xi32>
    %b = aie.buffer(%t) : memref<64xi32>
    %in_free = aie.lock(%t, 0) {init = 1 : i32}
    %in_full = aie.lock(%t, 1) {init = 0 : i32}
    %out_free = aie.lock(%t, 2) {init = 1 : i32}
    %out_full = aie.lock(%t, 3) {init = 0 : i32}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^next)
    ^in:
      aie.use_lock(%in_free, AcquireGreaterEqual, 1)
      aie.dma_bd(%a : memref<64xi32>, 0, 64)
      aie.use_lock(%in_full, Release, 1)
      aie.next_bd ^in
    ^next:
      %1 = aie.dma_start(MM2S, 0, ^out, ^end)
    ^out:
      aie.use_lock(%out_full, AcquireGreaterEqual, 1)
      aie.dma_bd(%b : memref<64xi32>, 0, 64)
      aie.use_lock(%out_free, Release, 1)
      aie.next_bd ^out
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        aie.use_lock(%in_full, AcquireGreaterEqual, 1)
        aie.use_lock(%out_free, AcquireGreaterEqual, 1)
        aie.use_lock(%in_free, Release, 1)
        aie.use_lock(%out_full, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.flow(%t, DMA : 0, %shim, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 0)
  }

  // The same forever loop taking two full buffers per trip from a chain
  // that can fill only one before the core gives it back: deadlock in the
  // first trip. (Two BDs per round of the chain, so that the rounds balance
  // for aie-lock-protocol's part 2.)
  aie.device(npu1_1col) @forever_deadlock {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %a = aie.buffer(%t) : memref<64xi32>
    %in_free = aie.lock(%t, 0) {init = 1 : i32, sym_name = "in_free"}
    %in_full = aie.lock(%t, 1) {init = 0 : i32, sym_name = "in_full"}
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^end)
    ^in:
      aie.use_lock(%in_free, AcquireGreaterEqual, 1)
      aie.dma_bd(%a : memref<64xi32>, 0, 64)
      // expected-note@+1 {{lock "in_full" is released here, by the S2MM 0 chain of tile (0, 2), which is blocked}}
      aie.use_lock(%in_full, Release, 1)
      aie.next_bd ^in2
    ^in2:
      // expected-note@+1 {{the S2MM 0 chain of tile (0, 2) waits to acquire 1 from lock "in_free" (value 0)}}
      aie.use_lock(%in_free, AcquireGreaterEqual, 1)
      aie.dma_bd(%a : memref<64xi32>, 0, 64)
      // expected-note@+1 {{lock "in_full" is released here, by the S2MM 0 chain of tile (0, 2), which is blocked}}
      aie.use_lock(%in_full, Release, 1)
      aie.next_bd ^in
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
        // expected-error@+1 {{deadlock: the core of tile (0, 2) waits to acquire 2 from lock "in_full" (value 1) and can never go on}}
        aie.use_lock(%in_full, AcquireGreaterEqual, 2)
        // expected-note@+1 {{lock "in_free" is released here, by the core of tile (0, 2), which is blocked}}
        aie.use_lock(%in_free, Release, 2)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
  }
}
