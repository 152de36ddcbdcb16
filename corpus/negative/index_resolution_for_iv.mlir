// What is wrong: the segment sends the two halves of its L2 buffer from an
//   scf.for, indexing @halves by the loop's induction variable %k. A
//   temporal loop iv names a different physical channel on each trip;
//   air-to-aie cannot resolve such an index to a channel.
// Rule broken: seed 000 section 2.5 (indices select a channel of the array;
//   channel routing fixes the communication topology, section 2.2) and the
//   channel-index-resolution rule: channel indices may depend only on
//   spatial ids (herd/segment ids, scf.parallel ivs), not on scf.for ivs.
// Fix: replace the scf.for by scf.parallel (%k) = (%c0) to (%c2) step (%c1)
//   with an scf.reduce, so that the index is a spatial id.
#mul128 = affine_map<()[s0] -> (s0 * 128)>
module {
  air.channel @halves [1, 2]
  func.func @split(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @split_seg args(%ss=%ls) : memref<256xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c128 = arith.constant 128 : index
        %l2 = memref.alloc() : memref<256xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
        // expected-note@+1 {{the scf.for induction variable comes from here}}
        scf.for %k = %c0 to %c2 step %c1 {
          %off = affine.apply #mul128()[%k]
          // expected-error@+2 {{the channel index of this put on @halves depends on a scf.for induction variable; air-to-aie resolves channel indices only from herd and segment ids and scf.parallel ivs, and drops this transfer}}
          // expected-note@+1 {{hint: index the channel with a spatial id, or unroll the loop}}
          %sent0 = air.channel.put async @halves[%c0, %k] (%l2[%off] [%c128] [%c1]) : (memref<256xi32, 1>)
        }
        air.herd @halves_herd tile (%tx, %ty) in (%sx=%c1, %sy=%c2) {
          %l1 = memref.alloc() : memref<128xi32, 2>
          air.channel.get @halves[%tx, %ty] (%l1[] [] []) : (memref<128xi32, 2>)
          memref.dealloc %l1 : memref<128xi32, 2>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<256xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
