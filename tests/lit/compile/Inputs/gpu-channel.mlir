// A balanced channel between a segment and its herd: lint-clean, but
// channels have no GPU mapping (seed 000 section 5).
module {
  air.channel @c [1, 1]
  func.func @f(%a: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xi32> {
      air.segment @s args(%sa=%la) : memref<64xi32> {
        %c1_s = arith.constant 1 : index
        air.channel.put @c[] (%sa[] [] []) : (memref<64xi32>)
        air.herd @h tile (%tx, %ty) in (%ntx=%c1_s, %nty=%c1_s) {
          %buf = memref.alloc() : memref<64xi32, 2>
          air.channel.get @c[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2>)
          memref.dealloc %buf : memref<64xi32, 2>
        }
      }
    }
    return
  }
}
