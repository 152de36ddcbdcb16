// What is wrong: @bcast is a [2, 4] bundle with broadcast_shape = [4, 4];
//   dimension 0 of the bundle (2) is neither 1 nor the broadcast size (4).
// Rule broken: seed 000 section 2.5: broadcast_shape follows NumPy
//   broadcasting rules, so each bundle dimension must be 1 or equal to the
//   broadcast dimension.
// Fix: declare the bundle as [1, 4] (one row of sources broadcast down the
//   4 rows of the herd) and put on @bcast[0, %j].
module {
  // expected-error@+1 {{'air.channel' op broadcast_shape dimension 0 is 4, but the bundle's is 2; NumPy broadcasting needs 1 or 4}}
  air.channel @bcast [2, 4] {broadcast_shape = [4, 4]}
  func.func @bcast_cols(%src: memref<1024xbf16>) {
    air.launch () in () args(%ls=%src) : memref<1024xbf16> {
      air.segment @bc_seg args(%ss=%ls) : memref<1024xbf16> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c256 = arith.constant 256 : index
        %l2 = memref.alloc() : memref<1024xbf16, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<1024xbf16, 1>, memref<1024xbf16>)
        scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
          %off = arith.muli %j, %c256 : index
          air.channel.put @bcast[%c0, %j] (%l2[%off] [%c256] [%c1]) : (memref<1024xbf16, 1>)
          scf.reduce
        }
        air.herd @tiles tile (%tx, %ty) in (%sx=%c4, %sy=%c4) {
          %l1 = memref.alloc() : memref<256xbf16, 2>
          air.channel.get @bcast[%tx, %ty] (%l1[] [] []) : (memref<256xbf16, 2>)
          memref.dealloc %l1 : memref<256xbf16, 2>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<1024xbf16, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
