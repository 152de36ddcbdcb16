// npu_mmio channels (issue 20): the constant a put sends from a
// memref.global becomes the initial value of every L1 buffer its gets fill,
// as upstream's air-to-aie lowers them; no flow, shim channel, BD or lock
// serves it, and the cores read it without locks. Here scale factors go to
// a 1x2 herd by broadcast, beside data over DMA streams.
// RUN: air-check compile --target=npu1_4col %s -o %t.aie.mlir
// RUN: FileCheck %s < %t.aie.mlir
// RUN: air-check lint %t.aie.mlir

// CHECK-DAG: %[[T2:.*]] = aie.tile(0, 2)
// CHECK-DAG: %[[T3:.*]] = aie.tile(0, 3)
// CHECK-DAG: %[[S2:buf[0-9]+]] = aie.buffer(%[[T2]]) {sym_name = "{{.*}}"} : memref<16xi32, 2> = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]>
// CHECK-DAG: %[[S3:buf[0-9]+]] = aie.buffer(%[[T3]]) {sym_name = "{{.*}}"} : memref<16xi32, 2> = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]>
// Two streams in and two out; none for the parameters.
// CHECK-COUNT-4: aie.flow(
// CHECK-NOT: aie.flow(
// CHECK-NOT: air_params
// CHECK: aie.runtime_sequence
// CHECK-NOT: air_params
memref.global "private" constant @scale : memref<4x4xi32> = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]>
air.channel @params [1] {channel_type = "npu_mmio", broadcast_shape = [2]}
air.channel @data_in [2]
air.channel @data_out [2]
func.func @scaled(%in: memref<2x16xi32>, %out: memref<2x16xi32>) {
  %g = memref.get_global @scale : memref<4x4xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%p = %g, %a = %in, %b = %out) : memref<4x4xi32>, memref<2x16xi32>, memref<2x16xi32> {
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    air.channel.put @params[%c0] (%p[] [] []) : (memref<4x4xi32>)
    air.channel.put @data_in[%c0] (%a[%c0, %c0] [%c1_0, %c16] [%c16, %c1_0]) : (memref<2x16xi32>)
    air.channel.put @data_in[%c1_0] (%a[%c1_0, %c0] [%c1_0, %c16] [%c16, %c1_0]) : (memref<2x16xi32>)
    air.segment @seg {
      %c1_1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_1, %ny = %c2) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0_2 = arith.constant 0 : index
        %c4 = arith.constant 4 : index
        %c1_3 = arith.constant 1 : index
        %s = memref.alloc() : memref<16xi32, 2>
        %x = memref.alloc() : memref<16xi32, 2>
        %y = memref.alloc() : memref<16xi32, 2>
        air.channel.get @params[%ty] (%s[] [] []) : (memref<16xi32, 2>)
        air.channel.get @data_in[%ty] (%x[] [] []) : (memref<16xi32, 2>)
        scf.for %i = %c0_2 to %c4 step %c1_3 {
          %v = memref.load %x[%i] : memref<16xi32, 2>
          %w = memref.load %s[%i] : memref<16xi32, 2>
          %r = arith.muli %v, %w : i32
          memref.store %r, %y[%i] : memref<16xi32, 2>
        }
        air.channel.put @data_out[%ty] (%y[] [] []) : (memref<16xi32, 2>)
        memref.dealloc %s : memref<16xi32, 2>
        memref.dealloc %x : memref<16xi32, 2>
        memref.dealloc %y : memref<16xi32, 2>
      }
    }
    air.channel.get @data_out[%c0] (%b[%c0, %c0] [%c1_0, %c16] [%c16, %c1_0]) : (memref<2x16xi32>)
    air.channel.get @data_out[%c1_0] (%b[%c1_0, %c0] [%c1_0, %c16] [%c16, %c1_0]) : (memref<2x16xi32>)
  }
  return
}
