// Two bare segments (the implicit hierarchy): one gets on @c, the other
// puts. Wrapped, they are two launches, run one at a time or at once, and
// the get of the first may wait for the second forever (launch-crossing).
// The symbolic model reads launches only: unwrapped, it must not answer.
air.channel @c [] {depth = 2}
func.func @bare() {
  air.segment @consumer {
    %l2 = memref.alloc() : memref<64xi32, 1>
    air.channel.get @c[] (%l2[] [] []) : (memref<64xi32, 1>)
  }
  air.segment @producer {
    %l2 = memref.alloc() : memref<64xi32, 1>
    air.channel.put @c[] (%l2[] [] []) : (memref<64xi32, 1>)
  }
  return
}
