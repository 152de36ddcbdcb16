// Pattern: 4k x 4k f32 matrix multiplication written for the GPU backend.
//   air.launch 32x32 -> gridDim (one 128x128 output tile per workgroup);
//   air.segment -> workgroup body: allocates the L2 (LDS) tiles As[128x8]
//   and Bs[8x128], walks k in steps of 8 (scf.for), stages each k-slice with
//   DMAs and a gpu.barrier; air.herd 256x1 -> blockDim: thread tx owns row
//   tx/2 and 64 columns of the tile, copies its A row slice and B block into
//   L1 (private) buffers, accumulates into an L1 accumulator and ends with
//   gpu.barrier. The kernel computes C += A * B (the accumulator is read
//   from C and written back at every k step).
// Source: seed 000 (AIR compute model), Section 4.5 "Example: 4k x 4k matrix
//   multiplication" (launch 32x32, segment @forward_0 with L2 allocs, scf.for
//   over k step 8, herd 256x1 with an L1 alloc, gpu.barrier) and Sections
//   4.1/4.3/4.4 (hierarchy, memory space and DMA mappings).
#tile = affine_map<()[s0] -> (s0 * 128)>
#trow = affine_map<()[s0] -> (s0 floordiv 2)>
#tcol = affine_map<()[s0] -> ((s0 mod 2) * 64)>
#add = affine_map<()[s0, s1] -> (s0 + s1)>
module {
  func.func @matmul_4k(%arg0: memref<4096x4096xf32>, %arg1: memref<4096x4096xf32>, %arg2: memref<4096x4096xf32>) {
    %c32 = arith.constant 32 : index
    air.launch (%bx, %by) in (%nbx=%c32, %nby=%c32) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {
      air.segment @forward_0 args(%sbx=%bx, %sby=%by, %sA=%A, %sB=%B, %sC=%C) : index, index, memref<4096x4096xf32>, memref<4096x4096xf32>, memref<4096x4096xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c8 = arith.constant 8 : index
        %c128 = arith.constant 128 : index
        %c256 = arith.constant 256 : index
        %c4096 = arith.constant 4096 : index
        %row = affine.apply #tile()[%sbx]
        %col = affine.apply #tile()[%sby]
        %As = memref.alloc() : memref<128x8xf32, 1>
        %Bs = memref.alloc() : memref<8x128xf32, 1>
        scf.for %k = %c0 to %c4096 step %c8 {
          air.dma_memcpy_nd (%As[] [] [], %sA[%row, %k] [%c128, %c8] [%c4096, %c1]) {id = 1 : i32} : (memref<128x8xf32, 1>, memref<4096x4096xf32>)
          air.dma_memcpy_nd (%Bs[] [] [], %sB[%k, %col] [%c8, %c128] [%c4096, %c1]) {id = 2 : i32} : (memref<8x128xf32, 1>, memref<4096x4096xf32>)
          gpu.barrier
          air.herd @herd_0 tile (%tx, %ty) in (%ntx=%c256, %nty=%c1) args(%hA=%As, %hB=%Bs, %hC=%sC, %hr=%row, %hc=%col) : memref<128x8xf32, 1>, memref<8x128xf32, 1>, memref<4096x4096xf32>, index, index {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c8_h = arith.constant 8 : index
            %c64 = arith.constant 64 : index
            %c128_h = arith.constant 128 : index
            %c4096_h = arith.constant 4096 : index
            %r = affine.apply #trow()[%tx]
            %cb = affine.apply #tcol()[%tx]
            %gr = affine.apply #add()[%hr, %r]
            %gc = affine.apply #add()[%hc, %cb]
            %acc = memref.alloc() : memref<64xf32, 2>
            %arow = memref.alloc() : memref<8xf32, 2>
            %bblk = memref.alloc() : memref<8x64xf32, 2>
            air.dma_memcpy_nd (%acc[] [] [], %hC[%gr, %gc] [%c1_h, %c64] [%c4096_h, %c1_h]) {id = 3 : i32} : (memref<64xf32, 2>, memref<4096x4096xf32>)
            air.dma_memcpy_nd (%arow[] [] [], %hA[%r, %c0_h] [%c1_h, %c8_h] [%c8_h, %c1_h]) {id = 4 : i32} : (memref<8xf32, 2>, memref<128x8xf32, 1>)
            air.dma_memcpy_nd (%bblk[] [] [], %hB[%c0_h, %cb] [%c8_h, %c64] [%c128_h, %c1_h]) {id = 5 : i32} : (memref<8x64xf32, 2>, memref<8x128xf32, 1>)
            scf.for %kk = %c0_h to %c8_h step %c1_h {
              %a = memref.load %arow[%kk] : memref<8xf32, 2>
              scf.for %j = %c0_h to %c64 step %c1_h {
                %b = memref.load %bblk[%kk, %j] : memref<8x64xf32, 2>
                %s = memref.load %acc[%j] : memref<64xf32, 2>
                %p = arith.mulf %a, %b : f32
                %n = arith.addf %s, %p : f32
                memref.store %n, %acc[%j] : memref<64xf32, 2>
              }
            }
            air.dma_memcpy_nd (%hC[%gr, %gc] [%c1_h, %c64] [%c4096_h, %c1_h], %acc[] [] []) {id = 6 : i32} : (memref<4096x4096xf32>, memref<64xf32, 2>)
            memref.dealloc %acc : memref<64xf32, 2>
            memref.dealloc %arow : memref<8xf32, 2>
            memref.dealloc %bblk : memref<8x64xf32, 2>
            gpu.barrier
            air.herd_terminator
          }
        }
        memref.dealloc %As : memref<128x8xf32, 1>
        memref.dealloc %Bs : memref<8x128xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
