// Two tiles copy the same L3 elements (a dma_memcpy_nd each, the same
// offsets in each tile): the lowering sends them once, one shim MM2S
// channel with a flow to each tile (a broadcast), instead of two shim
// channels and two runtime transfers.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK-DAG:  %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK-DAG:  %[[T0:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T1:.*]] = aie.tile(1, 2)
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[T0]], DMA : 0)
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[T1]], DMA : 0)
// CHECK:      aie.shim_dma_allocation @[[ALLOC:.*]](%[[SHIM]], MM2S, 0)
// CHECK-NOT:  aie.shim_dma_allocation {{.*}}MM2S
// CHECK:      aie.runtime_sequence
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd({{.*}}metadata = @[[ALLOC]]
// CHECK-NOT:    aiex.npu.dma_memcpy_nd

module {
  func.func @same(%a: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    air.herd @h tile (%tx, %ty) in (%sx=%c2, %sy=%c1) args(%x=%a) : memref<64xi32> {
      %c0 = arith.constant 0 : index
      %buf = memref.alloc() : memref<64xi32, 2 : i32>
      air.dma_memcpy_nd (%buf[] [] [], %x[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32>)
      %v = memref.load %buf[%c0] : memref<64xi32, 2 : i32>
    }
    return
  }
}
