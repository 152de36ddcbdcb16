// Pattern: device-scale mapping on an MI3xx GPU with nested segments.
//   Level 1: air.launch with no iteration space (one instance, whole device).
//   Level 2: outer segment, backend_granularity = "XCD", iteration space 8
//            (all 8 XCDs stamped out at once).
//   Level 3: inner segment iterating the 38 CUs of its XCD; it stages the
//            CU's slice in LDS (L2, memory space 1) and issues gpu.barrier.
//   Level 4: a 1-D herd of 16 instances (<= 32 wavefront slots), one warp
//            each, computing y = a*x + y on 512 elements in L1 (private).
//   Every body gets its values through args(...); the XCD index is passed
//   down into the inner segment explicitly.
// Source: seed 000 (AIR compute model), Section 4.2 "Device-scale mapping via
//   nested segments (MI3xx)", Section 2.2 (backend-granularity attribute,
//   nested segment resource analysis) and Section 4.3 (memory space mapping).
#cu_base = affine_map<()[s0, s1] -> ((s0 * 38 + s1) * 8192)>
#warp_off = affine_map<()[s0] -> (s0 * 512)>
#glob_off = affine_map<()[s0, s1] -> (s0 + s1 * 512)>
module {
  func.func @saxpy_mi300(%x: memref<2490368xf32>, %y: memref<2490368xf32>, %alpha: f32) {
    air.launch () in () args(%lx=%x, %ly=%y, %la=%alpha) : memref<2490368xf32>, memref<2490368xf32>, f32 {
      %c8 = arith.constant 8 : index
      air.segment @xcd unroll(%xi) in (%nx=%c8) args(%sx=%lx, %sy=%ly, %sa=%la) : memref<2490368xf32>, memref<2490368xf32>, f32 attributes {backend_granularity = "XCD"} {
        %c38 = arith.constant 38 : index
        air.segment @cu unroll(%ci) in (%nc=%c38) args(%xcd=%xi, %cx=%sx, %cy=%sy, %ca=%sa) : index, memref<2490368xf32>, memref<2490368xf32>, f32 {
          %c1 = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %c8192 = arith.constant 8192 : index
          %base = affine.apply #cu_base()[%xcd, %ci]
          %lds = memref.alloc() : memref<8192xf32, 1>
          air.dma_memcpy_nd (%lds[] [] [], %cx[%base] [%c8192] [%c1]) {id = 1 : i32} : (memref<8192xf32, 1>, memref<2490368xf32>)
          gpu.barrier
          air.herd @warps tile (%w) in (%nw=%c16) args(%hx=%lds, %hy=%cy, %hb=%base, %ha=%ca) : memref<8192xf32, 1>, memref<2490368xf32>, index, f32 {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c512 = arith.constant 512 : index
            %off = affine.apply #warp_off()[%w]
            %goff = affine.apply #glob_off()[%hb, %w]
            %xv = memref.alloc() : memref<512xf32, 2>
            %yv = memref.alloc() : memref<512xf32, 2>
            air.dma_memcpy_nd (%xv[] [] [], %hx[%off] [%c512] [%c1_h]) {id = 2 : i32} : (memref<512xf32, 2>, memref<8192xf32, 1>)
            air.dma_memcpy_nd (%yv[] [] [], %hy[%goff] [%c512] [%c1_h]) {id = 3 : i32} : (memref<512xf32, 2>, memref<2490368xf32>)
            scf.for %i = %c0_h to %c512 step %c1_h {
              %a = memref.load %xv[%i] : memref<512xf32, 2>
              %b = memref.load %yv[%i] : memref<512xf32, 2>
              %p = arith.mulf %ha, %a : f32
              %s = arith.addf %p, %b : f32
              memref.store %s, %yv[%i] : memref<512xf32, 2>
            }
            air.dma_memcpy_nd (%hy[%goff] [%c512] [%c1_h], %yv[] [] []) {id = 4 : i32} : (memref<2490368xf32>, memref<512xf32, 2>)
            memref.dealloc %xv : memref<512xf32, 2>
            memref.dealloc %yv : memref<512xf32, 2>
            air.herd_terminator
          }
          memref.dealloc %lds : memref<8192xf32, 1>
          air.segment_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
