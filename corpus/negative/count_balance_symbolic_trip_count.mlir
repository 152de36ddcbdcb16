// What is wrong: the segment puts one 256-element chunk per trip of an
//   scf.for whose trip count is the function argument %nchunks, while the
//   herd's loop always gets 4 chunks. Whenever %nchunks != 4 one side blocks
//   forever (e.g. %nchunks = 0: 4 gets wait for data that never comes).
// Rule broken: seed 000 section 2.5, "Balance requirement": puts and gets
//   must balance at every channel index along every execution, i.e. for
//   every value of the sizes (channel-count-balance).
// Fix: pass %nchunks into the herd through args(...) and use it as the upper
//   bound of the get loop too (or make both bounds the constant 4).
module {
  // expected-error@+2 {{channel @chunks is unbalanced at index [0, 0] when %arg1 of @stream = 1: 1 put but 4 gets (256 elements put, 1024 got); the side with more transfers blocks forever}}
  // expected-note@+1 {{hint: every put needs a matching get at the same channel index; compare the loops and iteration spaces around them}}
  air.channel @chunks [1, 1]
  func.func @stream(%src: memref<?xbf16>, %nchunks: index) {
    air.launch () in () args(%ls=%src, %ln=%nchunks) : memref<?xbf16>, index {
      air.segment @stream_seg args(%ss=%ls, %sn=%ln) : memref<?xbf16>, index {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        scf.for %k = %c0 to %sn step %c1 {
          %off = arith.muli %k, %c256 : index
          // expected-note@+1 {{put here}}
          %sent0 = air.channel.put async @chunks[] (%ss[%off] [%c256] [%c1]) : (memref<?xbf16>)
        }
        air.herd @consume tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %l1 = memref.alloc() : memref<256xbf16, 2>
          scf.for %k = %c0_h to %c4 step %c1_h {
            // expected-note@+1 {{get here}}
            air.channel.get @chunks[%tx, %ty] (%l1[] [] []) : (memref<256xbf16, 2>)
          }
          memref.dealloc %l1 : memref<256xbf16, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
