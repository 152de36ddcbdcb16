// A herd of 2048 tiles: 2048 threads in a block, over the 1024 of mi300x.
// Lint refuses it (resource-fit) before any lowering.
module {
  func.func @f(%a: memref<2048xf32>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<2048xf32> {
      air.segment @s args(%sa=%la) : memref<2048xf32> {
        %c2048 = arith.constant 2048 : index
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%ntx=%c2048, %nty=%c1_s) args(%ha=%sa) : memref<2048xf32> {
          %c1_h = arith.constant 1 : index
          %v = memref.alloc() : memref<1xf32, 2>
          air.dma_memcpy_nd (%v[] [] [], %ha[%tx] [%c1_h] [%c1_h]) : (memref<1xf32, 2>, memref<2048xf32>)
          air.dma_memcpy_nd (%ha[%tx] [%c1_h] [%c1_h], %v[] [] []) : (memref<2048xf32>, memref<1xf32, 2>)
          memref.dealloc %v : memref<1xf32, 2>
        }
      }
    }
    return
  }
}
