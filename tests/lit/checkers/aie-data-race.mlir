// aie-data-race (issue 22 at the aie level): a core touching a buffer while
// a BD of it may run, no lock between them. The ping-pong of the corpus is
// proven; the core below reads %pong while it holds only the first full
// slot, so the S2MM chain may still be filling %pong.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %air_src/corpus/positive/aie_ping_pong.mlir 2>&1 | FileCheck %s --check-prefix=PROVEN
// PROVEN: proven: no core touches a buffer while a BD of it may move it: 1 core/BD-chain pair(s) sharing a buffer, in every interleaving ({{[0-9]+}} states; the streams, task queues and host taken as always ready) [aie-data-race]
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
      // expected-note@+1 {{the BD that moves buffer @pong at the same time}}
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
      // expected-error-re@+3 {{aie data race: the core of tile (0, 2) reads buffer @pong here while the S2MM 0 chain of tile (0, 2) may be writing into it (its BD at {{[0-9]+:[0-9]+}}): no lock orders the two, so the code between the core's lock operations can overlap the transfer}}
      // expected-note-re@+2 {{a reachable state: the core is after its lock operation at {{[0-9]+:[0-9]+}}, the chain is at the BD; locks: lock "prod" = 0, lock "cons" = 0}}
      // expected-note@+1 {{hint: before touching the buffer, acquire the lock the chain releases after this BD, and release the one it acquires before it when done}}
      %b = memref.load %pong[%c0] : memref<256xi32>
      aie.use_lock(%prod, Release, 1)
      aie.use_lock(%cons, AcquireGreaterEqual, 1)
      aie.use_lock(%prod, Release, 1)
      %s = arith.addi %a, %b : i32
      memref.store %s, %sum[%c0] : memref<1xi32>
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%in: memref<512xi32>) {
      %task = aiex.dma_configure_task_for @in {
        aie.dma_bd(%in : memref<512xi32>, 0, 512)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%task)
      aiex.dma_await_task(%task)
    }
  }
}
