// What is wrong: the 2x2 herd gets one block per tile on @l2_l1[%tx, %ty],
//   but the segment's scf.parallel puts only for %j in [0, 1): indices
//   [0, 1] and [1, 1] get a get but never a put, so tiles (0, 1) and (1, 1)
//   wait forever.
// Rule broken: seed 000 section 2.5, "Balance requirement": for channels
//   connecting different iteration spaces, (puts per producer instance) x
//   (producer instances) must equal (gets per consumer instance) x (consumer
//   instances) at every index (channel-count-balance).
// Fix: make the scf.parallel cover the whole herd, (%c2, %c2) as upper bound.
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  // expected-error@+2 {{channel @l2_l1 is unbalanced at index [1, 1]: 0 puts but 1 get (0 elements put, 1024 got); the side with more transfers blocks forever}}
  // expected-note@+1 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  air.channel @l2_l1 [2, 2]
  func.func @scatter(%src: memref<64x64xf32>) {
    air.launch () in () args(%ls=%src) : memref<64x64xf32> {
      air.segment @scatter_seg args(%ss=%ls) : memref<64x64xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2 = memref.alloc() : memref<64x64xf32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<64x64xf32, 1>, memref<64x64xf32>)
        scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c1) step (%c1, %c1) {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %sent0 = air.channel.put async @l2_l1[%i, %j] (%l2[%r, %q] [%c32, %c32] [%c64, %c1]) : (memref<64x64xf32, 1>)
          scf.reduce
        }
        air.herd @tiles tile (%tx, %ty) in (%sx=%c2, %sy=%c2) {
          %l1 = memref.alloc() : memref<32x32xf32, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @l2_l1[%tx, %ty] (%l1[] [] []) : (memref<32x32xf32, 2>)
          memref.dealloc %l1 : memref<32x32xf32, 2>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<64x64xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
