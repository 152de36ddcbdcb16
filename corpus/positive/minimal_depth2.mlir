// Pattern: the seed's minimal put-then-get in one scope, but on a channel of
//   depth 2: the put completes into the free slot, the get then reads it.
// Source: seed 000 (AIR compute model), section 2.5, "Capacity and depth"
//   (depth 2: the producer may issue one transfer ahead of the consumer).
module {
  air.channel @C [] {depth = 2}
  func.func @ahead() {
    air.launch () in () {
      air.segment @one_ahead {
        %a = memref.alloc() : memref<64xi32, 1 : i32>
        %b = memref.alloc() : memref<64xi32, 1 : i32>
        air.channel.put @C[] (%a[] [] []) : (memref<64xi32, 1 : i32>)
        air.channel.get @C[] (%b[] [] []) : (memref<64xi32, 1 : i32>)
      }
    }
    return
  }
}
