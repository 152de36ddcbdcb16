// What is wrong: tile x of the 4x1 herd passes its partial sum over the
//   cascade to tile x + 2, two columns away; a cascade is a core-to-core
//   wire between neighbouring tiles only.
// Rule broken: seed 000 section 2.5, channel_type "cascade": core cascade
//   connections between adjacent tiles (cascade-adjacency).
// Fix: get from @cascade[%tx - 1] (the west neighbour), or use a DMA
//   channel (channel_type "dma_stream") for the longer hop.
module {
  air.channel @cascade [4] {channel_type = "cascade"}
  func.func @skip(%dst: memref<16xi32>) {
    air.launch () in () args(%d=%dst) : memref<16xi32> {
      air.segment @seg args(%sd=%d) : memref<16xi32> {
        %c4 = arith.constant 4 : index
        %c1 = arith.constant 1 : index
        air.herd @row tile (%tx, %ty) in (%sx=%c4, %sy=%c1) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c2 = arith.constant 2 : index
          %acc = memref.alloc() : memref<16xi32, 2 : i32>
          %senders = arith.cmpi slt, %tx, %c2 : index
          scf.if %senders {
            // expected-error@+2 {{cascade channel @cascade connects tile (1, 2) to (3, 2), which are not neighbours; a cascade joins only adjacent tiles}}
            // expected-note@+1 {{hint: index the channel so that tile (x, y) sends to (x + 1, y) or (x, y - 1), or use a DMA channel}}
            air.channel.put @cascade[%tx] (%acc[] [] []) : (memref<16xi32, 2 : i32>)
          } else {
            %src = arith.subi %tx, %c2 : index
            // expected-note@+1 {{the get on the far tile}}
            air.channel.get @cascade[%src] (%acc[] [] []) : (memref<16xi32, 2 : i32>)
          }
        }
      }
    }
    return
  }
}
