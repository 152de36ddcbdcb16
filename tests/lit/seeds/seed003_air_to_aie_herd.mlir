// Seed 003_9cf99b81550acd41.txt, lines 1053-1066 (air-to-aie, "Outline
// air.herd to aie.cores and aie.mems", input IR): a herd named through its
// attribute dictionary (`attributes { sym_name="herd1"}`), written
// `tile(` without a space and `%size_x = %herd_cols` with spaces, with
// synchronous channel ops. The channel declarations and the function,
// launch and segment around the herd (which bind `%arg0`, `%arg1`,
// `%herd_cols`, `%herd_rows`) are the completion. The output IR (lines
// 1069-1102) is aie dialect only and is not covered.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @channel_0 [1, 1]
// CHECK: air.channel @channel_1 [1, 1]
// CHECK-LABEL: func.func @func1
// CHECK: air.herd @herd1 tile (%[[TX:.*]], %[[TY:.*]]) in (%{{.*}}=%c1{{.*}}, %{{.*}}=%c1{{.*}}) args(%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) : memref<1024xi32>, memref<1024xi32> {
// CHECK: air.channel.get @channel_0[%[[TX]], %[[TY]]] (%{{.*}}[] [] []) {id = 2 : i32} : (memref<1024xi32, 2>)
// CHECK: air.channel.put @channel_1[%[[TX]], %[[TY]]] (%{{.*}}[] [] []) {id = 3 : i32} : (memref<512xi32, 2>)

module {
  air.channel @channel_0 [1, 1]
  air.channel @channel_1 [1, 1]
  func.func @func1(%a0: memref<1024xi32>, %a1: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%lsx=%c1) args(%l0=%a0, %l1=%a1) : memref<1024xi32>, memref<1024xi32> {
      air.segment @segment0 args(%arg0=%l0, %arg1=%l1) : memref<1024xi32>, memref<1024xi32> {
        %herd_cols = arith.constant 1 : index
        %herd_rows = arith.constant 1 : index
air.herd tile(%tx, %ty) in (%size_x = %herd_cols, %size_y = %herd_rows) args(%ext0 = %arg0, %ext1 = %arg1) : memref<1024xi32>, memref<1024xi32> attributes { sym_name="herd1"} {
  %buf0 = memref.alloc() : memref<1024xi32, 2>
  %buf1 = memref.alloc() : memref<512xi32, 2>
  air.channel.get @channel_0[%tx, %ty] (%buf0[] [] []) {id = 2 : i32} : (memref<1024xi32, 2>)
  air.channel.put @channel_1[%tx, %ty] (%buf1[] [] []) {id = 3 : i32} : (memref<512xi32, 2>)
  memref.dealloc %buf0 : memref<1024xi32, 2>
  memref.dealloc %buf1 : memref<512xi32, 2>
  air.herd_terminator
}
      }
    }
    return
  }
}
