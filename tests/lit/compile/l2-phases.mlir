// A memory-tile buffer read by four herd tiles at once, each at fifteen
// offsets per fill (docs/compile.md, "Locks"): in turns that is a BD per
// read, 61 on one memory tile, where npu1_4col has 48. Reader i reads the
// 16 elements at 16k + i: every reader spans the buffer, so no split gives
// each its own part (the first answer to a tile out of BDs,
// l2-bd-fallback.test), and no two send the same elements (which would make
// them one broadcast): phases.
// So the four readers of a fill read at once (phases, BDChains.h): the
// writer releases the readers' phase lock by 4 and each reader takes 1; each
// reader releases the next phase's lock by 1 and the writer takes 4. Each
// reader's fifteen reads are one BD. The locks form a ring of 4 (twice the
// two phases), and every chain covers the ring once, so a reader that comes
// round never takes another's share. The design passes every aie check,
// aie-deadlock included (compile writes it).
// RUN: air-check compile --target=npu1_4col %s -o %t.aie.mlir
// RUN: FileCheck %s < %t.aie.mlir
// CHECK-DAG: %[[P0:buf[0-9]+_phase0_lock]] = aie.lock(%{{.*}}) {init = 4 : i32
// CHECK-DAG: %[[P1:buf[0-9]+_phase1_lock]] = aie.lock(%{{.*}}) {init = 0 : i32
// CHECK-DAG: %[[P2:buf[0-9]+_phase2_lock]] = aie.lock(%{{.*}}) {init = 0 : i32
// CHECK-DAG: %[[P3:buf[0-9]+_phase3_lock]] = aie.lock(%{{.*}}) {init = 0 : i32
// CHECK: aie.memtile_dma
// The writer: a fill per phase of its own, acquiring the four readers' releases.
// CHECK: aie.use_lock(%[[P0]], AcquireGreaterEqual, 4)
// CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<256xi32, 1 : i32> offset = 0 len = 256)
// CHECK-NEXT: aie.use_lock(%[[P1]], Release, 4)
// CHECK: aie.use_lock(%[[P2]], AcquireGreaterEqual, 4)
// CHECK: aie.use_lock(%[[P3]], Release, 4)
// A reader: its fifteen reads as one BD, once per phase of the ring.
// CHECK: aie.use_lock(%[[P1]], AcquireGreaterEqual, 1)
// CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<256xi32, 1 : i32> offset = 0 len = 240)
// CHECK-NEXT: aie.use_lock(%[[P2]], Release, 1)
// CHECK: aie.use_lock(%[[P3]], AcquireGreaterEqual, 1)
// CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<256xi32, 1 : i32> offset = 0 len = 240)
// CHECK-NEXT: aie.use_lock(%[[P0]], Release, 1)
// The next reader starts one element on.
// CHECK: aie.dma_bd(%{{.*}} : memref<256xi32, 1 : i32> offset = 1 len = 240)
air.channel @A_l3 [1, 1]
air.channel @A_l1 [4, 1]
func.func @rows(%a: memref<256xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%A=%a) : memref<256xi32> {
    air.channel.put @A_l3[] (%A[] [] []) : (memref<256xi32>)
    air.segment @rows {
      %s0 = arith.constant 0 : index
      %s1 = arith.constant 1 : index
      %s4 = arith.constant 4 : index
      %s16 = arith.constant 16 : index
      %s240 = arith.constant 240 : index
      %l2 = memref.alloc() : memref<256xi32, 1 : i32>
      air.channel.get @A_l3[] (%l2[] [] []) : (memref<256xi32, 1 : i32>)
      scf.for %k = %s0 to %s240 step %s16 {
        scf.parallel (%i) = (%s0) to (%s4) step (%s1) {
          %o = arith.addi %k, %i : index
          air.channel.put @A_l1[%i, %s0] (%l2[%o] [%s16] [%s1]) : (memref<256xi32, 1 : i32>)
        }
      }
      air.herd @h tile (%tx, %ty) in (%sx=%s4, %sy=%s1) {
        %h0 = arith.constant 0 : index
        %h16 = arith.constant 16 : index
        %h240 = arith.constant 240 : index
        scf.for %k = %h0 to %h240 step %h16 {
          %b = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @A_l1[%tx, %ty] (%b[] [] []) : (memref<16xi32, 2 : i32>)
          memref.dealloc %b : memref<16xi32, 2 : i32>
        }
      }
    }
  }
  return
}
