// What is wrong: @col is a 1x4 channel bundle, but the last put of the
//   unrolled segment-side loop writes @col[0, 4]; index #1 must lie in [0, 4).
// Rule broken: seed 000 section 2.5: the indices of put/get select a channel
//   within the declared array, so a constant index must lie inside its
//   bundle shape.
// Fix: use @col[%c0, %c3] for the fourth tile (the indices are 0, 1, 2, 3).
module {
  // expected-note@+1 {{channel declared here}}
  air.channel @col [1, 4]
  func.func @fanout(%src: memref<1024xf32>) {
    air.launch () in () args(%ls=%src) : memref<1024xf32> {
      air.segment @fan_seg args(%ss=%ls) : memref<1024xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        %c256 = arith.constant 256 : index
        %c512 = arith.constant 512 : index
        %c768 = arith.constant 768 : index
        air.channel.put @col[%c0, %c0] (%ss[%c0] [%c256] [%c1]) : (memref<1024xf32>)
        air.channel.put @col[%c0, %c1] (%ss[%c256] [%c256] [%c1]) : (memref<1024xf32>)
        air.channel.put @col[%c0, %c2] (%ss[%c512] [%c256] [%c1]) : (memref<1024xf32>)
        // expected-error@+1 {{'air.channel.put' channel index #1 is 4, outside [0, 4) of channel @col}}
        air.channel.put @col[%c0, %c4] (%ss[%c768] [%c256] [%c1]) : (memref<1024xf32>)
        air.herd @sink tile (%tx, %ty) in (%sx=%c1, %sy=%c4) {
          %l1 = memref.alloc() : memref<256xf32, 2>
          air.channel.get @col[%tx, %ty] (%l1[] [] []) : (memref<256xf32, 2>)
          memref.dealloc %l1 : memref<256xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
