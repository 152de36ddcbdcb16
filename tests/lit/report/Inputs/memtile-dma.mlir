// The segment receives into L2 from seven channels; npu1_1col's one memory
// tile has six S2MM channels.
air.channel @c0 [1, 1]
air.channel @c1 [1, 1]
air.channel @c2 [1, 1]
air.channel @c3 [1, 1]
air.channel @c4 [1, 1]
air.channel @c5 [1, 1]
air.channel @c6 [1, 1]
func.func @f(%src: memref<64xi32>) {
  air.launch () in () args(%a=%src) : memref<64xi32> {
    air.channel.put @c0[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c1[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c2[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c3[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c4[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c5[] (%a[] [] []) : (memref<64xi32>)
    air.channel.put @c6[] (%a[] [] []) : (memref<64xi32>)
    air.segment @gather {
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      air.channel.get @c0[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c1[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c2[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c3[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c4[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c5[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      air.channel.get @c6[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
    }
  }
  return
}
