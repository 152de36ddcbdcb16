// What is wrong: the seed's minimal deadlock. In one segment body a blocking
//   put on a rendezvous channel (depth 1) comes before the only get: the put
//   waits for a get that sequential control flow never reaches.
// Rule broken: seed 000 section 2.5, "Deadlock conditions" (minimal deadlock)
//   (sync-order-deadlock).
// Fix: give @C depth 2, make the put asynchronous, or move the get into a
//   herd that runs beside the segment body.
module {
  air.channel @C [] {depth = 1}
  func.func @minimal(%src: memref<64xi32>) {
    air.launch () in () args(%s=%src) : memref<64xi32> {
      air.segment @deadlock {
        %a = memref.alloc() : memref<64xi32, 1 : i32>
        %b = memref.alloc() : memref<64xi32, 1 : i32>
        // expected-error@+2 {{this put on @C comes before every get that could complete it in the same segment body, and transfers on one channel index there keep their program order (docs/semantics.md, as upstream's air-dependency orders them): the program deadlocks (seed 000 2.5)}}
        // expected-note@+1 {{hint: make it asynchronous (bind its token), move it into its own herd or segment, or give the channel depth 2}}
        air.channel.put @C[] (%a[] [] []) : (memref<64xi32, 1 : i32>)
        // expected-note@+1 {{the get, after it}}
        air.channel.get @C[] (%b[] [] []) : (memref<64xi32, 1 : i32>)
      }
    }
    return
  }
}
