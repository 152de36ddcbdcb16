// Pattern: herd broadcast after specialization, with the source selection
//   written as scf.if on the tile coordinates instead of affine.if. As in
//   gemm_broadcast_set.mlir, the L2->L1 DMA of A is specialized per tile row
//   (tx == i reads rows i*32.. and carries
//   broadcast_set = affine_set<()[s0, s1] : (s0 - i == 0, 0 <= s1 <= 3)>) and
//   the DMA of B per tile column; every scf.if yields the DMA token. This
//   variant does not need the herd to be an affine scope.
//   C[256x256] += A[256x256] * B[256x256] (i32), launch 2x2, herd 4x4, k step 64.
// Source: seed 003 (GEMM case study), section "air-specialize-dma-broadcast"
//   (broadcast_set attributes on specialized DMAs, one per broadcast
//   source); seed 002 (paper) Section 7.2.
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row3 = affine_set<()[s0, s1] : (s0 - 3 == 0, s1 >= 0, -s1 + 3 >= 0)>
#col0 = affine_set<()[s0, s1] : (s0 >= 0, -s0 + 3 >= 0, s1 == 0)>
#col1 = affine_set<()[s0, s1] : (s0 >= 0, -s0 + 3 >= 0, s1 - 1 == 0)>
#col2 = affine_set<()[s0, s1] : (s0 >= 0, -s0 + 3 >= 0, s1 - 2 == 0)>
#col3 = affine_set<()[s0, s1] : (s0 >= 0, -s0 + 3 >= 0, s1 - 3 == 0)>
module {
  func.func @gemm_bcast_set_scf(%arg0: memref<256x256xi32>, %arg1: memref<256x256xi32>, %arg2: memref<256x256xi32>) {
    %c2 = arith.constant 2 : index
    %t0 = air.launch async (%lx, %ly) in (%nlx=%c2, %nly=%c2) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<256x256xi32>, memref<256x256xi32>, memref<256x256xi32> attributes {id = 1 : i32} {
      %t1 = air.segment @segment_0 async args(%ix=%lx, %iy=%ly, %sA=%A, %sB=%B, %sC=%C) : index, index, memref<256x256xi32>, memref<256x256xi32>, memref<256x256xi32> attributes {id = 2 : i32} {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c128 = arith.constant 128 : index
        %c256 = arith.constant 256 : index
        %row = affine.apply #mul128()[%ix]
        %col = affine.apply #mul128()[%iy]
        %ta, %l2a = air.execute -> (memref<128x256xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x256xi32, 1 : i32>
          air.execute_terminator %m : memref<128x256xi32, 1 : i32>
        }
        %tb, %l2b = air.execute -> (memref<256x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<256x128xi32, 1 : i32>
          air.execute_terminator %m : memref<256x128xi32, 1 : i32>
        }
        %tc, %l2c = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %m : memref<128x128xi32, 1 : i32>
        }
        %dA = air.dma_memcpy_nd async [%ta] (%l2a[] [] [], %sA[%row, %c0] [%c128, %c256] [%c256, %c1]) {id = 1 : i32} : (memref<128x256xi32, 1 : i32>, memref<256x256xi32>)
        %dB = air.dma_memcpy_nd async [%tb] (%l2b[] [] [], %sB[%c0, %col] [%c256, %c128] [%c256, %c1]) {id = 2 : i32} : (memref<256x128xi32, 1 : i32>, memref<256x256xi32>)
        %dC = air.dma_memcpy_nd async [%tc] (%l2c[] [] [], %sC[%row, %col] [%c128, %c128] [%c256, %c1]) {id = 3 : i32} : (memref<128x128xi32, 1 : i32>, memref<256x256xi32>)
        %h = air.herd @herd_0 async [%dA, %dB, %dC] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hA=%l2a, %hB=%l2b, %hC=%l2c) : memref<128x256xi32, 1 : i32>, memref<256x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %c96 = arith.constant 96 : index
          %c128_h = arith.constant 128 : index
          %c256_h = arith.constant 256 : index
          %r0 = affine.apply #mul32()[%tx]
          %q0 = affine.apply #mul32()[%ty]
          %c1_i = arith.constant 1 : index
          %c2_i = arith.constant 2 : index
          %is_row0 = arith.cmpi eq, %tx, %c0_h : index
          %is_row1 = arith.cmpi eq, %tx, %c1_i : index
          %is_row2 = arith.cmpi eq, %tx, %c2_i : index
          %is_col0 = arith.cmpi eq, %ty, %c0_h : index
          %is_col1 = arith.cmpi eq, %ty, %c1_i : index
          %is_col2 = arith.cmpi eq, %ty, %c2_i : index
          %t2b, %accv = air.execute -> (memref<32x32xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xi32, 2 : i32>
            air.execute_terminator %m : memref<32x32xi32, 2 : i32>
          }
          %dacc = air.dma_memcpy_nd async [%t2b] (%accv[] [] [], %hC[%r0, %q0] [%c32, %c32] [%c128_h, %c1_h]) {id = 4 : i32} : (memref<32x32xi32, 2 : i32>, memref<128x128xi32, 1 : i32>)
          %kl = scf.for %k = %c0_h to %c256_h step %c64 iter_args(%tk = %dacc) -> (!air.async.token) {
            %t3, %l1a = air.execute -> (memref<32x64xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x64xi32, 2 : i32>
              air.execute_terminator %m : memref<32x64xi32, 2 : i32>
            }
            %ga = scf.if %is_row0 -> (!air.async.token) {
              %d = air.dma_memcpy_nd async [%t3, %tk] (%l1a[] [] [], %hA[%c0_h, %k] [%c32, %c64] [%c256_h, %c1_h]) {broadcast_set = #row0, id = 5 : i32} : (memref<32x64xi32, 2 : i32>, memref<128x256xi32, 1 : i32>)
              scf.yield %d : !air.async.token
            } else {
              %e1 = scf.if %is_row1 -> (!air.async.token) {
                %d = air.dma_memcpy_nd async [%t3, %tk] (%l1a[] [] [], %hA[%c32, %k] [%c32, %c64] [%c256_h, %c1_h]) {broadcast_set = #row1, id = 6 : i32} : (memref<32x64xi32, 2 : i32>, memref<128x256xi32, 1 : i32>)
                scf.yield %d : !air.async.token
              } else {
                %e2 = scf.if %is_row2 -> (!air.async.token) {
                  %d = air.dma_memcpy_nd async [%t3, %tk] (%l1a[] [] [], %hA[%c64, %k] [%c32, %c64] [%c256_h, %c1_h]) {broadcast_set = #row2, id = 7 : i32} : (memref<32x64xi32, 2 : i32>, memref<128x256xi32, 1 : i32>)
                  scf.yield %d : !air.async.token
                } else {
                  %d = air.dma_memcpy_nd async [%t3, %tk] (%l1a[] [] [], %hA[%c96, %k] [%c32, %c64] [%c256_h, %c1_h]) {broadcast_set = #row3, id = 8 : i32} : (memref<32x64xi32, 2 : i32>, memref<128x256xi32, 1 : i32>)
                  scf.yield %d : !air.async.token
                }
                scf.yield %e2 : !air.async.token
              }
              scf.yield %e1 : !air.async.token
            }
            %t4, %l1b = air.execute -> (memref<64x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<64x32xi32, 2 : i32>
              air.execute_terminator %m : memref<64x32xi32, 2 : i32>
            }
            %gb = scf.if %is_col0 -> (!air.async.token) {
              %d = air.dma_memcpy_nd async [%t4, %tk] (%l1b[] [] [], %hB[%k, %c0_h] [%c64, %c32] [%c128_h, %c1_h]) {broadcast_set = #col0, id = 9 : i32} : (memref<64x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
              scf.yield %d : !air.async.token
            } else {
              %e1 = scf.if %is_col1 -> (!air.async.token) {
                %d = air.dma_memcpy_nd async [%t4, %tk] (%l1b[] [] [], %hB[%k, %c32] [%c64, %c32] [%c128_h, %c1_h]) {broadcast_set = #col1, id = 10 : i32} : (memref<64x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
                scf.yield %d : !air.async.token
              } else {
                %e2 = scf.if %is_col2 -> (!air.async.token) {
                  %d = air.dma_memcpy_nd async [%t4, %tk] (%l1b[] [] [], %hB[%k, %c64] [%c64, %c32] [%c128_h, %c1_h]) {broadcast_set = #col2, id = 11 : i32} : (memref<64x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
                  scf.yield %d : !air.async.token
                } else {
                  %d = air.dma_memcpy_nd async [%t4, %tk] (%l1b[] [] [], %hB[%k, %c96] [%c64, %c32] [%c128_h, %c1_h]) {broadcast_set = #col3, id = 12 : i32} : (memref<64x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
                  scf.yield %d : !air.async.token
                }
                scf.yield %e2 : !air.async.token
              }
              scf.yield %e1 : !air.async.token
            }
            %mm = air.execute [%ga, %gb] {
              linalg.matmul ins(%l1a, %l1b : memref<32x64xi32, 2 : i32>, memref<64x32xi32, 2 : i32>) outs(%accv : memref<32x32xi32, 2 : i32>)
            }
            %fa = air.execute [%mm] {
              memref.dealloc %l1a : memref<32x64xi32, 2 : i32>
            }
            %fb = air.execute [%mm] {
              memref.dealloc %l1b : memref<64x32xi32, 2 : i32>
            }
            %y = air.wait_all async [%fa, %fb]
            scf.yield %y : !air.async.token
          }
          %dout = air.dma_memcpy_nd async [%kl] (%hC[%r0, %q0] [%c32, %c32] [%c128_h, %c1_h], %accv[] [] []) {id = 13 : i32} : (memref<128x128xi32, 1 : i32>, memref<32x32xi32, 2 : i32>)
          %f1 = air.execute [%dout] {
            memref.dealloc %accv : memref<32x32xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %dOut = air.dma_memcpy_nd async [%h] (%sC[%row, %col] [%c128, %c128] [%c256, %c1], %l2c[] [] []) {id = 14 : i32} : (memref<256x256xi32>, memref<128x128xi32, 1 : i32>)
        %f3 = air.execute [%h] {
          memref.dealloc %l2a : memref<128x256xi32, 1 : i32>
        }
        %f4 = air.execute [%h] {
          memref.dealloc %l2b : memref<256x128xi32, 1 : i32>
        }
        %f5 = air.execute [%dOut] {
          memref.dealloc %l2c : memref<128x128xi32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%t0]
    return
  }
}
