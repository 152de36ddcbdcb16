// Pattern: herd-level broadcast detection. Inside a 4x4 herd, the L2->L1 DMA
//   of the A panel depends only on the tile row (tx) and the DMA of the B
//   panel only on the tile column (ty); each carries a broadcast_pattern
//   affine_set (d0, d1 = destination tile, s0 = broadcast source):
//     A: (d0 - s0 == 0, 0 <= d1 <= 3, 0 <= s0 <= 3)  -- 4 sources, 4-way each
//     B: (0 <= d0 <= 3, d1 - s0 == 0, 0 <= s0 <= 3)
//   bf16 inputs with an f32 accumulator; L1 tiles use packed 3-D layouts
//   produced by 3-D DMA access patterns; compute goes through external
//   kernels linked from mm.o.
// Source: seed 003 (GEMM case study), section "air-dependency-schedule-opt"
//   (broadcast_pattern attribute on air.dma_memcpy_nd inside air.herd and the
//   explanation of s0/d0/d1); seed 002 (paper) Section 7.2 "Broadcast
//   Detection and Lowering" (broadcasts as affine integer sets).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#bcast_a = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 + 3 >= 0, s0 >= 0, -s0 + 3 >= 0)>
#bcast_b = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 - s0 == 0, s0 >= 0, -s0 + 3 >= 0)>
module {
  func.func private @zero_f32(memref<32x32xf32, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @matmul_bf16_f32(memref<8x32x8xbf16, 2 : i32>, memref<8x64x4xbf16, 2 : i32>, memref<32x32xf32, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func @gemm_bf16(%arg0: memref<512x512xbf16>, %arg1: memref<512x512xbf16>, %arg2: memref<512x512xf32>) {
    %c4 = arith.constant 4 : index
    %t0 = air.launch async (%lx, %ly) in (%nlx=%c4, %nly=%c4) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<512x512xbf16>, memref<512x512xbf16>, memref<512x512xf32> attributes {id = 1 : i32} {
      %t1 = air.segment @segment_0 async args(%ix=%lx, %iy=%ly, %sA=%A, %sB=%B, %sC=%C) : index, index, memref<512x512xbf16>, memref<512x512xbf16>, memref<512x512xf32> attributes {id = 2 : i32} {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4_s = arith.constant 4 : index
        %c128 = arith.constant 128 : index
        %c512 = arith.constant 512 : index
        %tr, %row = air.execute -> (index) {
          %v = affine.apply #mul128()[%ix]
          air.execute_terminator %v : index
        }
        %tc, %col = air.execute -> (index) {
          %v = affine.apply #mul128()[%iy]
          air.execute_terminator %v : index
        }
        %ta, %l2a = air.execute -> (memref<128x512xbf16, 1 : i32>) {
          %m = memref.alloc() : memref<128x512xbf16, 1 : i32>
          air.execute_terminator %m : memref<128x512xbf16, 1 : i32>
        }
        %tb, %l2b = air.execute -> (memref<512x128xbf16, 1 : i32>) {
          %m = memref.alloc() : memref<512x128xbf16, 1 : i32>
          air.execute_terminator %m : memref<512x128xbf16, 1 : i32>
        }
        %tcc, %l2c = air.execute -> (memref<128x128xf32, 1 : i32>) {
          %m = memref.alloc() : memref<128x128xf32, 1 : i32>
          air.execute_terminator %m : memref<128x128xf32, 1 : i32>
        }
        %dA = air.dma_memcpy_nd async [%ta, %tr] (%l2a[] [] [], %sA[%row, %c0] [%c128, %c512] [%c512, %c1]) {id = 1 : i32} : (memref<128x512xbf16, 1 : i32>, memref<512x512xbf16>)
        %dB = air.dma_memcpy_nd async [%tb, %tc] (%l2b[] [] [], %sB[%c0, %col] [%c512, %c128] [%c512, %c1]) {id = 2 : i32} : (memref<512x128xbf16, 1 : i32>, memref<512x512xbf16>)
        %h = air.herd @herd_0 async [%dA, %dB, %tcc] tile (%tx, %ty) in (%sx=%c4_s, %sy=%c4_s) args(%hA=%l2a, %hB=%l2b, %hC=%l2c) : memref<128x512xbf16, 1 : i32>, memref<512x128xbf16, 1 : i32>, memref<128x128xf32, 1 : i32> attributes {id = 3 : i32, link_with = "mm.o"} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4_h = arith.constant 4 : index
          %c8 = arith.constant 8 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %c128_h = arith.constant 128 : index
          %c512_h = arith.constant 512 : index
          %t2, %r0 = air.execute -> (index) {
            %v = affine.apply #mul32()[%tx]
            air.execute_terminator %v : index
          }
          %t3, %q0 = air.execute -> (index) {
            %v = affine.apply #mul32()[%ty]
            air.execute_terminator %v : index
          }
          %t4, %acc = air.execute -> (memref<32x32xf32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xf32, 2 : i32>
            air.execute_terminator %m : memref<32x32xf32, 2 : i32>
          }
          %t5 = air.execute [%t4] {
            func.call @zero_f32(%acc) : (memref<32x32xf32, 2 : i32>) -> ()
          }
          %w = air.wait_all async [%t2, %t3, %t5]
          %kl = scf.for %k = %c0_h to %c512_h step %c64 iter_args(%tk = %w) -> (!air.async.token) {
            %t6, %l1a = air.execute -> (memref<8x32x8xbf16, 2 : i32>) {
              %m = memref.alloc() : memref<8x32x8xbf16, 2 : i32>
              air.execute_terminator %m : memref<8x32x8xbf16, 2 : i32>
            }
            %da = air.dma_memcpy_nd async [%t6, %tk] (%l1a[] [] [], %hA[%c0_h, %r0, %k] [%c8, %c32, %c8] [%c8, %c512_h, %c1_h]) {broadcast_pattern = #bcast_a, id = 3 : i32} : (memref<8x32x8xbf16, 2 : i32>, memref<128x512xbf16, 1 : i32>)
            %t7, %l1b = air.execute -> (memref<8x64x4xbf16, 2 : i32>) {
              %m = memref.alloc() : memref<8x64x4xbf16, 2 : i32>
              air.execute_terminator %m : memref<8x64x4xbf16, 2 : i32>
            }
            %db = air.dma_memcpy_nd async [%t7, %tk] (%l1b[] [] [], %hB[%c0_h, %k, %q0] [%c8, %c64, %c4_h] [%c4_h, %c128_h, %c1_h]) {broadcast_pattern = #bcast_b, id = 4 : i32} : (memref<8x64x4xbf16, 2 : i32>, memref<512x128xbf16, 1 : i32>)
            %mm = air.execute [%da, %db] {
              func.call @matmul_bf16_f32(%l1a, %l1b, %acc) : (memref<8x32x8xbf16, 2 : i32>, memref<8x64x4xbf16, 2 : i32>, memref<32x32xf32, 2 : i32>) -> ()
            }
            %fa = air.execute [%mm] {
              memref.dealloc %l1a : memref<8x32x8xbf16, 2 : i32>
            }
            %fb = air.execute [%mm] {
              memref.dealloc %l1b : memref<8x64x4xbf16, 2 : i32>
            }
            %y = air.wait_all async [%fa, %fb]
            scf.yield %y : !air.async.token
          }
          %dc = air.dma_memcpy_nd async [%kl] (%hC[%r0, %q0] [%c32, %c32] [%c128_h, %c1_h], %acc[] [] []) {id = 5 : i32} : (memref<128x128xf32, 1 : i32>, memref<32x32xf32, 2 : i32>)
          %fc = air.execute [%dc] {
            memref.dealloc %acc : memref<32x32xf32, 2 : i32>
          }
          air.herd_terminator
        }
        %dC = air.dma_memcpy_nd async [%h] (%sC[%row, %col] [%c128, %c128] [%c512, %c1], %l2c[] [] []) {id = 6 : i32} : (memref<512x512xf32>, memref<128x128xf32, 1 : i32>)
        %f1 = air.execute [%h] {
          memref.dealloc %l2a : memref<128x512xbf16, 1 : i32>
        }
        %f2 = air.execute [%h] {
          memref.dealloc %l2b : memref<512x128xbf16, 1 : i32>
        }
        %f3 = air.execute [%dC] {
          memref.dealloc %l2c : memref<128x128xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%t0]
    return
  }
}
