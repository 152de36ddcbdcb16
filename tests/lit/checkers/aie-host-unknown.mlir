// aie-deadlock with the host: what the model cannot decide is `unknown`,
// a warning with the reason and a note at its cause, never a proof.
// RUN: air-check lint --verify-diagnostics %s
module {
  // A loop of the sequence whose trip count is a runtime value.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a loop of the runtime sequence whose bounds are not constants}}
  aie.device(npu1_1col) @runtime_trips {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<16xi32>, %n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{here}}
      scf.for %i = %c0 to %n step %c1 {
        aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<16xi32>
        aiex.npu.dma_wait {symbol = @in}
      }
    }
  }
}
