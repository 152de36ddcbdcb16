// Shim copy through a memory tile: the launch body streams four 256-element
// chunks of %src into one L2 buffer and back out to %dst (L3 -> L2 -> L3;
// the shape of upstream's shim-copy tests, written for this test). The
// memory tile's two chains share the buffer's lock pair, and the runtime
// sequence issues the chunks in the verified order with their offsets
// (the launch body is asynchronous, as air-dependency prints it).
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir

// CHECK:      aie.device(npu1)
// CHECK-DAG:  %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK-DAG:  %[[MEM:.*]] = aie.tile(0, 1)
// CHECK-DAG:  %[[BUF:.*]] = aie.buffer(%[[MEM]]) {{.*}} : memref<256xi32, 1 : i32>
// CHECK-DAG:  %[[P:.*]] = aie.lock(%[[MEM]], {{[0-9]+}}) {init = 1 : i32
// CHECK-DAG:  %[[C:.*]] = aie.lock(%[[MEM]], {{[0-9]+}}) {init = 0 : i32
// CHECK:      aie.memtile_dma(%[[MEM]]) {
// CHECK:        aie.dma_start(S2MM, 0, ^[[W:bb[0-9]+]],
// CHECK:        aie.dma_start(MM2S, 0, ^[[R:bb[0-9]+]],
// CHECK:      ^[[W]]:
// CHECK-NEXT:   aie.use_lock(%[[P]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BUF]] : memref<256xi32, 1 : i32> offset = 0 len = 256)
// CHECK-NEXT:   aie.use_lock(%[[C]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^[[W]]
// CHECK:      ^[[R]]:
// CHECK-NEXT:   aie.use_lock(%[[C]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BUF]] : memref<256xi32, 1 : i32> offset = 0 len = 256)
// CHECK-NEXT:   aie.use_lock(%[[P]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^[[R]]
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[MEM]], DMA : 0)
// CHECK-DAG:  aie.flow(%[[MEM]], DMA : 0, %[[SHIM]], DMA : 0)
// CHECK:      aie.runtime_sequence(%[[S:.*]]: memref<1024xi32>, %[[D:.*]]: memref<1024xi32>)
// CHECK:        aiex.npu.dma_memcpy_nd
// CHECK-NOT:    aiex.npu.dma_wait
// CHECK:        aiex.npu.dma_wait {symbol = @air_L2ToL3}
// CHECK-NEXT:   }
// Each shim channel gets its four chunks in order: they follow each other
// with no wait between them, at a step of 256 elements, so they are folded
// into one task whose iteration dimension repeats the chunk four times
// (issue 26: one task on the channel's queue instead of four).
// RUN: grep "metadata = @air_L3ToL2" %t.mlir | FileCheck %s --check-prefix=IN
// RUN: grep "metadata = @air_L2ToL3" %t.mlir | FileCheck %s --check-prefix=OUT
// IN:      (%arg0 [0, 0, 0, 0] [4, 1, 1, 256] [256, 0, 0, 1])
// IN-NOT:  dma_memcpy_nd
// OUT:      (%arg1 [0, 0, 0, 0] [4, 1, 1, 256] [256, 0, 0, 1])
// OUT-NOT:  dma_memcpy_nd

module {
  air.channel @L3ToL2 [1, 1]
  air.channel @L2ToL3 [1, 1]
  func.func @copy(%src: memref<1024xi32>, %dst: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%s=%src, %d=%dst) : memref<1024xi32>, memref<1024xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %t0 = air.wait_all async
      %tp = scf.for %i = %c0 to %c4 step %c1_l iter_args(%tk = %t0) -> (!air.async.token) {
        %off = arith.muli %i, %c256 : index
        %p = air.channel.put async [%tk] @L3ToL2[] (%s[%off] [%c256] [%c1_l]) : (memref<1024xi32>)
        scf.yield %p : !air.async.token
      }
      %tg = scf.for %i = %c0 to %c4 step %c1_l iter_args(%tk = %t0) -> (!air.async.token) {
        %off = arith.muli %i, %c256 : index
        %g = air.channel.get async [%tk] @L2ToL3[] (%d[%off] [%c256] [%c1_l]) : (memref<1024xi32>)
        scf.yield %g : !air.async.token
      }
      %seg = air.segment @seg async {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4_s = arith.constant 4 : index
        %buf = memref.alloc() : memref<256xi32, 1 : i32>
        scf.for %j = %c0_s to %c4_s step %c1_s {
          air.channel.get @L3ToL2[] (%buf[] [] []) : (memref<256xi32, 1 : i32>)
          air.channel.put @L2ToL3[] (%buf[] [] []) : (memref<256xi32, 1 : i32>)
        }
        memref.dealloc %buf : memref<256xi32, 1 : i32>
      }
      air.wait_all [%tp, %tg, %seg]
    }
    return
  }
}
