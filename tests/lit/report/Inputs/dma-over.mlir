// A tile reading three channels at once (three S2MM channels; a compute tile
// has two), and a launch writing L3 through three flows (npu1_1col's one
// shim column has two S2MM channels).
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @f(%o0: memref<64xi32>, %o1: memref<64xi32>, %o2: memref<64xi32>) {
  air.launch () in () args(%x0=%o0, %x1=%o1, %x2=%o2) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
    air.segment @s args(%s0=%x0, %s1=%x1, %s2=%x2) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      %p0 = air.channel.put async @a[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %p1 = air.channel.put async @b[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %p2 = air.channel.put async @c[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %c1 = arith.constant 1 : index
      air.herd @reader tile (%tx) in (%n=%c1) {
        %b0 = memref.alloc() : memref<64xi32, 2 : i32>
        %b1 = memref.alloc() : memref<64xi32, 2 : i32>
        %b2 = memref.alloc() : memref<64xi32, 2 : i32>
        %g0 = air.channel.get async @a[] (%b0[] [] []) : (memref<64xi32, 2 : i32>)
        %g1 = air.channel.get async @b[] (%b1[] [] []) : (memref<64xi32, 2 : i32>)
        %g2 = air.channel.get async @c[] (%b2[] [] []) : (memref<64xi32, 2 : i32>)
        air.wait_all [%g0, %g1, %g2]
      }
      air.dma_memcpy_nd (%s0[] [] [], %l2[] [] []) : (memref<64xi32>, memref<64xi32, 1 : i32>)
      air.dma_memcpy_nd (%s1[] [] [], %l2[] [] []) : (memref<64xi32>, memref<64xi32, 1 : i32>)
      air.dma_memcpy_nd (%s2[] [] [], %l2[] [] []) : (memref<64xi32>, memref<64xi32, 1 : i32>)
    }
  }
  return
}
