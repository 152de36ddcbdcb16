// What it shows: an air.herd sits directly in a func.func body, outside any
//   air.launch / air.segment. Upstream's parser accepts this and its
//   pipeline wraps the herd (air-insert-launch-around-herd,
//   insert-segment=true) in a one-instance launch and segment; lint
//   analyses it wrapped the same way and warns, an error under --strict.
// Rule: seed 000 section 2.2, "Nesting constraints": an air.herd is nested
//   inside an air.segment, and the segment inside an air.launch
//   (hierarchy-nesting).
// Fix: wrap the herd in air.segment inside an air.launch, passing %buf
//   through args(...) of each level.
// Moved from corpus/negative: a warning alone does not fail lint.
module {
  func.func @scale(%buf: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' and 'air.segment' of its own (air-insert-launch-around-herd, insert-segment=true)}}
    // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
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
