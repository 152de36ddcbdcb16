// Seed 000_3402c488c9f6c083.txt, lines 583-614 (section 4.5, "Example: 4k×4k
// matrix multiplication", after test/gpu/4k_4k_mul/air_sync.mlir). The
// completion: the function and its constants, the elided `: …` type lists
// and the `…` in the herd's args (two more index operands), the load loops
// behind the first `…`, and the herd's accumulation loop behind the second.
// Not AIR text but pseudo-syntax in the seed: `scf.for %k = 0 to 4096 step
// 8` has literal bounds, which scf.for does not take; it is written with SSA
// constants `%c0`, `%c4096`, `%c8`.
//
// The kernel operands rebind the names of the values they are bound to
// (`args(%bx=%bx, …)`, `args(%As=%As, …)`): the bodies are isolated from
// above (compute model 1.1), so a body's names live in a scope of their own.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @forward
// CHECK: air.launch (%[[BX:.*]], %[[BY:.*]]) in (%{{.*}}=%c32, %{{.*}}=%c32) args(%[[A:.*]]=%{{.*}}, %[[B:.*]]=%{{.*}}, %[[C:.*]]=%{{.*}}) : memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {
// CHECK: air.segment @forward_0 args(%{{.*}}=%[[BX]], %{{.*}}=%[[BY]], %{{.*}}=%[[A]], %{{.*}}=%[[B]], %{{.*}}=%[[C]]) : index, index, memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {
// CHECK: memref.alloc() : memref<128x8xf32, 1>
// CHECK: memref.alloc() : memref<8x128xf32, 1>
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: air.herd @herd_0 tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c256, %{{.*}}=%c1) args({{.*}}) : memref<128x8xf32, 1>, memref<8x128xf32, 1>, index, index {
// CHECK: memref.alloc() : memref<64xf32, 2>
// CHECK: gpu.barrier
func.func @forward(%arg0: memref<4096x4096xf32>, %arg1: memref<4096x4096xf32>, %arg2: memref<4096x4096xf32>) {
  %c32 = arith.constant 32 : index
// 32×32 grid of segments, one per 128×128 output tile
air.launch (%bx, %by) in (%nbx=%c32, %nby=%c32)
    args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {

  air.segment @forward_0 args(%bx=%bx, %by=%by, %A=%A, %B=%B, %C=%C) : index, index, memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    // Segment body: runs once per workgroup
    // L2 allocations — shared memory tiles
    %As = memref.alloc() : memref<128x8xf32, 1>   // L2 → LDS
    %Bs = memref.alloc() : memref<8x128xf32, 1>   // L2 → LDS

    scf.for %k = %c0 to %c4096 step %c8 {
      // Load A and B tiles into shared memory (DMA equivalent: global → LDS)
      // Uses gpu.thread_id to distribute loads across threads
      %tid = gpu.thread_id x
      %row = arith.remsi %tid, %c128 : index
      %col = arith.divsi %tid, %c128 : index
      %base_x = arith.muli %bx, %c128 : index
      %base_y = arith.muli %by, %c128 : index
      %gx = arith.addi %base_x, %row : index
      %gy = arith.addi %base_y, %row : index
      %gk = arith.addi %k, %col : index
      %a = memref.load %A[%gx, %gk] : memref<4096x4096xf32>
      memref.store %a, %As[%row, %col] : memref<128x8xf32, 1>
      %b = memref.load %B[%gk, %gy] : memref<4096x4096xf32>
      memref.store %b, %Bs[%col, %row] : memref<8x128xf32, 1>
      gpu.barrier

      // 256 herd tiles (threads) compute the outer product
      air.herd @herd_0 tile (%tx, %ty) in (%ntx=%c256, %nty=%c1)
               args(%As=%As, %Bs=%Bs, %bx=%bx, %by=%by) : memref<128x8xf32, 1>, memref<8x128xf32, 1>, index, index {
        // L1 accumulation registers (VGPRs)
        %acc = memref.alloc() : memref<64xf32, 2>  // L1 → private/VGPRs
        %c0_0 = arith.constant 0 : index
        %c1_0 = arith.constant 1 : index
        %c8_0 = arith.constant 8 : index
        %c16 = arith.constant 16 : index
        %r = arith.remsi %tx, %c16 : index
        %q = arith.divsi %tx, %c16 : index
        %r8 = arith.muli %r, %c8_0 : index
        %q8 = arith.muli %q, %c8_0 : index
        scf.for %kk = %c0_0 to %c8_0 step %c1_0 {
          scf.for %i = %c0_0 to %c8_0 step %c1_0 {
            scf.for %j = %c0_0 to %c8_0 step %c1_0 {
              %ai = arith.addi %r8, %i : index
              %bj = arith.addi %q8, %j : index
              %i8 = arith.muli %i, %c8_0 : index
              %idx = arith.addi %i8, %j : index
              %av = memref.load %As[%ai, %kk] : memref<128x8xf32, 1>
              %bv = memref.load %Bs[%kk, %bj] : memref<8x128xf32, 1>
              %cv = memref.load %acc[%idx] : memref<64xf32, 2>
              %p = arith.mulf %av, %bv : f32
              %s = arith.addf %cv, %p : f32
              memref.store %s, %acc[%idx] : memref<64xf32, 2>
            }
          }
        }
        gpu.barrier
      }
    }
    // Write accumulated results back to L3 (global memory)
  }
}
  return
}
