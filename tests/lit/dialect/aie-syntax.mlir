// Every aie and aiex op air-check models, in the textual syntax of the
// mlir-aie that upstream mlir-air pins (docs/aie.md), with the other
// spellings the parsers accept. Checked printed, and parsed again to the
// same IR and the same printing.
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-opt %s > %t.c && air-opt %t.c > %t.d && diff %t.c %t.d

module {
  // CHECK-LABEL: aie.device(npu1_1col) @seg {
  aie.device(npu1_1col) @seg {
    // CHECK: %[[T00:.*]] = aie.tile(0, 0)
    %t00 = aie.tile(0, 0)
    // CHECK: %[[T01:.*]] = aie.tile(0, 1)
    %t01 = aie.tile(0, 1)
    // CHECK: %[[T02:.*]] = aie.tile(0, 2)
    %t02 = aie.tile(0, 2)
    // CHECK: %[[PROD:.*]] = aie.lock(%[[T02]], 0) {init = 2 : i32, sym_name = "prod"}
    %l0 = aie.lock(%t02, 0) {init = 2 : i32, sym_name = "prod"}
    // CHECK: %[[CONS:.*]] = aie.lock(%[[T02]], 1) {init = 0 : i32}
    %l1 = aie.lock(%t02, 1) {init = 0 : i32}
    // A lock without an id (mlir-aie assigns one later).
    // CHECK: aie.lock(%[[T01]])
    %l2 = aie.lock(%t01)
    // CHECK: %[[PING:.*]] = aie.buffer(%[[T02]]) {sym_name = "ping"} : memref<256xi32, 2>
    %b0 = aie.buffer(%t02) {sym_name = "ping"} : memref<256xi32, 2>
    // CHECK: %[[L2:.*]] = aie.buffer(%[[T01]]) {address = 0 : i32, sym_name = "l2"} : memref<16x16xbf16, 1>
    %b1 = aie.buffer(%t01) {sym_name = "l2", address = 0 : i32} : memref<16x16xbf16, 1>
    // CHECK: aie.buffer(%[[T02]]) : memref<4xi32> = dense<[1, 2, 3, 4]>
    %b2 = aie.buffer(%t02) : memref<4xi32> = dense<[1, 2, 3, 4]>
    // CHECK: aie.core(%[[T02]]) {
    // CHECK-NEXT: aie.use_lock(%[[CONS]], AcquireGreaterEqual, 1)
    // CHECK-NEXT: aie.use_lock(%[[PROD]], Release)
    // CHECK-NEXT: aie.use_lock(%[[CONS]], Acquire, 1)
    // CHECK-NEXT: aie.end
    // CHECK-NEXT: } {stack_size = 2048 : i32}
    %c = aie.core(%t02) {
      aie.use_lock(%l1, AcquireGreaterEqual, 1)
      aie.use_lock(%l0, Release)
      // seed 004's quoted spelling
      aie.use_lock(%l1, "Acquire", 1)
      aie.end
    } {stack_size = 2048 : i32}
    // CHECK: aie.mem(%[[T02]]) {
    // CHECK-NEXT: aie.dma_start(S2MM, 0, ^bb1, ^bb2, repeat_count = 1)
    // CHECK: aie.dma_bd(%[[PING]] : memref<256xi32, 2> offset = 0 len = 256)
    // CHECK: aie.next_bd ^bb1
    // CHECK: aie.end
    %m = aie.mem(%t02) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2, repeat_count = 1)
    ^bb1:
      aie.use_lock(%l0, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0 : memref<256xi32, 2>, 0, 256)
      aie.use_lock(%l1, Release, 1)
      aie.next_bd ^bb1
    ^bb2:
      aie.end
    }
    // CHECK: aie.memtile_dma(%[[T01]]) {
    // CHECK: aie.dma_start(MM2S, 0, ^bb1, ^bb2)
    // CHECK: aie.dma_bd(%[[L2]] : memref<16x16xbf16, 1> offset = 0 len = 256 sizes = [16, 16] strides = [1, 16] pad [<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 0>] pad_value = 0) {bd_id = 0 : i32}
    // CHECK: aie.dma_start(MM2S, 1, ^bb3, ^bb6)
    // CHECK: aie.dma_bd(%[[L2]] : memref<16x16xbf16, 1> offset = 0 len = 256 sizes = [16, 16] strides = [16, 1])
    // CHECK: aie.dma_bd(%[[L2]] : memref<16x16xbf16, 1> offset = 16 len = 32)
    // CHECK: aie.dma_bd(%[[L2]] : memref<16x16xbf16, 1> offset = 0 len = 16 sizes = [13] strides = [1] pad [<const_pad_before = 2, const_pad_after = 1>]) {bd_id = 26 : i32}
    %mt = aie.memtile_dma(%t01) {
      %0 = aie.dma_start("MM2S", 0, ^bb1, ^bb3)
    ^bb1:
      aie.dma_bd(%b1 : memref<16x16xbf16, 1>, 0, 256, [<size = 16, stride = 1>, <size = 16, stride = 16>], [<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 0>], pad_value = 0) {bd_id = 0 : i32}
      aie.next_bd ^bb1
    ^bb3:
      %1 = aie.dma_start(MM2S, 1, ^bb4, ^bb6)
    ^bb4:
      // seed 004's `<size, stride>` pairs
      aie.dma_bd(%b1 : memref<16x16xbf16, 1>, 0, 256, [<16, 16>, <16, 1>]) {bd_id = 24 : i32}
      aie.next_bd ^bb5
    ^bb5:
      // the keyword form of the pinned mlir-aie (what air-check prints)
      aie.dma_bd(%b1 : memref<16x16xbf16, 1> offset = 16 len = 32) {bd_id = 25 : i32}
      aie.next_bd ^bb7
    ^bb7:
      // with a padding clause, as the pinned air-to-aie prints one
      aie.dma_bd(%b1 : memref<16x16xbf16, 1> offset = 0 len = 16 sizes = [13] strides = [1] pad [<const_pad_before = 2, const_pad_after = 1>]) {bd_id = 26 : i32}
      aie.next_bd ^bb4
    ^bb6:
      aie.end
    }
    // CHECK: aie.shim_dma(%[[T00]]) {
    %sd = aie.shim_dma(%t00) {
      %0 = aie.dma_start(S2MM, 1, ^bb1, ^bb2)
    ^bb1:
      aie.use_lock(%l2, Acquire, 0)
      aie.dma_bd(%b1 : memref<16x16xbf16, 1>)
      aie.use_lock(%l2, Release, 1)
      aie.next_bd ^bb2
    ^bb2:
      aie.end
    }
    // CHECK: aie.flow(%[[T00]], DMA : 0, %[[T01]], DMA : 0)
    aie.flow(%t00, DMA : 0, %t01, DMA : 0)
    // CHECK: aie.flow(%[[T01]], DMA : 0, %[[T02]], Core : 0)
    aie.flow(%t01, "DMA" : 0, %t02, Core : 0)
    // CHECK: aie.shim_dma_allocation @in(%[[T00]], MM2S, 0)
    aie.shim_dma_allocation @in(%t00, MM2S, 0)
    // CHECK: aie.runtime_sequence @seq(%[[A:.*]]: memref<64xi32>, %[[O:.*]]: memref<64xi32>) {
    aie.runtime_sequence @seq(%a: memref<64xi32>, %o: memref<64xi32>) {
      // CHECK: %[[TK:.*]] = aiex.dma_configure_task_for @in {
      // CHECK-NEXT: aie.dma_bd(%[[A]] : memref<64xi32> offset = 0 len = 64)
      // CHECK-NEXT: aie.end
      // CHECK-NEXT: } {issue_token = true, repeat_count = 1 : i32}
      %t = aiex.dma_configure_task_for @in {
        aie.dma_bd(%a : memref<64xi32> offset = 0 len = 64)
        aie.end
      } {issue_token = true, repeat_count = 1 : i32}
      // CHECK: aiex.dma_start_task(%[[TK]])
      aiex.dma_start_task(%t)
      // CHECK: aiex.dma_await_task(%[[TK]])
      aiex.dma_await_task(%t)
      // CHECK: aiex.dma_free_task(%[[TK]])
      aiex.dma_free_task(%t)
      // CHECK: aiex.dma_configure_task(%[[T00]], S2MM, 0) {
      // CHECK-NEXT: aie.dma_bd(%[[O]] : memref<64xi32> offset = 0 len = 64 sizes = [16, 4] strides = [4, 1])
      %u = aiex.dma_configure_task(%t00, S2MM, 0) {
        aie.dma_bd(%o : memref<64xi32>, 0, 64, [<size = 16, stride = 4>, <size = 4, stride = 1>])
        aie.end
      }
      // CHECK: aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 0] [1, 1, 1, 64] [0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<64xi32>
      // CHECK: aiex.npu.dma_wait {symbol = @in}
      aiex.npu.dma_wait {symbol = @in}
    }
  }
  // The attribute spelling of the device name mlir-air's inputs use.
  // CHECK-LABEL: aie.device(npu2) @other {
  aie.device(npu2) {
  } {sym_name = "other"}
  // CHECK-LABEL: aie.device(xcvc1902) {
  aie.device(xcvc1902) {
  }
}
