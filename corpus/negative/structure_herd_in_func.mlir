// What is wrong: an air.herd sits directly in a func.func body, outside any
//   air.launch / air.segment.
// Rule broken: seed 000 section 2.2, "Nesting constraints": air.herd must be
//   nested inside air.segment (and the segment inside an air.launch).
// Fix: wrap the herd in air.segment inside an air.launch, passing %buf
//   through args(...) of each level.
module {
  func.func @scale(%buf: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{'air.herd' op must be nested inside an 'air.segment'}}
    air.herd @scale_herd tile (%tx, %ty) in (%sx=%c4, %sy=%c1) args(%hb=%buf) : memref<1024xi32> {
      %c0 = arith.constant 0 : index
      %c1_h = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %off = arith.muli %tx, %c256 : index
      %l1 = memref.alloc() : memref<256xi32, 2>
      air.dma_memcpy_nd (%l1[] [] [], %hb[%off] [%c256] [%c1_h]) : (memref<256xi32, 2>, memref<1024xi32>)
      air.dma_memcpy_nd (%hb[%off] [%c256] [%c1_h], %l1[] [] []) : (memref<1024xi32>, memref<256xi32, 2>)
      memref.dealloc %l1 : memref<256xi32, 2>
      air.herd_terminator
    }
    return
  }
}
