// One put of a 1024-element buffer read by 4 gets of 256 elements.
air.channel @c []
func.func @f(%buf: memref<1024xi32>) {
  air.launch () in () args(%b=%buf) : memref<1024xi32> {
    air.segment @s args(%sb=%b) : memref<1024xi32> {
      %l2 = memref.alloc() : memref<1024xi32, 1 : i32>
      %put = air.channel.put async @c[] (%l2[] [] []) : (memref<1024xi32, 1 : i32>)
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%nx=%c1) {
        %c0 = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c256 = arith.constant 256 : index
        %l1 = memref.alloc() : memref<256xi32, 2 : i32>
        scf.for %t = %c0 to %c4 step %c1h {
          air.channel.get @c[] (%l1[%c0] [%c256] [%c1h]) : (memref<256xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
