// A core that releases a lock through a kernel call, with its BD chain in
// aie.mem: the dispatch model stops at the call (deadlock and races
// unknown), and the lock protocol of the handed lock is unknown.
// RUN: air-check lint --verify-diagnostics %s
module {
  // expected-warning@+2 {{deadlock freedom of the array is unknown: 'func.call' receives a lock: what the kernel acquires and releases is not modelled (no kernel contract)}}
  // expected-warning@+1 {{data race freedom of the array is unknown: 'func.call' receives a lock: what the kernel acquires and releases is not modelled (no kernel contract)}}
  aie.device(npu1_1col) {
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<64xi32>
    %full = aie.lock(%t, 0) {init = 0 : i32, sym_name = "full"}
    // expected-note@+1 {{the lock handed to the kernel}}
    %free = aie.lock(%t, 1) {init = 1 : i32, sym_name = "free"}
    func.func private @consume(memref<64xi32>, index)
    %core = aie.core(%t) {
      aie.use_lock(%full, AcquireGreaterEqual, 1)
      // expected-warning@+3 {{lock protocol of 'free' is unknown: 'func.call' receives it}}
      // expected-note@+2 {{the model of the array stops here}}
      // expected-note-re@+1 {{{{^}}here{{$}}}}
      func.call @consume(%buf, %free) : (memref<64xi32>, index) -> ()
      aie.end
    }
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%free, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<64xi32>, 0, 64)
      aie.use_lock(%full, Release, 1)
      aie.next_bd ^end
    ^end:
      aie.end
    }
  }
}
