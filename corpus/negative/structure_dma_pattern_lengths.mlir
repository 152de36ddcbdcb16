// What is wrong: the source side of the L3->L1 dma lists two sizes but only
//   one stride.
// Rule broken: seed 000 section 2.4: the [offsets][sizes][strides] triples
//   follow memref.subview, one size and one stride per dimension of the
//   access pattern, so the sizes and strides of a side have the same length
//   (the op verifier's rule, as upstream's; the offsets may have any length).
// Fix: give the stride of both dimensions, [%c64, %c1].
#mul16 = affine_map<()[s0] -> (s0 * 16)>
module {
  func.func @tile_load(%src: memref<64x64xi16>) {
    air.launch () in () args(%ls=%src) : memref<64x64xi16> {
      air.segment @load_seg args(%ss=%ls) : memref<64x64xi16> {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        air.herd @loader tile (%tx, %ty) in (%sx=%c4, %sy=%c1) args(%hs=%ss) : memref<64x64xi16> {
          %c0 = arith.constant 0 : index
          %c16 = arith.constant 16 : index
          %c64 = arith.constant 64 : index
          %row = affine.apply #mul16()[%tx]
          %l1 = memref.alloc() : memref<16x64xi16, 2>
          // expected-error@+1 {{'air.dma_memcpy_nd' op src sizes and strides must have the same number of dimensions, but got 2 and 1}}
          air.dma_memcpy_nd (%l1[] [] [], %hs[%row, %c0] [%c16, %c64] [%c64]) : (memref<16x64xi16, 2>, memref<64x64xi16>)
          memref.dealloc %l1 : memref<16x64xi16, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
