// An L1 buffer from the segment that two herd ops of one name use, each
// receiving into it from its own broadcast channel. Herds of one name run on
// the same tiles, one after the other, so each tile holds one copy of the
// buffer and one lock pair: the two streams into it become one stream (one
// S2MM channel whose BD chain takes them in the run's order; MergeStreams.h)
// from one memory-tile channel, broadcast to both tiles. Compile's third
// check validates the design; a design that swapped the halves is caught.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: sed -e 's/memref<64xi32, 1 : i32> offset = 0 len = 32/memref<64xi32, 1 : i32> offset = SWAP len = 32/' -e 's/memref<64xi32, 1 : i32> offset = 32 len = 32/memref<64xi32, 1 : i32> offset = 0 len = 32/' -e 's/offset = SWAP/offset = 32/' %t.mlir > %t.swapped.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.swapped.mlir 2>&1 | FileCheck %s --check-prefix=SWAP

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK-DAG:  %[[MT:.*]] = aie.tile(0, 1)
// CHECK-DAG:  %[[T0:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T1:.*]] = aie.tile(0, 3)
// One core per tile runs both herds: two receives into its one buffer.
// CHECK:      aie.core(%[[T0]]) {
// CHECK:        aie.use_lock(%[[LAND:buf[0-9]+]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        arith.addi
// CHECK:        aie.use_lock(%[[LAND]]_prod_lock, Release, 1)
// CHECK:        aie.use_lock(%[[LAND]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        arith.muli
// CHECK:        aie.use_lock(%[[LAND]]_prod_lock, Release, 1)
// CHECK:        aie.end
// The memory tile sends both halves on one channel, in one turn.
// CHECK:      aie.memtile_dma(%[[MT]]) {
// CHECK:        aie.dma_start(MM2S, [[CH:[0-9]+]]
// CHECK:        aie.dma_bd({{.*}} offset = 0 len = 32)
// CHECK-NEXT:   aie.next_bd
// CHECK:        aie.dma_bd({{.*}} offset = 32 len = 32)
// Each tile receives both on one S2MM channel, into the one buffer.
// CHECK:      aie.mem(%[[T0]]) {
// CHECK-NOT:    aie.dma_start(S2MM, 1
// CHECK:        aie.dma_bd(%[[LAND]] : memref<32xi32, 2 : i32> offset = 0 len = 32)
// CHECK-NOT:    aie.dma_start(S2MM, 1
// CHECK:        aie.end
// The one channel, broadcast to both tiles.
// CHECK-DAG:  aie.flow(%[[MT]], DMA : [[CH]], %[[T0]], DMA : 0)
// CHECK-DAG:  aie.flow(%[[MT]], DMA : [[CH]], %[[T1]], DMA : 0)

// The halves swapped on the memory tile: herd @stage's first instance at
// (0, 0) would add the second half.
// SWAP: error: [translation-validation] the design does not move the program's data: core (0, 2), {{buf[0-9]+}}[0], fill #0 (element #0 delivered into it): the program delivers %arg0[0], the design delivers %arg0[32]

module {
  air.channel @Load [1, 1]
  air.channel @Half0 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @Half1 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @Out0 [1, 2]
  air.channel @Out1 [1, 2]
  func.func @two_passes(%a: memref<64xi32>, %b: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<128xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c32_l = arith.constant 32 : index
      %c64_l = arith.constant 64 : index
      %c96_l = arith.constant 96 : index
      air.channel.put @Load[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c32_s = arith.constant 32 : index
        %l2 = memref.alloc() : memref<64xi32, 1 : i32>
        %landing = memref.alloc() : memref<32xi32, 2 : i32>
        air.channel.get @Load[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
        air.channel.put @Half0[] (%l2[%c0_s] [%c32_s] [%c1_s]) : (memref<64xi32, 1 : i32>)
        air.herd @stage tile (%tx, %ty) in (%sx=%c1_s, %sy=%c2_s) args(%l=%landing) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @Half0[%tx, %ty] (%l[] [] []) : (memref<32xi32, 2 : i32>)
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %l[%i] : memref<32xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out0[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        air.channel.put @Half1[] (%l2[%c32_s] [%c32_s] [%c1_s]) : (memref<64xi32, 1 : i32>)
        air.herd @stage tile (%tx, %ty) in (%sx=%c1_s, %sy=%c2_s) args(%l=%landing) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @Half1[%tx, %ty] (%l[] [] []) : (memref<32xi32, 2 : i32>)
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %l[%i] : memref<32xi32, 2 : i32>
            %w = arith.muli %v, %v : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out1[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        memref.dealloc %landing : memref<32xi32, 2 : i32>
        memref.dealloc %l2 : memref<64xi32, 1 : i32>
      }
      air.channel.get @Out0[%c0_l, %c0_l] (%y[%c0_l] [%c32_l] [%c1_l]) : (memref<128xi32>)
      air.channel.get @Out0[%c0_l, %c1_l] (%y[%c32_l] [%c32_l] [%c1_l]) : (memref<128xi32>)
      air.channel.get @Out1[%c0_l, %c0_l] (%y[%c64_l] [%c32_l] [%c1_l]) : (memref<128xi32>)
      air.channel.get @Out1[%c0_l, %c1_l] (%y[%c96_l] [%c32_l] [%c1_l]) : (memref<128xi32>)
    }
    return
  }
}
