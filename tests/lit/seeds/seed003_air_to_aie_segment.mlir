// Seed 003_9cf99b81550acd41.txt, lines 1105-1126 (air-to-aie, "Outline
// air.segment to aie.memtile", input IR): L2 buffers with synchronous
// channel ops, and a herd named through its attribute dictionary. The
// channel declarations, the function and launch around the segment, and
// (after the seed's `...`, kept as a comment) an L1 buffer and get in the
// herd body are the completion. The output IR (lines 1129-1165) is aie
// dialect only and is not covered.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @func2
// CHECK: air.segment @segment0 {
// CHECK: air.channel.get @channel_2[] (%{{.*}}[] [] []) {id = 2 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.put @channel_3[] (%{{.*}}[] [] []) {id = 3 : i32} : (memref<1024xi32, 1>)
// CHECK: air.herd @herd4 tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c1{{.*}}, %{{.*}}=%c1{{.*}}) {
// CHECK: air.channel.get @channel_4[] (%{{.*}}[] [] []) {id = 6 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.put @channel_5[] (%{{.*}}[] [] []) {id = 7 : i32} : (memref<1024xi32, 1>)

module {
  air.channel @channel_2 [1, 1]
  air.channel @channel_3 [1, 1]
  air.channel @channel_4 [1, 1]
  air.channel @channel_5 [1, 1]
  func.func @func2() {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%lsx=%c1) {
air.segment @segment0 {
  %herd_cols = arith.constant 1 : index
  %herd_rows = arith.constant 1 : index
  %memtile0 = memref.alloc() : memref<1024xi32, 1>
  air.channel.get @channel_2[] (%memtile0[] [] []) {id = 2 : i32} : (memref<1024xi32, 1>)
  air.channel.put @channel_3[] (%memtile0[] [] []) {id = 3 : i32} : (memref<1024xi32, 1>)
  memref.dealloc %memtile0 : memref<1024xi32, 1>
  air.herd tile(%tx, %ty) in (%size_x = %herd_cols, %size_y = %herd_rows) attributes { sym_name="herd4"} {
    // ...
    %buf = memref.alloc() : memref<1024xi32, 2>
    air.channel.get @channel_3[%tx, %ty] (%buf[] [] []) {id = 4 : i32} : (memref<1024xi32, 2>)
    air.channel.put @channel_4[%tx, %ty] (%buf[] [] []) {id = 5 : i32} : (memref<1024xi32, 2>)
    memref.dealloc %buf : memref<1024xi32, 2>
    air.herd_terminator
  }
  %memtile1 = memref.alloc() : memref<1024xi32, 1>
  air.channel.get @channel_4[] (%memtile1[] [] []) {id = 6 : i32} : (memref<1024xi32, 1>)
  air.channel.put @channel_5[] (%memtile1[] [] []) {id = 7 : i32} : (memref<1024xi32, 1>)
  memref.dealloc %memtile1 : memref<1024xi32, 1>
  air.segment_terminator
}
    }
    return
  }
}
