// Proven by aie-data-race's lock invariant (aie-data-race-invariant.mlir):
// @long, a core of 20,000 lock operations reading what an S2MM chain
// fills; @relay, a core that receives into a buffer, works on it and sends
// it on (three locks: the S2MM chain's prod -> cons, the core's
// cons -> ready, the MM2S chain's ready -> prod).
module {
  aie.device(npu1_1col) @long {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %out = aie.buffer(%t) {sym_name = "out"} : memref<16xi32>
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
          %v = memref.load %buf[%c0] : memref<16xi32>
          memref.store %v, %out[%c0] : memref<16xi32>
          aie.use_lock(%prod, Release, 1)
        }
      }
      aie.end
    }
  }
  aie.device(npu1_1col) @relay {
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %ready = aie.lock(%t, 2) {init = 0 : i32, sym_name = "ready"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^in, ^next)
    ^in:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^in
    ^next:
      %1 = aie.dma_start(MM2S, 0, ^out, ^end)
    ^out:
      aie.use_lock(%ready, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%prod, Release, 1)
      aie.next_bd ^out
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1 : i32
      scf.for %i = %c0 to %c8 step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        %v = memref.load %buf[%c0] : memref<16xi32>
        %w = arith.addi %v, %one : i32
        memref.store %w, %buf[%c0] : memref<16xi32>
        aie.use_lock(%ready, Release, 1)
      }
      aie.end
    }
  }
}
