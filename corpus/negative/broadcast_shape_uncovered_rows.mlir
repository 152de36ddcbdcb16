// What is wrong: @b_cols broadcasts each of its 4 sources down 4 rows
//   (broadcast_shape = [4, 4]), but the herd that gets from it is only 2x4:
//   destinations [2, *] and [3, *] of the broadcast are never read, so the
//   broadcast put can never complete.
// Rule broken: seed 000 section 2.5: broadcast_shape describes the one-to-
//   many destinations of a channel (NumPy broadcasting of the bundle shape);
//   every destination must be matched by a get (balance requirement)
//   (broadcast-coverage).
// Fix: declare broadcast_shape = [2, 4] to match the 2x4 herd (or make the
//   herd 4x4).
// Two checks see the same problem: channel-count-balance (a broadcast put
//   reaches destination [2, 0], no get reads it) and broadcast-coverage.
module {
  // expected-error@+3 {{channel @b_cols is unbalanced at index [2, 0]: 1 put but 0 gets (256 elements put, 0 got); the side with more transfers blocks forever}}
  // expected-note@+2 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  // expected-error@+1 {{broadcast_shape [4, 4] of channel @b_cols does not match the index space of its gets: destination [3, 0] is sent to but never read}}
  air.channel @b_cols [1, 4] {broadcast_shape = [4, 4]}
  func.func @bcast_b(%b: memref<4x256xbf16>) {
    air.launch () in () args(%lb=%b) : memref<4x256xbf16> {
      air.segment @bc_seg args(%sb=%lb) : memref<4x256xbf16> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        %c256 = arith.constant 256 : index
        %l2 = memref.alloc() : memref<4x256xbf16, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sb[] [] []) : (memref<4x256xbf16, 1>, memref<4x256xbf16>)
        scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
          // expected-note@+2 {{put here}}
          // expected-note@+1 {{sent to it from here}}
          %sent0 = air.channel.put async @b_cols[%c0, %j] (%l2[%j, %c0] [%c1, %c256] [%c256, %c1]) : (memref<4x256xbf16, 1>)
          scf.reduce
        }
        air.herd @mm tile (%tx, %ty) in (%sx=%c2, %sy=%c4) {
          %l1 = memref.alloc() : memref<256xbf16, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @b_cols[%tx, %ty] (%l1[] [] []) : (memref<256xbf16, 2>)
          memref.dealloc %l1 : memref<256xbf16, 2>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<4x256xbf16, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
