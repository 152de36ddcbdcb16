// A segment unrolled twice, each instance four columns wide and two rows
// high, each holding 256 bytes of L2: the two instances share the four
// columns of memory tiles (one above the other), since all their L2 fits one
// memory tile.
air.channel @a [1, 1]
air.channel @b [1, 1]
func.func @two_instances(%x: memref<64xi32>, %y: memref<64xi32>) {
  air.launch () in () args(%ax=%x, %ay=%y) : memref<64xi32>, memref<64xi32> {
    %c0 = arith.constant 0 : index
    air.channel.put @a[%c0, %c0] (%ax[] [] []) : (memref<64xi32>)
    air.channel.put @b[%c0, %c0] (%ay[] [] []) : (memref<64xi32>)
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    air.segment @pair unroll(%ux, %uy) in (%sx=%c2, %sy=%c1) attributes {x_size = 4 : i64, y_size = 2 : i64} {
      %c0_s = arith.constant 0 : index
      %buf = memref.alloc() : memref<64xi32, 1 : i32>
      %first = arith.cmpi eq, %ux, %c0_s : index
      scf.if %first {
        air.channel.get @a[%c0_s, %c0_s] (%buf[] [] []) : (memref<64xi32, 1 : i32>)
      } else {
        air.channel.get @b[%c0_s, %c0_s] (%buf[] [] []) : (memref<64xi32, 1 : i32>)
      }
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
      }
      memref.dealloc %buf : memref<64xi32, 1 : i32>
    }
  }
  return
}
