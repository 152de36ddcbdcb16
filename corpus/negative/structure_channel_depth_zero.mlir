// What is wrong: the channel @stream is declared with depth = 0.
// Rule broken: seed 000 section 2.5, "Capacity and depth": depth is how many
//   transfers may be in flight (default 1, a rendezvous); a channel with no
//   buffer slot could never accept a put.
// Fix: drop the attribute (depth 1) or use depth = 2 for double buffering.
module {
  // expected-error@+1 {{'air.channel' op depth must be at least 1, but is 0}}
  air.channel @stream [1, 1] {depth = 0}
  func.func @pass(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @pass_seg args(%ss=%ls) : memref<256xi32> {
        %c1 = arith.constant 1 : index
        %p = air.channel.put async @stream[] (%ss[] [] []) : (memref<256xi32>)
        %h = air.herd @sink async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.channel.get @stream[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.wait_all [%p, %h]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
