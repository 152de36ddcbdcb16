// What is wrong: @B0 / @B1 [1, 1] {broadcast_shape = [2, 1]} carry column
//   blocks 0 / 1 of B down the two rows of a herd, to the tiles with ty == 0
//   (resp. ty == 1), chosen by affine.if ... else. Each tile gets at its own
//   ids; in dimension 1, where broadcast_shape is 1, that index matches
//   every destination (it is taken as 0, as air-to-aie does), so ty = 1 is
//   fine. But the herd is 3x2: tiles (2, 0) and (2, 1) read destination
//   [2, 0], outside broadcast_shape [2, 1], which no put ever reaches, so
//   they wait forever.
// Rule broken: seed 000 section 2.5: broadcast_shape describes the
//   destinations of a channel, and every get must address one of them
//   (broadcast-coverage); puts and gets balance at every index
//   (channel-count-balance).
// Fix: make the herd 2x2, or declare broadcast_shape = [3, 1] to reach the
//   third row.
// Two checks see the same problem: channel-count-balance (a get at [2, 0]
//   that no put reaches) and broadcast-coverage; each notes "get here" on
//   both gets, and one annotation per get matches both notes.
#col0 = affine_set<()[s0, s1] : (s0 >= 0, s1 == 0)>
module {
  // expected-error@+3 {{channel @B0 is unbalanced at index [2, 0]: 0 puts but 1 get (0 elements put, 32 got); the side with more transfers blocks forever}}
  // expected-note@+2 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  // expected-error@+1 {{broadcast_shape [2, 1] of channel @B0 does not match the index space of its gets: a get reads index [2, 0], outside the broadcast shape}}
  air.channel @B0 [1, 1] {broadcast_shape = [2, 1]}
  // expected-error@+3 {{channel @B1 is unbalanced at index [2, 0]: 0 puts but 1 get (0 elements put, 32 got); the side with more transfers blocks forever}}
  // expected-note@+2 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  // expected-error@+1 {{broadcast_shape [2, 1] of channel @B1 does not match the index space of its gets: a get reads index [2, 0], outside the broadcast shape}}
  air.channel @B1 [1, 1] {broadcast_shape = [2, 1]}
  func.func @two_column_blocks(%b: memref<64xi32>) {
    air.launch () in () args(%lb=%b) : memref<64xi32> {
      air.segment @seg args(%sb=%lb) : memref<64xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c3 = arith.constant 3 : index
        %c32 = arith.constant 32 : index
        %l2 = memref.alloc() : memref<64xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sb[] [] []) : (memref<64xi32, 1>, memref<64xi32>)
        %p0 = air.channel.put async @B0[] (%l2[%c0] [%c32] [%c1]) : (memref<64xi32, 1>)
        %p1 = air.channel.put async @B1[] (%l2[%c32] [%c32] [%c1]) : (memref<64xi32, 1>)
        %h = air.herd @h async tile (%tx, %ty) in (%sx=%c3, %sy=%c2) {
          %l1 = memref.alloc() : memref<32xi32, 2>
          affine.if #col0()[%tx, %ty] {
            // expected-note@+1 {{get here}}
            air.channel.get @B0[%tx, %ty] (%l1[] [] []) : (memref<32xi32, 2>)
          } else {
            // expected-note@+1 {{get here}}
            air.channel.get @B1[%tx, %ty] (%l1[] [] []) : (memref<32xi32, 2>)
          }
          memref.dealloc %l1 : memref<32xi32, 2>
          air.herd_terminator
        }
        air.wait_all [%p0, %p1, %h]
        memref.dealloc %l2 : memref<64xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
