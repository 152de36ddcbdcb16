// broadcast_pattern outside a herd, and with the wrong number of dims.
#set2 = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 + 1 >= 0, s0 >= 0, -s0 + 1 >= 0)>
#set1 = affine_set<(d0)[s0] : (d0 - s0 == 0, s0 >= 0, -s0 + 1 >= 0)>
func.func @f(%a: memref<16xi32>) {
  air.launch () in () args(%la=%a) : memref<16xi32> {
    air.segment @s args(%sa=%la) : memref<16xi32> {
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      // expected-error@+1 {{a broadcast_pattern needs an enclosing air.herd, whose tiles are its destinations}}
      air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) {broadcast_pattern = #set2} : (memref<16xi32, 1 : i32>, memref<16xi32>)
      %c2 = arith.constant 2 : index
      air.herd @h tile (%x, %y) in (%sx=%c2, %sy=%c2) args(%src=%l2) : memref<16xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-error@+1 {{broadcast_pattern has 1 destination dims but the herd has 2}}
        air.dma_memcpy_nd (%l1[] [] [], %src[] [] []) {broadcast_pattern = #set1} : (memref<16xi32, 2 : i32>, memref<16xi32, 1 : i32>)
      }
    }
  }
  return
}
