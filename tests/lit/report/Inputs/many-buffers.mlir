// Nine L1 buffers each filled by its own dma: 18 locks (a tile has 16), and
// 17 transfers: 17 buffer descriptors (a tile has 16). The segment's L2 is
// 600 KiB, more than npu1_1col's one memory tile.
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %l2 = memref.alloc() : memref<153600xi32, 1 : i32>
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%n=%c1) args(%src=%l2) : memref<153600xi32, 1 : i32> {
        %b0 = memref.alloc() : memref<16xi32, 2 : i32>
        %b1 = memref.alloc() : memref<16xi32, 2 : i32>
        %b2 = memref.alloc() : memref<16xi32, 2 : i32>
        %b3 = memref.alloc() : memref<16xi32, 2 : i32>
        %b4 = memref.alloc() : memref<16xi32, 2 : i32>
        %b5 = memref.alloc() : memref<16xi32, 2 : i32>
        %b6 = memref.alloc() : memref<16xi32, 2 : i32>
        %b7 = memref.alloc() : memref<16xi32, 2 : i32>
        %b8 = memref.alloc() : memref<16xi32, 2 : i32>
        %c0 = arith.constant 0 : index
        %c16 = arith.constant 16 : index
        %u = arith.constant 1 : index
        air.dma_memcpy_nd (%b0[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b1[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b2[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b3[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b4[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b5[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b6[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b7[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%b8[] [] [], %src[%c0] [%c16] [%u]) : (memref<16xi32, 2 : i32>, memref<153600xi32, 1 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b0[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b1[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b2[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b3[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b4[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b5[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b6[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
        air.dma_memcpy_nd (%src[%c0] [%c16] [%u], %b7[] [] []) : (memref<153600xi32, 1 : i32>, memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
