// A GPU program of our own for tests/lit/validate/gpu-copies.test: a
// segment copy spread over the block (a row of L3 into L2), a herd copy
// per tile (L2 into L1) and a herd copy back out (L1 into L3).
func.func @scale(%in: memref<2x256xf32>, %out: memref<2x256xf32>) {
  %c2 = arith.constant 2 : index
  air.launch (%b) in (%nb=%c2) args(%li=%in, %lo=%out) : memref<2x256xf32>, memref<2x256xf32> {
    air.segment @seg args(%sb=%b, %si=%li, %so=%lo) : index, memref<2x256xf32>, memref<2x256xf32> {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0_s = arith.constant 0 : index
      %row = memref.alloc() : memref<256xf32, 1>
      air.dma_memcpy_nd (%row[] [] [], %si[%sb, %c0_s] [%c1, %c256] [%c256, %c1]) {id = 1 : i32} : (memref<256xf32, 1>, memref<2x256xf32>)
      air.herd @h tile (%tx, %ty) in (%nx=%c4, %ny=%c1) args(%hr=%row, %ho=%so, %hb=%sb) : memref<256xf32, 1>, memref<2x256xf32>, index {
        %c1_h = arith.constant 1 : index
        %c64 = arith.constant 64 : index
        %off = arith.muli %tx, %c64 : index
        %buf = memref.alloc() : memref<64xf32, 2>
        air.dma_memcpy_nd (%buf[] [] [], %hr[%off] [%c64] [%c1_h]) {id = 2 : i32} : (memref<64xf32, 2>, memref<256xf32, 1>)
        air.dma_memcpy_nd (%ho[%hb, %off] [%c1_h, %c64] [%c64, %c1_h], %buf[] [] []) {id = 3 : i32} : (memref<2x256xf32>, memref<64xf32, 2>)
        memref.dealloc %buf : memref<64xf32, 2>
      }
      memref.dealloc %row : memref<256xf32, 1>
    }
  }
  return
}
