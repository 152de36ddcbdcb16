// Object FIFOs (issue 26, part 4), analysed as written: each is the
// bounded channel mlir-aie's stateful transform makes of it (a lock pair
// per set of buffers, a BD chain at each DMA end; docs/aie.md, "Object
// FIFOs"). These designs are written for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s

module {
// A memory tile forwards 16-word objects to a core that takes 8-word ones
// (a 1:1 link: both memory-tile chains move the larger object), and back.
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), 6 BD chain(s) and 2 task queue(s)
  aie.device(npu2_1col) @forward {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %core = aie.tile(0, 2)
    aie.objectfifo @in(%shim, {%mem}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @in_l1(%mem, {%core}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo.link [@in] -> [@in_l1] ([] [])
    aie.objectfifo @out_l1(%core, {%mem}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @out(%mem, {%shim}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo.link [@out_l1] -> [@out] ([] [])
    aie.core(%core) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1 : i32
      scf.for %i = %c0 to %c8 step %c1 {
        %a = aie.objectfifo.acquire @in_l1(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
        %x = aie.objectfifo.subview.access %a[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        %b = aie.objectfifo.acquire @out_l1(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
        %y = aie.objectfifo.subview.access %b[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %x[%j] : memref<8xi32>
          %w = arith.addi %v, %one : i32
          memref.store %w, %y[%j] : memref<8xi32>
        }
        aie.objectfifo.release @in_l1(Consume, 1)
        aie.objectfifo.release @out_l1(Produce, 1)
      }
      aie.end
    }
    aie.runtime_sequence(%a : memref<64xi32>, %b : memref<64xi32>) {
      aiex.npu.dma_memcpy_nd (%b[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {metadata = @out, id = 1 : i64, issue_token = true} : memref<64xi32>
      aiex.npu.dma_memcpy_nd (%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {metadata = @in, id = 0 : i64} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @out}
    }
  }

// mlir-aie's `while True:` core (scf.while on the constant true) runs as a
// loop forever, like the scf.for to 4294967295.
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), 2 BD chain(s) and 2 task queue(s)
  aie.device(npu2_1col) @forever {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.objectfifo @fin(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @fout(%core, {%shim}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.core(%core) {
      %true = arith.constant true
      scf.while : () -> () {
        scf.condition(%true)
      } do {
        %a = aie.objectfifo.acquire @fin(Consume, 1) : memref<16xi32>
        %b = aie.objectfifo.acquire @fout(Produce, 1) : memref<16xi32>
        aie.objectfifo.release @fin(Consume, 1)
        aie.objectfifo.release @fout(Produce, 1)
        scf.yield
      }
      aie.end
    }
    aie.runtime_sequence(%a : memref<64xi32>, %b : memref<64xi32>) {
      aiex.npu.dma_memcpy_nd (%b[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {metadata = @fout, id = 1 : i64, issue_token = true} : memref<64xi32>
      aiex.npu.dma_memcpy_nd (%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {metadata = @fin, id = 0 : i64} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @fout}
    }
  }

// A forever loop unrolled by two takes the dispatch's last object in its
// first half and waits in its second: it waits for the next dispatch, a
// normal end (upstream's hardware-run adjacent_memtile_access has this
// shape).
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), 1 BD chain(s) and 1 task queue(s)
  aie.device(npu2_1col) @unrolled {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.objectfifo @u(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.core(%core) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %cmax = arith.constant 4294967294 : index
      scf.for %i = %c0 to %cmax step %c2 {
        %a = aie.objectfifo.acquire @u(Consume, 1) : memref<16xi32>
        aie.objectfifo.release @u(Consume, 1)
        %b = aie.objectfifo.acquire @u(Consume, 1) : memref<16xi32>
        aie.objectfifo.release @u(Consume, 1)
      }
      aie.end
    }
    aie.runtime_sequence(%a : memref<48xi32>) {
      aiex.npu.dma_memcpy_nd (%a[0, 0, 0, 0][1, 1, 1, 48][0, 0, 0, 1]) {metadata = @u, id = 0 : i64, issue_token = true} : memref<48xi32>
      aiex.npu.dma_wait {symbol = @u}
    }
  }

// The core holds three objects of a FIFO whose consumer end has two
// buffers: its acquire of 3 can never be granted.
// CHECK: error: deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move)
// CHECK: note: the core of tile (0, 2) waits to acquire 3 from the consumer lock of @win_cons at tile (0, 2) (value 2), also forever
  aie.device(npu2_1col) @window {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.objectfifo @win(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
// expected-note @-1 {{the consumer lock of @win_cons at tile (0, 2) is released here, by the S2MM 0 end of @win at tile (0, 2), which is blocked}}
// expected-note @-2 {{the S2MM 0 end of @win at tile (0, 2) waits to acquire 1 from the producer lock of @win_cons at tile (0, 2) (value 0)}}
    aie.core(%core) {
      %s = aie.objectfifo.acquire @win(Consume, 3) : !aie.objectfifosubview<memref<16xi32>>
// expected-note @-1 {{the core of tile (0, 2) waits to acquire 3 from the consumer lock of @win_cons at tile (0, 2) (value 2), also forever}}
      aie.objectfifo.release @win(Consume, 3)
// expected-note @-1 {{the producer lock of @win_cons at tile (0, 2) is released here, by the core of tile (0, 2), which is blocked}}
      aie.end
    }
    aie.runtime_sequence(%a : memref<48xi32>) {
// expected-note @-1 {{the same holds with 8 words buffered in front of each BD a task queue's stream feeds (the device model's stream_buffer_words, measured on npu2)}}
      aiex.npu.dma_memcpy_nd (%a[0, 0, 0, 0][1, 1, 1, 48][0, 0, 0, 1]) {metadata = @win, id = 0 : i64, issue_token = true} : memref<48xi32>
// expected-note @-1 {{shim tile (0, 0) MM2S 0 has 1 unfinished task(s); the one at its head has sent 32 of its 48 words}}
      aiex.npu.dma_wait {symbol = @win}
// expected-error @-1 {{deadlock: the host waits here for shim tile (0, 0) MM2S 0 to finish task 1 of its 1 (0 finished, 16 words left to move) and can never go on}}
// expected-note @-2 {{hint: make the BDs at the other end of each flow move every word the tasks move (or the tasks only what they take)}}
    }
  }

// Two neighbouring cores share memory: one lock pair, no DMA. The
// consumer takes one object more than the producer makes.
// CHECK: error: deadlock: the core of tile (0, 3) waits to acquire 1 from the consumer lock of @pass at tile (0, 2)
  aie.device(npu2_1col) @shared {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    aie.objectfifo @pass(%t2, {%t3}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %s = aie.objectfifo.acquire @pass(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
        aie.objectfifo.release @pass(Produce, 1)
// expected-note @-1 {{the consumer lock of @pass at tile (0, 2) is released here, by the core of tile (0, 2), which has finished}}
      }
      aie.end
    }
    aie.core(%t3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      scf.for %i = %c0 to %c5 step %c1 {
        %s = aie.objectfifo.acquire @pass(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
// expected-error @-1 {{deadlock: the core of tile (0, 3) waits to acquire 1 from the consumer lock of @pass at tile (0, 2) (value 0) and can never go on}}
        aie.objectfifo.release @pass(Consume, 1)
      }
      aie.end
    }
  }

// A join through a memory tile is not modelled: unknown, with the reason.
  aie.device(npu2_1col) @join {
// expected-warning @-1 {{deadlock freedom of the array is unknown: an object FIFO link that joins or distributes is not modelled}}
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    aie.objectfifo @p(%t2, {%mem}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @q(%t3, {%mem}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @pq(%mem, {%shim}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo.link [@p, @q] -> [@pq] ([0, 8] [])
// expected-note @-1 {{here}}
  }

// Objects held from one trip of a forever loop into the next (a sliding
// window) are not modelled: unknown.
  aie.device(npu2_1col) @slide {
// expected-warning @-1 {{data race freedom of the array is unknown: object FIFO objects held from one iteration of the core's forever loop into the next are not modelled}}
// expected-warning @-2 {{deadlock freedom of the array is unknown: object FIFO objects held from one iteration of the core's forever loop into the next are not modelled}}
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.objectfifo @s(%shim, {%core}, 3 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.core(%core) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cmax = arith.constant 4294967295 : index
      scf.for %i = %c0 to %cmax step %c1 {
// expected-note @-1 {{the model of the array stops here}}
// expected-note @-2 {{here}}
        %w = aie.objectfifo.acquire @s(Consume, 2) : !aie.objectfifosubview<memref<16xi32>>
        aie.objectfifo.release @s(Consume, 1)
      }
      aie.end
    }
  }
}
// CHECK: warning: deadlock freedom of the array is unknown: an object FIFO link that joins or distributes is not modelled
// CHECK: warning: deadlock freedom of the array is unknown: object FIFO objects held from one iteration of the core
// CHECK: air-check: 1 file, 2 errors, 3 warnings
