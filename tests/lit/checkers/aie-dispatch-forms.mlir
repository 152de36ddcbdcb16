// The forms later mlir-aie writes (issue 26, part 4): lock amounts as i32
// values, npu2_1col, the older `shim_dma_allocation @s(MM2S, 0, col)`,
// packet ids on allocations; and what aie-deadlock cannot decide about
// them is `unknown` with its reason (a stream into a channel nothing
// programs, a packet id no packet flow routes, a kept packet header, an
// amount computed at run time). Written for this test in those forms.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s --check-prefix=PRINT
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), 1 BD chain(s) and 1 task queue(s) (1 task(s);
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (1 task(s);
// CHECK: proven: deadlock freedom of the dispatch: in every interleaving of the host, 0 core(s), 1 BD chain(s) and 1 task queue(s) (1 task(s);
// CHECK: air-check: 1 file, 0 errors, 6 warnings
// PRINT: aie.use_lock(%{{.*}}, AcquireGreaterEqual, %{{.*}})
// PRINT: aie.shim_dma_allocation @feed(MM2S, 0, 0)
// PRINT: aie.shim_dma_allocation @a(%{{.*}}, MM2S, 0, <pkt_id = 1>)
// PRINT: aie.shim_dma_allocation @b(%{{.*}}, MM2S, 0, <pkt_type = 2, pkt_id = 5>)
// PRINT: aie.packet_flow(1) {
// PRINT-NEXT: aie.packet_source<%{{.*}}, DMA : 0>
// PRINT-NEXT: aie.packet_dest<%{{.*}}, DMA : 0>
// PRINT: } {keep_pkt_header = true}
module {
  // Lock amounts as i32 values (later mlir-aie's form) on npu2_1col.
  aie.device(npu2_1col) @ssa_amounts {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %in = aie.buffer(%t) : memref<8xi32>
    %full = aie.lock(%t, 0) {init = 0 : i32, sym_name = "full"}
    %empty = aie.lock(%t, 1) {init = 1 : i32, sym_name = "empty"}
    aie.shim_dma_allocation @feed(%shim, MM2S, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %dma = aie.mem(%t) {
      %n = arith.constant 1 : i32
      %s = aie.dma_start(S2MM, 0, ^fill, ^done)
    ^fill:
      aie.use_lock(%empty, AcquireGreaterEqual, %n)
      aie.dma_bd(%in : memref<8xi32> len = 8)
      aie.use_lock(%full, Release, %n)
      aie.next_bd ^fill
    ^done:
      aie.end
    }
    %c = aie.core(%t) {
      %n = arith.constant 1 : i32
      aie.use_lock(%full, AcquireGreaterEqual, %n)
      aie.use_lock(%empty, Release, %n)
      aie.end
    }
    aie.runtime_sequence @once(%x : memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @feed, id = 0 : i64, issue_token = true} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @feed}
    }
  }

  // An amount computed at run time.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a lock amount computed at run time (not a constant)}}
  aie.device(npu2_1col) @runtime_amount {
    %t = aie.tile(0, 2)
    // expected-note@+1 {{the lock is declared here}}
    %l = aie.lock(%t, 0) {init = 2 : i32, sym_name = "l"}
    %c = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %two = arith.constant 2 : i32
      %b = aie.buffer(%t) : memref<1xi32>
      %k = memref.load %b[%c0] : memref<1xi32>
      // expected-warning@+2 {{lock protocol of 'l' is unknown: the amount is computed at run time (not a constant)}}
      // expected-note@+1 {{here}}
      aie.use_lock(%l, AcquireGreaterEqual, %k)
      aie.use_lock(%l, Release, %two)
      aie.end
    }
  }

  // The older allocation form: the shim tile by its column.
  aie.device(npu1_1col) @column_form {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %in = aie.buffer(%t) : memref<16xi32>
    aie.shim_dma_allocation @feed(MM2S, 0, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %dma = aie.mem(%t) {
      %s = aie.dma_start(S2MM, 0, ^fill, ^done)
    ^fill:
      aie.dma_bd(%in : memref<16xi32> len = 16)
      aie.next_bd ^fill
    ^done:
      aie.end
    }
    aie.runtime_sequence @once(%x : memref<32xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {metadata = @feed, id = 0 : i64} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @feed}
    }
  }

  // The shim sends into a memory tile channel nothing in the design programs.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a stream into memory tile (0, 1) S2MM 0, which the design does not program}}
  aie.device(npu2_1col) @unprogrammed {
    %shim = aie.tile(0, 0)
    %mt = aie.tile(0, 1)
    aie.shim_dma_allocation @feed(%shim, MM2S, 0)
    // expected-warning@+2 {{the flow's destination, S2MM channel 0 of memory tile (0, 1), is never started}}
    // expected-note@+1 {{here}}
    aie.flow(%shim, DMA : 0, %mt, DMA : 0)
    aie.runtime_sequence @once(%x : memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @feed, id = 0 : i64} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @feed}
    }
  }

  // A task whose packet id no packet flow routes.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a task on shim tile (0, 0) MM2S 0, whose streams are packet flows, carries packet id 5, which no packet flow routes}}
  aie.device(npu2_1col) @unrouted_packet {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %in = aie.buffer(%t) : memref<8xi32>
    aie.shim_dma_allocation @a(%shim, MM2S, 0, <pkt_id = 1>)
    aie.shim_dma_allocation @b(%shim, MM2S, 0, <pkt_type = 2, pkt_id = 5>)
    aie.packet_flow(1) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    }
    %dma = aie.mem(%t) {
      %s = aie.dma_start(S2MM, 0, ^fill, ^done)
    ^fill:
      aie.dma_bd(%in : memref<8xi32> len = 8)
      aie.next_bd ^fill
    ^done:
      aie.end
    }
    aie.runtime_sequence @once(%x : memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @a, id = 0 : i64} : memref<8xi32>
      // expected-note@+1 {{here}}
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @b, id = 1 : i64} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @b}
    }
  }

  // A packet flow that keeps its header in the data.
  // expected-warning@+1 {{deadlock freedom of the array is unknown: a packet flow that keeps its packet header in the data (keep_pkt_header) is not modelled}}
  aie.device(npu2_1col) @kept_header {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %in = aie.buffer(%t) : memref<8xi32>
    aie.shim_dma_allocation @a(%shim, MM2S, 0, <pkt_id = 1>)
    // expected-note@+1 {{here}}
    aie.packet_flow(1) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t, DMA : 0>
    } {keep_pkt_header = true}
    %dma = aie.mem(%t) {
      %s = aie.dma_start(S2MM, 0, ^fill, ^done)
    ^fill:
      aie.dma_bd(%in : memref<8xi32> len = 8)
      aie.next_bd ^fill
    ^done:
      aie.end
    }
    aie.runtime_sequence @once(%x : memref<8xi32>) {
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {metadata = @a, id = 0 : i64} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @a}
    }
  }

  // Transfer sizes as SSA constants count as their values: 2 x 16 words
  // into a 16-word BD that loops.
  aie.device(npu1_1col) @constant_sizes {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %in = aie.buffer(%t) : memref<16xi32>
    aie.shim_dma_allocation @feed(%shim, MM2S, 0)
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    %dma = aie.mem(%t) {
      %s = aie.dma_start(S2MM, 0, ^fill, ^done)
    ^fill:
      aie.dma_bd(%in : memref<16xi32> len = 16)
      aie.next_bd ^fill
    ^done:
      aie.end
    }
    aie.runtime_sequence @once(%x : memref<32xi32>) {
      %c1 = arith.constant 1 : i64
      %c2 = arith.constant 2 : i64
      %c16 = arith.constant 16 : i64
      aiex.npu.dma_memcpy_nd(%x[0, 0, 0, 0][%c1, %c1, %c2, %c16][0, 0, 16, 1]) {metadata = @feed, id = 0 : i64} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @feed}
    }
  }
}
