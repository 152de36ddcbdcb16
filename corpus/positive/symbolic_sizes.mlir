// Pattern: symbolic sizes. The herd width and the trip count of the herd's
//   loop are function arguments, not constants. %width and %nchunks are
//   threaded explicitly through args(...) of the launch, segment and herd
//   (all IsolatedFromAbove); the herd's size operand is the segment block
//   argument %sw; the loop's upper bound is the herd block argument %hn. The
//   data buffer is a dynamically sized L3 memref. Each tile processes the
//   256-element chunks (c * width + tx) for c in [0, nchunks), in place.
//   No channels are used, so no transfer count depends on a symbolic value.
// Source: seed 000 (AIR compute model), Section 1.1 ("Operands from the
//   enclosing scope are passed explicitly as kernel operands"), Section 2.1
//   ("The workload naturally decomposes into a variable number of tiles
//   determined at runtime") and Section 2.3 (herd iteration space %Nx x %Ny).
#chunk = affine_map<()[s0, s1, s2] -> ((s0 * s1 + s2) * 256)>
module {
  func.func @abs_inplace(%data: memref<?xf32>, %width: index, %nchunks: index) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nlx=%c1) args(%d=%data, %w=%width, %n=%nchunks) : memref<?xf32>, index, index {
      air.segment @sym_seg args(%sd=%d, %sw=%w, %sn=%n) : memref<?xf32>, index, index {
        %c1_s = arith.constant 1 : index
        air.herd @sym_herd tile (%tx, %ty) in (%sx=%sw, %sy=%c1_s) args(%hd=%sd, %hn=%sn, %hw=%sw) : memref<?xf32>, index, index {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %buf = memref.alloc() : memref<256xf32, 2>
          scf.for %c = %c0 to %hn step %c1_h {
            %off = affine.apply #chunk()[%c, %hw, %tx]
            // expected-warning-re@+1 {{data race freedom is unknown: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} and 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} may run at once on one buffer, and which elements 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} touches is not modelled: the element it touches is not an affine function of its instance and the sizes (a product of a size and an index?)}}
            air.dma_memcpy_nd (%buf[] [] [], %hd[%off] [%c256] [%c1_h]) {id = 1 : i32} : (memref<256xf32, 2>, memref<?xf32>)
            scf.for %i = %c0 to %c256 step %c1_h {
              %v = memref.load %buf[%i] : memref<256xf32, 2>
              %a = math.absf %v : f32
              memref.store %a, %buf[%i] : memref<256xf32, 2>
            }
            // expected-warning-re@+1 {{data race freedom is unknown: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} and 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} may run at once on one buffer, and which elements 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} touches is not modelled: the element it touches is not an affine function of its instance and the sizes (a product of a size and an index?)}}
            air.dma_memcpy_nd (%hd[%off] [%c256] [%c1_h], %buf[] [] []) {id = 2 : i32} : (memref<?xf32>, memref<256xf32, 2>)
          }
          memref.dealloc %buf : memref<256xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
