// Pattern: GEMM after the air-dependency pass. Every memref.alloc/dealloc,
//   index computation and compute kernel is wrapped in air.execute; DMAs,
//   the segment, the herd and the launch are async and ordered only by
//   explicit tokens; air.wait_all joins tokens; the herd's k loop carries a
//   single token through iter_args.
//   C[256x256] = A[256x256] * B[256x256] (i32): launch 2x2 of 128x128 tiles,
//   L2 holds a 128x256 A panel, a 256x128 B panel and the 128x128 C tile,
//   a 4x4 herd computes 32x32 sub-tiles with k stepping by 32 (8 steps).
// Source: seed 003 (GEMM case study), sections "air-dependency" (async tokens,
//   air.execute around memref.alloc, air.wait_all) and
//   "air-dependency-schedule-opt" (input IR shape of the herd k loop).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func @gemm_256(%arg0: memref<256x256xi32>, %arg1: memref<256x256xi32>, %arg2: memref<256x256xi32>) {
    %c2 = arith.constant 2 : index
    %t_launch = air.launch async (%lx, %ly) in (%nlx=%c2, %nly=%c2) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<256x256xi32>, memref<256x256xi32>, memref<256x256xi32> attributes {id = 3 : i32} {
      %t_seg = air.segment @segment_0 async args(%ix=%lx, %iy=%ly, %sA=%A, %sB=%B, %sC=%C) : index, index, memref<256x256xi32>, memref<256x256xi32>, memref<256x256xi32> attributes {id = 2 : i32} {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c128 = arith.constant 128 : index
        %c256 = arith.constant 256 : index
        %tr, %row = air.execute -> (index) {
          %v = affine.apply #mul128()[%ix]
          air.execute_terminator %v : index
        } {id = 1 : i32}
        %tc, %col = air.execute -> (index) {
          %v = affine.apply #mul128()[%iy]
          air.execute_terminator %v : index
        } {id = 2 : i32}
        %ta, %l2a = air.execute -> (memref<128x256xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x256xi32, 1 : i32>
          air.execute_terminator %m : memref<128x256xi32, 1 : i32>
        } {id = 3 : i32}
        %tb, %l2b = air.execute -> (memref<256x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<256x128xi32, 1 : i32>
          air.execute_terminator %m : memref<256x128xi32, 1 : i32>
        } {id = 4 : i32}
        %tcc, %l2c = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %m : memref<128x128xi32, 1 : i32>
        } {id = 5 : i32}
        %dA = air.dma_memcpy_nd async [%ta, %tr] (%l2a[] [] [], %sA[%row, %c0] [%c128, %c256] [%c256, %c1]) {id = 1 : i32} : (memref<128x256xi32, 1 : i32>, memref<256x256xi32>)
        %dB = air.dma_memcpy_nd async [%tb, %tc] (%l2b[] [] [], %sB[%c0, %col] [%c256, %c128] [%c256, %c1]) {id = 2 : i32} : (memref<256x128xi32, 1 : i32>, memref<256x256xi32>)
        %t_herd = air.herd @herd_0 async [%dA, %dB, %tcc] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hA=%l2a, %hB=%l2b, %hC=%l2c) : memref<128x256xi32, 1 : i32>, memref<256x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 1 : i32} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c128_h = arith.constant 128 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %t1, %r0 = air.execute -> (index) {
            %v = affine.apply #mul32()[%tx]
            air.execute_terminator %v : index
          } {id = 6 : i32}
          %t2, %q0 = air.execute -> (index) {
            %v = affine.apply #mul32()[%ty]
            air.execute_terminator %v : index
          } {id = 7 : i32}
          %t3, %acc = air.execute -> (memref<32x32xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xi32, 2 : i32>
            air.execute_terminator %m : memref<32x32xi32, 2 : i32>
          } {id = 8 : i32}
          %t4 = air.execute [%t3] {
            linalg.fill ins(%zero : i32) outs(%acc : memref<32x32xi32, 2 : i32>)
          } {id = 9 : i32}
          %w0 = air.wait_all async [%t1, %t2, %t4] {id = 1 : i32}
          %kl = scf.for %k = %c0_h to %c256_h step %c32 iter_args(%tk = %w0) -> (!air.async.token) {
            %t5, %l1a = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            } {id = 10 : i32}
            %t6, %l1b = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            } {id = 11 : i32}
            %da = air.dma_memcpy_nd async [%t5, %tk] (%l1a[] [] [], %hA[%r0, %k] [%c32, %c32] [%c256_h, %c1_h]) {id = 3 : i32} : (memref<32x32xi32, 2 : i32>, memref<128x256xi32, 1 : i32>)
            %db = air.dma_memcpy_nd async [%t6, %tk] (%l1b[] [] [], %hB[%k, %q0] [%c32, %c32] [%c128_h, %c1_h]) {id = 4 : i32} : (memref<32x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
            %mm = air.execute [%da, %db, %tk] {
              linalg.matmul ins(%l1a, %l1b : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%acc : memref<32x32xi32, 2 : i32>)
            } {id = 12 : i32}
            %fa = air.execute [%mm] {
              memref.dealloc %l1a : memref<32x32xi32, 2 : i32>
            } {id = 13 : i32}
            %fb = air.execute [%mm] {
              memref.dealloc %l1b : memref<32x32xi32, 2 : i32>
            } {id = 14 : i32}
            %y = air.wait_all async [%mm, %fa, %fb] {id = 2 : i32}
            scf.yield %y : !air.async.token
          }
          %dc = air.dma_memcpy_nd async [%kl] (%hC[%r0, %q0] [%c32, %c32] [%c128_h, %c1_h], %acc[] [] []) {id = 5 : i32} : (memref<128x128xi32, 1 : i32>, memref<32x32xi32, 2 : i32>)
          %fc = air.execute [%dc] {
            memref.dealloc %acc : memref<32x32xi32, 2 : i32>
          } {id = 15 : i32}
          air.herd_terminator
        }
        %dC = air.dma_memcpy_nd async [%t_herd, %tr, %tc] (%sC[%row, %col] [%c128, %c128] [%c256, %c1], %l2c[] [] []) {id = 6 : i32} : (memref<256x256xi32>, memref<128x128xi32, 1 : i32>)
        %f1 = air.execute [%t_herd] {
          memref.dealloc %l2a : memref<128x256xi32, 1 : i32>
        } {id = 16 : i32}
        %f2 = air.execute [%t_herd] {
          memref.dealloc %l2b : memref<256x128xi32, 1 : i32>
        } {id = 17 : i32}
        %f3 = air.execute [%dC] {
          memref.dealloc %l2c : memref<128x128xi32, 1 : i32>
        } {id = 18 : i32}
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%t_launch]
    return
  }
}
