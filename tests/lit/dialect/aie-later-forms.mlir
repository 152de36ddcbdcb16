// The forms of later mlir-aie that its hardware-run designs (test/npu-xrt)
// use and air-check reads (issue 26): packet headers (#aie.packet_info),
// the older spelling aiex.runtime_sequence, tiles placed later
// (aie.logical_tile), the region form of a BD chain (aie.dma), a BD's
// length as an attribute, cascade flows, and the host's register and queue
// ops. Each is printed in mlir-aie's form (aiex.runtime_sequence stays
// aiex.runtime_sequence), and parsed again to the same IR. The designs
// below are written for this test.
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-opt %s > %t.c && air-opt %t.c > %t.d && diff %t.c %t.d

module {
  // CHECK-LABEL: aie.device(npu2) @packets {
  aie.device(npu2) @packets {
    // The two fields in either order; printed type first, as mlir-aie does.
    // CHECK: %[[T00:.*]] = aie.tile(0, 0) {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 3>}
    %t00 = aie.tile(0, 0) {controller_id = #aie.packet_info<pkt_id = 3, pkt_type = 0>}
    // CHECK: %[[T02:.*]] = aie.tile(0, 2) {controller_id = #aie.packet_info<pkt_type = 2, pkt_id = 1>}
    %t02 = aie.tile(0, 2) {controller_id = #aie.packet_info<pkt_type = 2, pkt_id = 1>}
    %t03 = aie.tile(0, 3)
    %buf = aie.buffer(%t02) {sym_name = "buf"} : memref<8xi32>
    // Two sources merging into one packet flow (packet fan-in).
    // CHECK: aie.packet_flow(0) {
    // CHECK-NEXT: aie.packet_source<%[[T02]], DMA : 0>
    // CHECK-NEXT: aie.packet_source<%{{.*}}, DMA : 0>
    // CHECK-NEXT: aie.packet_dest<%[[T00]], DMA : 0>
    // CHECK-NEXT: } {priority_route = true}
    aie.packet_flow(0) {
      aie.packet_source<%t02, DMA : 0>
      aie.packet_source<%t03, DMA : 0>
      aie.packet_dest<%t00, DMA : 0>
    } {priority_route = true}
    // CHECK: aie.cascade_flow(%{{.*}}, %[[T02]])
    aie.cascade_flow(%t03, %t02)
    %m = aie.mem(%t02) {
      %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
    ^bb1:
      // CHECK: aie.dma_bd(%[[BUF:.*]] : memref<8xi32> offset = 0 len = 8) {packet = #aie.packet_info<pkt_type = 0, pkt_id = 0>}
      aie.dma_bd(%buf : memref<8xi32>, 0, 8) {packet = #aie.packet_info<pkt_id = 0, pkt_type = 0>}
      aie.next_bd ^bb1
    ^bb2:
      aie.end
    }
  }

  // The older spelling of the runtime sequence, with and without a name
  // and arguments; `len` as an attribute of aie.dma_bd; a shim allocation
  // next to a memref.global of its name (mlir-aie's older designs).
  // CHECK-LABEL: aie.device(npu1_1col) @older {
  aie.device(npu1_1col) @older {
    // CHECK: memref.global "public" @in : memref<8xi32>
    memref.global "public" @in : memref<8xi32>
    %t00 = aie.tile(0, 0)
    %t02 = aie.tile(0, 2)
    %b = aie.buffer(%t02) {sym_name = "b"} : memref<8xi32>
    // CHECK: aie.shim_dma_allocation @in(MM2S, 0, 0)
    aie.shim_dma_allocation @in(MM2S, 0, 0)
    %m = aie.mem(%t02) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
    ^bb1:
      // CHECK: aie.dma_bd(%{{.*}} : memref<8xi32> offset = 0 len = 4)
      aie.dma_bd(%b : memref<8xi32>) { len = 4 : i32 }
      // CHECK: aie.dma_bd(%{{.*}} : memref<8xi32> offset = 4 len = 4) {bd_id = 1 : i32}
      aie.dma_bd(%b : memref<8xi32>) {offset = 4 : i32, len = 4 : i32, bd_id = 1 : i32}
      aie.next_bd ^bb1
    ^bb2:
      aie.end
    }
    // CHECK: aiex.runtime_sequence(%{{.*}}: memref<8xi32>) {
    aiex.runtime_sequence(%a : memref<8xi32>) {
      // CHECK: aiex.npu.dma_memcpy_nd(%{{.*}} [0, 0, 0, 0] [1, 1, 1, 8] [0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<8xi32>
      aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<8xi32>
      // Earlier mlir-aie's two integers before the memref, kept as read.
      // CHECK: aiex.npu.dma_memcpy_nd(0, 0, %{{.*}} [0, 0, 0, 0] [1, 1, 1, 8] [0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<8xi32>
      aiex.npu.dma_memcpy_nd(0, 0, %a[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<8xi32>
      aiex.npu.dma_wait {symbol = @in}
    }
    // CHECK: aiex.runtime_sequence @named() {
    aiex.runtime_sequence @named() {
    }
  }

  // Tiles placed later, with or without a coordinate.
  // CHECK-LABEL: aie.device(npu2) @placed_later {
  aie.device(npu2) @placed_later {
    // CHECK: %[[C:.*]] = aie.logical_tile<CoreTile>(?, ?)
    %core = aie.logical_tile<CoreTile>(?, ?)
    // CHECK: aie.logical_tile<ShimNOCTile>(3, ?) {allocation_scheme = "bank_aware"}
    %shim = aie.logical_tile<ShimNOCTile>(3, ?) {allocation_scheme = "bank_aware"}
    // CHECK: aie.logical_tile<MemTile>(0, 1)
    %mem = aie.logical_tile<MemTile>(0, 1)
    // CHECK: aie.core(%[[C]]) {
    %c = aie.core(%core) {
      aie.end
    }
  }

  // The region form of a BD chain: one region per BD.
  // CHECK-LABEL: aie.device(npu1_1col) @regions {
  aie.device(npu1_1col) @regions {
    %t01 = aie.tile(0, 1)
    %b0 = aie.buffer(%t01) {sym_name = "b0"} : memref<16xi32>
    %b1 = aie.buffer(%t01) {sym_name = "b1"} : memref<16xi32>
    %l0 = aie.lock(%t01, 0) {init = 1 : i32}
    %l1 = aie.lock(%t01, 1) {init = 0 : i32}
    // CHECK: aie.memtile_dma(%{{.*}}) {
    // CHECK-NEXT: aie.dma(S2MM, 0) [{
    // CHECK-NEXT: aie.use_lock(%{{.*}}, AcquireGreaterEqual, 1)
    // CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<16xi32> offset = 0 len = 16)
    // CHECK-NEXT: aie.use_lock(%{{.*}}, Release, 1)
    // CHECK-NEXT: }, {
    // CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<16xi32> offset = 0 len = 16)
    // CHECK-NEXT: }]
    // CHECK-NEXT: aie.dma(MM2S, 0) {loop = false, repeat_count = 2 : i32, sym_name = "out"} [{
    // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
    // CHECK-NEXT: aie.use_lock(%{{.*}}, AcquireGreaterEqual, %[[ONE]])
    // CHECK: }]
    // CHECK-NEXT: aie.end
    %d = aie.memtile_dma(%t01) {
      %0 = aie.dma(S2MM, 0) [{
        aie.use_lock(%l0, AcquireGreaterEqual, 1)
        aie.dma_bd(%b0 : memref<16xi32>)
        aie.use_lock(%l1, Release, 1)
      }, {
        aie.dma_bd(%b1 : memref<16xi32>)
      }]
      %1 = aie.dma(MM2S, 0) {loop = false, repeat_count = 2 : i32, sym_name = "out"} [{
        %one = arith.constant 1 : i32
        aie.use_lock(%l1, AcquireGreaterEqual, %one)
        aie.dma_bd(%b0 : memref<16xi32>)
        aie.use_lock(%l0, Release, %one)
      }]
      aie.end
    }
  }

  // The host's register and queue ops, and a configuration of another
  // device.
  // CHECK-LABEL: aie.device(npu2) @host_ops {
  aie.device(npu2) @host_ops {
    %t00 = aie.tile(0, 0)
    %t02 = aie.tile(0, 2)
    %lock = aie.lock(%t02, 0) {init = 0 : i32}
    aie.shim_dma_allocation @pin(%t00, MM2S, 0)
    // CHECK: aie.runtime_sequence @seq(%[[ARG:.*]]: memref<8xi32>) {
    aie.runtime_sequence @seq(%arg0 : memref<8xi32>) {
      // CHECK: aiex.npu.write32 {address = 126976 : ui32, column = 0 : i32, row = 2 : i32, value = 1 : ui32}
      aiex.npu.write32 {address = 0x1F000 : ui32, column = 0 : i32, row = 2 : i32, value = 1 : ui32}
      %a = arith.constant 258308 : i32
      %v = arith.constant 1 : i32
      // CHECK: aiex.npu.write32(%{{.*}}, %{{.*}}) {column = 0 : i32, row = 2 : i32} : i32, i32
      aiex.npu.write32(%a, %v) {column = 0 : i32, row = 2 : i32} : i32, i32
      // CHECK: aiex.npu.maskwrite32 {address = 1024 : ui32, column = 0 : i32, mask = 3840 : ui32, row = 2 : i32, value = 256 : ui32}
      aiex.npu.maskwrite32 {address = 1024 : ui32, column = 0 : i32, row = 2 : i32, mask = 0x00000F00 : ui32, value = 0x100 : ui32}
      // CHECK: aiex.npu.maskwrite32(%{{.*}}, %{{.*}}, %{{.*}}) {column = 0 : i32, row = 2 : i32} : i32, i32, i32
      aiex.npu.maskwrite32(%a, %v, %v) {column = 0 : i32, row = 2 : i32} : i32, i32, i32
      // CHECK: aiex.set_lock(%[[LOCK:.*]], 1)
      aiex.set_lock(%lock, 1)
      // CHECK: aiex.set_lock(%[[LOCK]], %{{.*}})
      aiex.set_lock(%lock, %v)
      // CHECK: aiex.npu.dma_memcpy_nd(%[[ARG]] [0, 0, 0, 0] [1, 1, 1, 8] [0, 0, 0, 1], packet = <pkt_type = 0, pkt_id = 5>) {id = 0 : i64, metadata = @pin} : memref<8xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1], packet = <pkt_id = 5, pkt_type = 0>) {id = 0 : i64, metadata = @pin} : memref<8xi32>
      %g = memref.get_global @data : memref<8xi32>
      // CHECK: aiex.npu.blockwrite(%{{.*}}) {address = 118784 : ui32, column = 0 : i32, row = 0 : i32} : memref<8xi32>
      aiex.npu.blockwrite(%g) {address = 118784 : ui32, column = 0 : i32, row = 0 : i32} : memref<8xi32>
      // CHECK: aiex.npu.address_patch {addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}
      aiex.npu.address_patch {addr = 0x1d004 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}
      // CHECK: aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
      aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
      // CHECK: aiex.npu.push_queue(0, 0, MM2S : 0) {bd_id = 0 : i32, issue_token = true, repeat_count = 0 : i32}
      aiex.npu.push_queue (0, 0, MM2S:0) {bd_id = 0 : i32, issue_token = true, repeat_count = 0 : i32}
      %bd = arith.constant 1 : i32
      %rc = arith.constant 0 : i32
      // CHECK: aiex.npu.push_queue(0, 0, MM2S : 0) bd_id %{{.*}} repeat %{{.*}} {issue_token = false} : i32, i32
      aiex.npu.push_queue (0, 0, MM2S:0) bd_id %bd repeat %rc {issue_token = false} : i32, i32
    }
    memref.global "private" constant @data : memref<8xi32> = dense<[1, 2, 3, 4, 5, 6, 7, 8]>
  }
  // CHECK-LABEL: aie.device(npu2) @main {
  aie.device(npu2) @main {
    aie.runtime_sequence @run(%x : memref<8xi32>) {
      // CHECK: aiex.configure @host_ops {
      // CHECK-NEXT: aiex.run @seq(%{{.*}}) : (memref<8xi32>)
      // CHECK-NEXT: }
      aiex.configure @host_ops {
        aiex.run @seq (%x) : (memref<8xi32>)
      }
    }
  }
}
