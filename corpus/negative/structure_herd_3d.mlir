// What is wrong: the air.herd has a 3-D iteration space (2x2x2 tiles).
// Rule broken: seed 000 section 2.3, "Semantics": air.herd defines a 1D or 2D
//   array of processing elements (tile (%x, %y) in (%sx=%Nx, %sy=%Ny)).
// Fix: fold the third dimension into one of the two others, e.g.
//   tile (%tx, %ty) in (%sx=%c2, %sy=%c4), and derive the offset from it.
#off3 = affine_map<()[s0, s1, s2] -> ((s0 * 4 + s1 * 2 + s2) * 128)>
module {
  func.func @relu(%buf: memref<1024xf32>) {
    air.launch () in () args(%lb=%buf) : memref<1024xf32> {
      air.segment @relu_seg args(%sb=%lb) : memref<1024xf32> {
        %c2 = arith.constant 2 : index
        // expected-error@+1 {{'air.herd' op a herd is a 0-D, 1-D or 2-D array of tiles, but has 3 dimensions}}
        air.herd @relu_herd tile (%tx, %ty, %tz) in (%sx=%c2, %sy=%c2, %sz=%c2) args(%hb=%sb) : memref<1024xf32> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c128 = arith.constant 128 : index
          %zero = arith.constant 0.0 : f32
          %off = affine.apply #off3()[%tx, %ty, %tz]
          %l1 = memref.alloc() : memref<128xf32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hb[%off] [%c128] [%c1]) : (memref<128xf32, 2>, memref<1024xf32>)
          scf.for %i = %c0 to %c128 step %c1 {
            %v = memref.load %l1[%i] : memref<128xf32, 2>
            %r = arith.maximumf %v, %zero : f32
            memref.store %r, %l1[%i] : memref<128xf32, 2>
          }
          air.dma_memcpy_nd (%hb[%off] [%c128] [%c1], %l1[] [] []) : (memref<1024xf32>, memref<128xf32, 2>)
          memref.dealloc %l1 : memref<128xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
