// What is wrong: @l2_l1 is a 2x2 channel bundle (rank 2), but the herd's get
//   gives it a single index, @l2_l1[%tx].
// Rule broken: seed 000 section 2.5: the indices operand of put/get selects
//   one channel of the array, so it has one index per bundle dimension (or
//   none at all for a single channel).
// Fix: index the get with both tile ids, @l2_l1[%tx, %ty].
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  // expected-note@+1 {{channel declared here}}
  air.channel @l2_l1 [2, 2]
  func.func @scatter(%src: memref<64x64xi32>) {
    air.launch () in () args(%ls=%src) : memref<64x64xi32> {
      air.segment @scatter_seg args(%ss=%ls) : memref<64x64xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2 = memref.alloc() : memref<64x64xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<64x64xi32, 1>, memref<64x64xi32>)
        scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          air.channel.put @l2_l1[%i, %j] (%l2[%r, %q] [%c32, %c32] [%c64, %c1]) : (memref<64x64xi32, 1>)
          scf.reduce
        }
        air.herd @tiles tile (%tx, %ty) in (%sx=%c2, %sy=%c2) {
          %l1 = memref.alloc() : memref<32x32xi32, 2>
          // expected-note@+2 {{hint: give no indices or exactly 2}}
          // expected-error@+1 {{'air.channel.get' has 1 channel indices, but channel @l2_l1 has rank 2; the indices select one channel of the array (seed 000 2.5)}}
          air.channel.get @l2_l1[%tx] (%l1[] [] []) : (memref<32x32xi32, 2>)
          memref.dealloc %l1 : memref<32x32xi32, 2>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<64x64xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
