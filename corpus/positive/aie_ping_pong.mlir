// Pattern: ping-pong (double buffering) on compute tile (0, 2). The S2MM
//   channel fills %ping and %pong in turn while the core works on the other
//   one. One producer lock counts free slots (init 2: both buffers are free
//   at the start), one consumer lock counts full ones (init 0). The DMA
//   acquires a free slot and releases a full one per BD; the core does the
//   opposite per buffer. Completes: the core's two acquires of the consumer
//   lock are each preceded by one DMA release.
// Seed: 004 (aie.dma_bd: "the defines a BD that uses lock"; double
//   buffering in aie.bd_chain), issue 10 ("a ping-pong ... that completes").
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 2 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %ping = aie.buffer(%t) {sym_name = "ping"} : memref<256xi32>
    %pong = aie.buffer(%t) {sym_name = "pong"} : memref<256xi32>
    %sum = aie.buffer(%t) {sym_name = "sum"} : memref<1xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^ping, ^end)
    ^ping:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%ping : memref<256xi32>, 0, 256)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^pong
    ^pong:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%pong : memref<256xi32>, 0, 256)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^ping
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      aie.use_lock(%cons, AcquireGreaterEqual, 1)
      %a = memref.load %ping[%c0] : memref<256xi32>
      aie.use_lock(%prod, Release, 1)
      aie.use_lock(%cons, AcquireGreaterEqual, 1)
      %b = memref.load %pong[%c0] : memref<256xi32>
      aie.use_lock(%prod, Release, 1)
      %s = arith.addi %a, %b : i32
      memref.store %s, %sum[%c0] : memref<1xi32>
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<512xi32>) {
      %task = aiex.dma_configure_task_for @in {
        aie.dma_bd(%a : memref<512xi32>, 0, 512)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%task)
      aiex.dma_await_task(%task)
    }
  }
}
