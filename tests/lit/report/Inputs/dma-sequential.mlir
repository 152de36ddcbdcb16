// The same three reads one after another (each waits for the previous):
// one channel at a time is enough.
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      air.channel.put @a[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.put @b[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.put @c[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %c1 = arith.constant 1 : index
      air.herd @reader tile (%tx) in (%n=%c1) {
        %b0 = memref.alloc() : memref<64xi32, 2 : i32>
        air.channel.get @a[] (%b0[] [] []) : (memref<64xi32, 2 : i32>)
        air.channel.get @b[] (%b0[] [] []) : (memref<64xi32, 2 : i32>)
        air.channel.get @c[] (%b0[] [] []) : (memref<64xi32, 2 : i32>)
      }
    }
  }
  return
}
