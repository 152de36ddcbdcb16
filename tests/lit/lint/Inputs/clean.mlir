air.channel @c []
func.func @f(%a: memref<64xi32>) {
  air.launch () in () args(%l3=%a) : memref<64xi32> {
    air.segment @s args(%b=%l3) : memref<64xi32> {
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      air.dma_memcpy_nd (%l2[] [] [], %b[] [] []) : (memref<64xi32, 1 : i32>, memref<64xi32>)
      %put = air.channel.put async @c[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%n=%c1) {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        air.channel.get @c[] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
      }
    }
  }
  return
}
