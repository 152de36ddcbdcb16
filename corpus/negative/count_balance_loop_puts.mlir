// What is wrong: the segment puts four 256-element chunks on @to_tile (an
//   scf.for of 4 trips), but the single tile of the herd gets only once.
//   After the first transfer the put side blocks forever.
// Rule broken: seed 000 section 2.5, "Balance requirement": at every channel
//   index the number of puts and gets must be equal over all instances
//   (channel-count-balance).
// Fix: wrap the herd's get (and its compute) in the same 4-trip scf.for, or
//   put the whole 1024-element buffer in one transfer and get it whole.
module {
  // expected-error@+2 {{channel @to_tile is unbalanced at index [0, 0]: 4 puts but 1 get (1024 elements put, 256 got); the side with more transfers blocks forever}}
  // expected-note@+1 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  air.channel @to_tile [1, 1]
  func.func @stream_in(%src: memref<1024xi32>) {
    air.launch () in () args(%ls=%src) : memref<1024xi32> {
      air.segment @stream_seg args(%ss=%ls) : memref<1024xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %c1024 = arith.constant 1024 : index
        scf.for %off = %c0 to %c1024 step %c256 {
          // expected-note@+1 {{put here}}
          %sent0 = air.channel.put async @to_tile[] (%ss[%off] [%c256] [%c1]) : (memref<1024xi32>)
        }
        air.herd @sink tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @to_tile[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
