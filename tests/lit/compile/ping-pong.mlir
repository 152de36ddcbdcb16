// Ping-pong: the core receives eight 64-element chunks into two buffers in
// turn (a loop of step 2 with a get into %ping, then into %pong), sums them
// into %acc and sends %acc once. The S2MM chain is the run's BD sequence
// folded at its period: a two-BD ring over ping and pong, each with its own
// lock pair, as upstream's ping-pong lowering prints it. A broadcast: the
// same chunks reach a second tile of the herd through one MM2S channel with
// a flow to each tile.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir

// CHECK:      aie.device(npu1)
// CHECK-DAG:  %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK-DAG:  %[[T0:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T1:.*]] = aie.tile(1, 2)
// CHECK:      aie.core(%[[T0]])
// CHECK:        scf.for
// CHECK-NEXT:     aie.use_lock(%[[PING_C:.*]], AcquireGreaterEqual, 1)
// CHECK:          aie.use_lock(%[[PING_P:.*]], Release, 1)
// CHECK:          aie.use_lock(%[[PONG_C:.*]], AcquireGreaterEqual, 1)
// CHECK:          aie.use_lock(%[[PONG_P:.*]], Release, 1)
// CHECK:      aie.mem(%[[T0]])
// CHECK:        aie.dma_start(S2MM, 0, ^[[PING:bb[0-9]+]],
// CHECK:      ^[[PING]]:
// CHECK-NEXT:   aie.use_lock(%[[PING_P]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%{{.*}} : memref<64xi32, 2 : i32> offset = 0 len = 64)
// CHECK-NEXT:   aie.use_lock(%[[PING_C]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^[[PONG:bb[0-9]+]]
// CHECK:      ^[[PONG]]:
// CHECK-NEXT:   aie.use_lock(%[[PONG_P]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%{{.*}} : memref<64xi32, 2 : i32> offset = 0 len = 64)
// CHECK-NEXT:   aie.use_lock(%[[PONG_C]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^[[PING]]
// The broadcast: one shim MM2S channel, a flow to each tile.
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[T0]], DMA : 0)
// CHECK-DAG:  aie.flow(%[[SHIM]], DMA : 0, %[[T1]], DMA : 0)
// CHECK-DAG:  aie.shim_dma_allocation @air_In(%[[SHIM]], MM2S, 0)
// CHECK-NOT:  aie.shim_dma_allocation @air_In{{.*}}MM2S, 1

module {
  air.channel @In [1, 1] {broadcast_shape = [2, 1]}
  air.channel @Out [2, 1]
  func.func @sum(%a: memref<512xi32>, %b: memref<2xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<512xi32>, memref<2xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      scf.for %i = %c0 to %c8 step %c1_l {
        %off = arith.muli %i, %c64 : index
        air.channel.put @In[] (%x[%off] [%c64] [%c1_l]) : (memref<512xi32>)
      }
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        air.herd @sum tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c8_h = arith.constant 8 : index
          %zero = arith.constant 0 : i32
          %ping = memref.alloc() : memref<64xi32, 2 : i32>
          %pong = memref.alloc() : memref<64xi32, 2 : i32>
          %acc = memref.alloc() : memref<1xi32, 2 : i32>
          scf.for %i = %c0_h to %c8_h step %c2_h {
            air.channel.get @In[%tx, %ty] (%ping[] [] []) : (memref<64xi32, 2 : i32>)
            %v0 = memref.load %ping[%c0_h] : memref<64xi32, 2 : i32>
            %s0 = memref.load %acc[%c0_h] : memref<1xi32, 2 : i32>
            %t0 = arith.addi %s0, %v0 : i32
            memref.store %t0, %acc[%c0_h] : memref<1xi32, 2 : i32>
            air.channel.get @In[%tx, %ty] (%pong[] [] []) : (memref<64xi32, 2 : i32>)
            %v1 = memref.load %pong[%c0_h] : memref<64xi32, 2 : i32>
            %s1 = memref.load %acc[%c0_h] : memref<1xi32, 2 : i32>
            %t1 = arith.addi %s1, %v1 : i32
            memref.store %t1, %acc[%c0_h] : memref<1xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%acc[] [] []) : (memref<1xi32, 2 : i32>)
        }
      }
      air.channel.get @Out[%c0, %c0] (%y[%c0] [%c1_l] [%c1_l]) : (memref<2xi32>)
      air.channel.get @Out[%c1_l, %c0] (%y[%c1_l] [%c1_l] [%c1_l]) : (memref<2xi32>)
    }
    return
  }
}
