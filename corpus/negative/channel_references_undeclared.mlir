// What is wrong: the segment puts on @to_tile, but the module declares the
//   channel as @to_tiles; @to_tile is not declared anywhere. The rest of
//   the program is still analysed: @to_tiles has a get and no put
//   (channel-pairing).
// Rule broken: seed 000 section 2.5: channels are declared once at module
//   scope (air.channel @name [...]) and put/get name a declared channel.
// Fix: put on @to_tiles (or declare @to_tile and get from it).
module {
  // expected-error@+2 {{channel @to_tiles has 1 get but no put: the gets wait forever for data}}
  // expected-note@+1 {{hint: add the matching air.channel.put in the producer, or remove the unmatched transfers}}
  air.channel @to_tiles [1, 1]
  func.func @feed(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @feed_seg args(%ss=%ls) : memref<256xi32> {
        %c1 = arith.constant 1 : index
        // expected-note@+2 {{hint: declare it with 'air.channel @to_tile [...]'}}
        // expected-error@+1 {{'air.channel.put' names channel @to_tile, which is not declared (seed 000 2.5: a channel is declared once, at module scope)}}
        %p = air.channel.put async @to_tile[] (%ss[] [] []) : (memref<256xi32>)
        %h = air.herd @sink async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @to_tiles[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
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
