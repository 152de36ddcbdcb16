air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%n=%c1) {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        air.channel.put @c[] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
      }
    }
  }
  return
}
