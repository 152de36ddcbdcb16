// air-to-gpu (seed 000 4.1, 4.3, 4.4) on a segment with a block-level copy,
// a block-level store, a 8x4 herd and a smaller 4x1 herd:
//   - the launch's 2x2 space is the grid, the largest herd (8x4) the block;
//   - L2 allocs become workgroup attributions (3), L1 allocs private ones (5);
//   - a copy in the segment body is spread over the 32 threads (thread i
//     copies elements i, i + 32, ...) and followed by gpu.barrier;
//   - a store in the segment body runs in thread (0, 0) only, then a barrier;
//   - a herd's copy is one loop per thread; the smaller herd is guarded by
//     its size; a barrier follows each herd.
// The four launch instances all copy the same element to %out: a true data
// race of the program (issue 22), which the lowering keeps; lint says so.
// RUN: not air-check lint --device=mi300x %s 2>&1 | FileCheck %s --check-prefix=LINT
// LINT: error: data race: 'air.dma_memcpy_nd' at {{[0-9]+}}:9 writes element [0] of a buffer that 'air.dma_memcpy_nd' at {{[0-9]+}}:9 writes, and the two may run at once: instances that differ in launch id run at once (launch (1, 0) against launch (0, 0))
// LINT: air-check: 1 file, 1 error, 0 warnings
// RUN: air-opt --air-to-gpu %s | FileCheck %s
// The outlined kernel passes the barrier check.
// RUN: air-opt --air-to-gpu --gpu-kernel-outlining --air-gpu-barrier-check %s | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.func @two_herds_kernel({{.*}}) workgroup(%{{.*}} : memref<8x32xf32, 3>, %{{.*}} : memref<1xf32, 3>) private(%{{.*}} : memref<1xf32, 5>, %{{.*}} : memref<1xf32, 5>) kernel attributes {known_block_size = array<i32: 8, 4, 1>, known_grid_size = array<i32: 2, 2, 1>}

// CHECK-DAG: #[[COL:.*]] = affine_map<(d0)[s0, s1] -> (s0 mod 32)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0)[s0, s1] -> (d0 + s1 + s0 floordiv 32)>
// CHECK-LABEL: func.func @two_herds
// CHECK: arith.constant 2 : index
// CHECK-NEXT: %[[G:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[G2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[BX:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[BY:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[G]], %{{.*}} = %[[G2]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[BX]], %{{.*}} = %[[BY]], %{{.*}} = %{{.*}}) workgroup(%[[TILE:.*]] : memref<8x32xf32, 3>, %[[ONEBUF:.*]] : memref<1xf32, 3>) private(%[[V:.*]] : memref<1xf32, 5>, %[[W:.*]] : memref<1xf32, 5>)
// CHECK: %[[ROWBASE:.*]] = arith.muli %[[TY]], %{{.*}} : index
// CHECK: %[[TID:.*]] = arith.addi %[[TX]], %[[ROWBASE]] : index
// CHECK: %[[NT:.*]] = arith.constant 32 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : index
// The segment's copy, spread over the threads.
// CHECK: %[[N:.*]] = arith.constant 256 : index
// CHECK: scf.for %{{.*}} = %[[TID]] to %[[N]] step %[[NT]] {
// CHECK: memref.load %arg0[
// CHECK: memref.store %{{.*}}, %[[TILE]][
// CHECK: }
// CHECK-NEXT: gpu.barrier
// The segment's store, in thread (0, 0).
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %{{.*}}, %[[ONEBUF]][
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Herd @big: every thread is a tile.
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: affine.apply #[[ROW]](%[[I]])[%[[TY]], %[[TX]]]
// CHECK: affine.apply #[[COL]](%[[I]])[%[[TY]], %[[TX]]]
// Its accesses carry the herd's name for the barrier check.
// CHECK: memref.load %[[TILE]][{{.*}}] {air_check.herd = "@big"}
// CHECK: memref.store %{{.*}}, %[[V]][{{.*}}] {air_check.herd = "@big"}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Herd @small: 4 x 1 tiles of the 8 x 4 block.
// CHECK: %[[INX:.*]] = arith.cmpi ult, %[[TX]], %{{.*}} : index
// CHECK: %[[INY:.*]] = arith.cmpi ult, %[[TY]], %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.andi %[[INX]], %[[INY]] : i1
// CHECK: scf.if %[[IN]] {
// CHECK: memref.load %[[ONEBUF]][
// CHECK: memref.store %{{.*}}, %[[W]][
// CHECK: gpu.barrier
// The copy back to L3, spread over the threads.
// CHECK: scf.for %{{.*}} = %[[TID]] to %{{.*}} step %[[NT]] {
// CHECK: memref.store %{{.*}}, %arg1[
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.terminator
// CHECK-NOT: memref.dealloc
// CHECK-NOT: air.

module {
  func.func @two_herds(%a: memref<256xf32>, %out: memref<1xf32>) {
    %c2 = arith.constant 2 : index
    air.launch (%x, %y) in (%nx=%c2, %ny=%c2) args(%la=%a, %lo=%out) : memref<256xf32>, memref<1xf32> {
      air.segment @s args(%sa=%la, %so=%lo) : memref<256xf32>, memref<1xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c8 = arith.constant 8 : index
        %cst = arith.constant 1.0 : f32
        %tile = memref.alloc() : memref<8x32xf32, 1>
        %one = memref.alloc() : memref<1xf32, 1>
        air.dma_memcpy_nd (%tile[] [] [], %sa[] [] []) : (memref<8x32xf32, 1>, memref<256xf32>)
        memref.store %cst, %one[%c0] : memref<1xf32, 1>
        air.herd @big tile (%tx, %ty) in (%ntx=%c8, %nty=%c4) args(%ht=%tile) : memref<8x32xf32, 1> {
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %v = memref.alloc() : memref<1xf32, 2>
          air.dma_memcpy_nd (%v[] [] [], %ht[%tx, %ty] [%c1_h, %c1_h] [%c32_h, %c1_h]) : (memref<1xf32, 2>, memref<8x32xf32, 1>)
          memref.dealloc %v : memref<1xf32, 2>
        }
        air.herd @small tile (%tx, %ty) in (%ntx=%c4, %nty=%c1) args(%ho=%one) : memref<1xf32, 1> {
          %w = memref.alloc() : memref<1xf32, 2>
          air.dma_memcpy_nd (%w[] [] [], %ho[] [] []) : (memref<1xf32, 2>, memref<1xf32, 1>)
          memref.dealloc %w : memref<1xf32, 2>
        }
        air.dma_memcpy_nd (%so[] [] [], %one[] [] []) : (memref<1xf32>, memref<1xf32, 1>)
        memref.dealloc %tile : memref<8x32xf32, 1>
        memref.dealloc %one : memref<1xf32, 1>
      }
    }
    return
  }
}
