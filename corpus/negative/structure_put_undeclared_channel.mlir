// What is wrong: the segment puts on @to_tile, but the module declares the
//   channel as @to_tiles; @to_tile is not declared anywhere.
// Rule broken: seed 000 section 2.5: channels are declared once at module
//   scope (air.channel @name [...]) and put/get name a declared channel.
// Fix: put on @to_tiles (or declare @to_tile and get from it).
module {
  air.channel @to_tiles [1, 1]
  func.func @feed(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @feed_seg args(%ss=%ls) : memref<256xi32> {
        %c1 = arith.constant 1 : index
        // expected-error@+1 {{'air.channel.put' op names channel @to_tile, which is not declared; declare it at module scope with 'air.channel @to_tile [...]'}}
        %p = air.channel.put async @to_tile[] (%ss[] [] []) : (memref<256xi32>)
        %h = air.herd @sink async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
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
