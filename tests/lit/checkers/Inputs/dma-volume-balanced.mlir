// Three dma_memcpy_nd that balance: a whole 8x8 buffer from an 8x8
// pattern, the same size values on both sides, and a 6x5 source padded
// to 8x8 (docs/semantics.md 4c) into a whole 8x8 buffer.
module {
  func.func @balanced(%a: memref<8x8xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%la=%a, %ln=%n) : memref<8x8xi32>, index {
      air.segment @seg args(%sa=%la, %sn=%ln) : memref<8x8xi32>, index {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c5 = arith.constant 5 : index
        %c6 = arith.constant 6 : index
        %c8 = arith.constant 8 : index
        %l2 = memref.alloc() : memref<8x8xi32, 1>
        %l2b = memref.alloc() : memref<8x8xi32, 1>
        %l2c = memref.alloc() : memref<8x8xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[%c0, %c0] [%c8, %c8] [%c8, %c1_s]) : (memref<8x8xi32, 1>, memref<8x8xi32>)
        air.dma_memcpy_nd (%l2b[%c0] [%c1_s] [%c1_s], %l2[%c0] [%c1_s] [%c1_s]) : (memref<8x8xi32, 1>, memref<8x8xi32, 1>)
        air.dma_memcpy_nd (%l2c[] [] [], %l2[%c1_s, %c1_s] [%c6, %c5] [%c8, %c1_s]) {pad_before = array<i32: 1, 2>, pad_after = array<i32: 1, 1>} : (memref<8x8xi32, 1>, memref<8x8xi32, 1>)
        memref.dealloc %l2 : memref<8x8xi32, 1>
        memref.dealloc %l2b : memref<8x8xi32, 1>
        memref.dealloc %l2c : memref<8x8xi32, 1>
      }
    }
    return
  }
}
