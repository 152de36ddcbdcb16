// A packet merge, for the design picture (docs/report.md): the cores of
// tiles (0, 2) and (0, 3) each fill a buffer; their MM2S 0 channels send it
// as packets (ids 1 and 2) into one S2MM channel of memory tile (0, 1),
// which gathers the two halves and sends them on to the shim, where the
// runtime sequence receives them in L3.
// Draw it: air-check report --format=html docs/examples/packet_merge.mlir
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %out2 = aie.buffer(%t2) {sym_name = "out2"} : memref<64xi32>
    %out3 = aie.buffer(%t3) {sym_name = "out3"} : memref<64xi32>
    %gather = aie.buffer(%mt) {sym_name = "gather"} : memref<128xi32>
    %free2 = aie.lock(%t2, 0) {init = 1 : i32, sym_name = "free2"}
    %full2 = aie.lock(%t2, 1) {init = 0 : i32, sym_name = "full2"}
    %free3 = aie.lock(%t3, 0) {init = 1 : i32, sym_name = "free3"}
    %full3 = aie.lock(%t3, 1) {init = 0 : i32, sym_name = "full3"}
    %mfree = aie.lock(%mt, 0) {init = 2 : i32, sym_name = "gather_free"}
    %mfull = aie.lock(%mt, 1) {init = 0 : i32, sym_name = "gather_full"}
    %core2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %v = arith.constant 2 : i32
      aie.use_lock(%free2, AcquireGreaterEqual, 1)
      memref.store %v, %out2[%c0] : memref<64xi32>
      aie.use_lock(%full2, Release, 1)
      aie.end
    }
    %core3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      %v = arith.constant 3 : i32
      aie.use_lock(%free3, AcquireGreaterEqual, 1)
      memref.store %v, %out3[%c0] : memref<64xi32>
      aie.use_lock(%full3, Release, 1)
      aie.end
    }
    %mem2 = aie.mem(%t2) {
      %0 = aie.dma_start(MM2S, 0, ^send, ^end)
    ^send:
      aie.use_lock(%full2, AcquireGreaterEqual, 1)
      aie.dma_bd(%out2 : memref<64xi32>, 0, 64)
      aie.use_lock(%free2, Release, 1)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %mem3 = aie.mem(%t3) {
      %0 = aie.dma_start(MM2S, 0, ^send, ^end)
    ^send:
      aie.use_lock(%full3, AcquireGreaterEqual, 1)
      aie.dma_bd(%out3 : memref<64xi32>, 0, 64)
      aie.use_lock(%free3, Release, 1)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    %memtile = aie.memtile_dma(%mt) {
      %0 = aie.dma_start(S2MM, 0, ^first, ^out)
    ^first:
      aie.use_lock(%mfree, AcquireGreaterEqual, 1)
      aie.dma_bd(%gather : memref<128xi32>, 0, 64)
      aie.use_lock(%mfull, Release, 1)
      aie.next_bd ^second
    ^second:
      aie.use_lock(%mfree, AcquireGreaterEqual, 1)
      aie.dma_bd(%gather : memref<128xi32>, 64, 64)
      aie.use_lock(%mfull, Release, 1)
      aie.next_bd ^end
    ^out:
      %1 = aie.dma_start(MM2S, 0, ^send, ^end)
    ^send:
      aie.use_lock(%mfull, AcquireGreaterEqual, 2)
      aie.dma_bd(%gather : memref<128xi32>, 0, 128)
      aie.use_lock(%mfree, Release, 2)
      aie.next_bd ^end
    ^end:
      aie.end
    }
    aie.packet_flow(1) {
      aie.packet_source<%t2, DMA : 0>
      aie.packet_dest<%mt, DMA : 0>
    }
    aie.packet_flow(2) {
      aie.packet_source<%t3, DMA : 0>
      aie.packet_dest<%mt, DMA : 0>
    }
    aie.flow(%mt, DMA : 0, %shim, DMA : 0)
    aie.shim_dma_allocation @result(%shim, S2MM, 0)
    aie.runtime_sequence(%r: memref<128xi32>) {
      aiex.npu.dma_memcpy_nd(%r[0, 0, 0, 0][1, 1, 1, 128][0, 0, 0, 1]) {metadata = @result, id = 0 : i64, issue_token = true} : memref<128xi32>
      aiex.npu.dma_wait {symbol = @result}
    }
  }
}
