// Input of broadcast-size1-index.mlir: the index each get writes in the
// size-1 dimension of broadcast_shape is not affine (x * x) or a launch id;
// neither matters, and the program is clean.
#row0 = affine_set<(d0, d1) : (d0 == 0)>
air.channel @a0 [1, 1] {broadcast_shape = [1, 2]}
air.channel @a1 [1, 1] {broadcast_shape = [1, 2]}
func.func @rows() {
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%nl=%c1) {
    air.segment @s args(%sl=%l) : index {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c2, %ny=%c2) args(%hl=%sl) : index {
        %l1 = memref.alloc() : memref<16xi32, 2>
        %xx = arith.muli %x, %x : index
        affine.if #row0(%x, %y) {
          air.channel.get @a0[%hl, %y] (%l1[] [] []) : (memref<16xi32, 2>)
        } else {
          air.channel.get @a1[%xx, %y] (%l1[] [] []) : (memref<16xi32, 2>)
        }
      }
      air.channel.put @a0[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.channel.put @a1[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}
