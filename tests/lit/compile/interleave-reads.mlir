// Two L2 panels, each read by two streams, each stream sent once to the two
// tiles of a 2x2 herd that read alike (a broadcast along a herd row for A,
// along a column for B). In the run's order the first A reader drains all
// of its share before the second starts; the cores need both at once (each
// tile takes its A tile from one reader and its B tile from a B reader that
// also feeds a tile of the other row), so that design deadlocks, and the
// second check says so. Reads of one fill commute: compile lowers again with
// the readers taking turns transfer by transfer (one lock per stream, a
// token passed along the turns), which passes all three checks.
//
// The run's order, lowered alone (air-opt), read back: a deadlock.
// RUN: air-opt --air-to-aie-verified=device=npu1_4col %s -o %t.run.mlir
// RUN: not %air_check_bin lint %t.run.mlir 2>&1 | FileCheck %s --check-prefix=RUNORDER
// RUNORDER: error: deadlock: the host waits here for shim tile (0, 0) S2MM 0
//
// Compile keeps the interleaved design.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=SAME
// SAME: moves the data of
//
// The A panel: its writer holds the token first; each reader's BD takes its
// own lock and hands the token to the next turn's stream.
// CHECK-DAG: %[[W:buf0_token0_lock]] = aie.lock(%tile_0_1, {{[0-9]+}}) {init = 1 : i32
// CHECK-DAG: %[[R0:buf0_token1_lock]] = aie.lock(%tile_0_1, {{[0-9]+}}) {init = 0 : i32
// CHECK-DAG: %[[R1:buf0_token2_lock]] = aie.lock(%tile_0_1, {{[0-9]+}}) {init = 0 : i32
// CHECK:      aie.memtile_dma(%tile_0_1)
// CHECK:      aie.use_lock(%[[W]], AcquireGreaterEqual, 1)
// CHECK-NEXT: aie.dma_bd(%buf0 : memref<32x64xi32, 1 : i32> offset = 0 len = 2048)
// CHECK-NEXT: aie.use_lock(%[[R0]], Release, 1)
// The first reader: the k-th transfer of each reader before the (k+1)-th of
// either.
// CHECK:      aie.use_lock(%[[R0]], AcquireGreaterEqual, 1)
// CHECK-NEXT: aie.dma_bd(%buf0 : memref<32x64xi32, 1 : i32> offset = 0 len = 256 sizes = [16, 16] strides = [64, 1])
// CHECK-NEXT: aie.use_lock(%[[R1]], Release, 1)
// The second reader's last transfer of the fill hands the buffer back to
// the writer.
// CHECK:      aie.use_lock(%[[R1]], AcquireGreaterEqual, 1)
// CHECK-NEXT: aie.dma_bd(%buf0 : memref<32x64xi32, 1 : i32> offset = 1024 len = 256 sizes = [16, 16] strides = [64, 1])
// CHECK-NEXT: aie.use_lock(%[[R0]], Release, 1)
// CHECK:      aie.dma_bd(%buf0 : memref<32x64xi32, 1 : i32> offset = 1072 len = 256 sizes = [16, 16] strides = [64, 1])
// CHECK-NEXT: aie.use_lock(%[[W]], Release, 1)

#mul16 = affine_map<()[s0] -> (s0 * 16)>
module {
  func.func @panels(%a: memref<32x64xi32>, %b: memref<64x32xi32>, %c: memref<32x32xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%A=%a, %B=%b, %C=%c) : memref<32x64xi32>, memref<64x32xi32>, memref<32x32xi32> {
      air.segment @panels_seg args(%sA=%A, %sB=%B, %sC=%C) : memref<32x64xi32>, memref<64x32xi32>, memref<32x32xi32> {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2a = memref.alloc() : memref<32x64xi32, 1 : i32>
        %l2b = memref.alloc() : memref<64x32xi32, 1 : i32>
        %l2c = memref.alloc() : memref<32x32xi32, 1 : i32>
        air.dma_memcpy_nd (%l2a[] [] [], %sA[] [] []) : (memref<32x64xi32, 1 : i32>, memref<32x64xi32>)
        air.dma_memcpy_nd (%l2b[] [] [], %sB[] [] []) : (memref<64x32xi32, 1 : i32>, memref<64x32xi32>)
        air.herd @tiles tile (%tx, %ty) in (%hx=%c2, %hy=%c2) args(%hA=%l2a, %hB=%l2b, %hC=%l2c) : memref<32x64xi32, 1 : i32>, memref<64x32xi32, 1 : i32>, memref<32x32xi32, 1 : i32> {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %c32_h = arith.constant 32 : index
          %c64_h = arith.constant 64 : index
          %r = affine.apply #mul16()[%tx]
          %q = affine.apply #mul16()[%ty]
          %acc = memref.alloc() : memref<16x16xi32, 2 : i32>
          %zero = arith.constant 0 : i32
          linalg.fill ins(%zero : i32) outs(%acc : memref<16x16xi32, 2 : i32>)
          scf.for %k = %z to %c64_h step %c16 {
            %la = memref.alloc() : memref<16x16xi32, 2 : i32>
            %lb = memref.alloc() : memref<16x16xi32, 2 : i32>
            air.dma_memcpy_nd (%la[] [] [], %hA[%r, %k] [%c16, %c16] [%c64_h, %one]) : (memref<16x16xi32, 2 : i32>, memref<32x64xi32, 1 : i32>)
            air.dma_memcpy_nd (%lb[] [] [], %hB[%k, %q] [%c16, %c16] [%c32_h, %one]) : (memref<16x16xi32, 2 : i32>, memref<64x32xi32, 1 : i32>)
            linalg.matmul ins(%la, %lb : memref<16x16xi32, 2 : i32>, memref<16x16xi32, 2 : i32>) outs(%acc : memref<16x16xi32, 2 : i32>)
            memref.dealloc %la : memref<16x16xi32, 2 : i32>
            memref.dealloc %lb : memref<16x16xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hC[%r, %q] [%c16, %c16] [%c32_h, %one], %acc[] [] []) : (memref<32x32xi32, 1 : i32>, memref<16x16xi32, 2 : i32>)
          memref.dealloc %acc : memref<16x16xi32, 2 : i32>
        }
        air.dma_memcpy_nd (%sC[] [] [], %l2c[] [] []) : (memref<32x32xi32>, memref<32x32xi32, 1 : i32>)
        memref.dealloc %l2a : memref<32x64xi32, 1 : i32>
        memref.dealloc %l2b : memref<64x32xi32, 1 : i32>
        memref.dealloc %l2c : memref<32x32xi32, 1 : i32>
      }
    }
    return
  }
}
