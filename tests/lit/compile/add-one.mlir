// Add-one: L3 -> L1 -> L3 through two channels, one core (the shape of
// upstream's add-one NPU example, written for this test).
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: air-opt %t.mlir | FileCheck %s
// RUN: %air_check_bin lint %t.mlir

// CHECK:      aie.device(npu1) @seg {
// CHECK-DAG:  %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK-DAG:  %[[CORE:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[IN:.*]] = aie.buffer(%[[CORE]]) {sym_name = "buf{{[0-9]+}}"} : memref<64xi32, 2 : i32>
// CHECK-DAG:  %[[INP:.*]] = aie.lock(%[[CORE]], {{[0-9]+}}) {init = 1 : i32, sym_name = "{{.*}}prod_lock"}
// CHECK-DAG:  %[[INC:.*]] = aie.lock(%[[CORE]], {{[0-9]+}}) {init = 0 : i32, sym_name = "{{.*}}cons_lock"}
// CHECK:      aie.core(%[[CORE]]) {
// CHECK:        aie.use_lock(%{{.*}}, AcquireGreaterEqual, 1)
// CHECK:        scf.for
// CHECK:          memref.load
// CHECK:          arith.addi
// CHECK:          memref.store
// CHECK:        aie.use_lock(%{{.*}}, Release, 1)
// CHECK:        aie.end
// CHECK:      } {link_with = "add_one.o"}
// CHECK:      aie.mem(%[[CORE]]) {
// CHECK:        aie.dma_start(S2MM, 0, ^[[BD0:bb[0-9]+]],
// CHECK:        aie.dma_start(MM2S, 0, ^[[BD1:bb[0-9]+]],
// CHECK:      ^[[BD0]]:
// CHECK-NEXT:   aie.use_lock(%{{.*}}, AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%{{.*}} : memref<64xi32, 2 : i32> offset = 0 len = 64)
// CHECK-NEXT:   aie.use_lock(%{{.*}}, Release, 1)
// CHECK-NEXT:   aie.next_bd ^[[BD0]]
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[CORE]], DMA : 0)
// CHECK-DAG:  aie.flow(%[[CORE]], DMA : 0, %[[SHIM]], DMA : 0)
// CHECK-DAG:  aie.shim_dma_allocation @air_ToCore(%[[SHIM]], MM2S, 0)
// CHECK-DAG:  aie.shim_dma_allocation @air_FromCore(%[[SHIM]], S2MM, 0)
// CHECK:      aie.runtime_sequence(%[[A:.*]]: memref<64xi32>, %[[B:.*]]: memref<64xi32>) {
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 0] [1, 1, 1, 64] [0, 0, 0, 1]) {{{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[B]] [0, 0, 0, 0] [1, 1, 1, 64] [0, 0, 0, 1]) {{{.*}}metadata = @air_FromCore}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_FromCore}

module {
  air.channel @ToCore [1, 1]
  air.channel @FromCore [1, 1]
  func.func @add_one(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      air.channel.put @ToCore[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        air.herd @addone tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) attributes {link_with = "add_one.o"} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @ToCore[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
          scf.for %i = %c0 to %c64 step %c1_h {
            %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @FromCore[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %in : memref<64xi32, 2 : i32>
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
      }
      air.channel.get @FromCore[] (%y[] [] []) : (memref<64xi32>)
    }
    return
  }
}
