// What it shows: an air.segment is placed directly in a func.func body,
//   with no enclosing air.launch. Upstream's parser accepts this; lint
//   analyses the segment in a one-instance launch of its own and warns, an
//   error under --strict.
// Rule: seed 000 sections 2.1 and 2.2, "Nesting constraints": an
//   air.segment is nested inside an air.launch or another air.segment; the
//   launch is the outermost scope (hierarchy-nesting).
// Fix: wrap the segment in `air.launch () in () args(...)`.
// Moved from corpus/negative: a warning alone does not fail lint.
module {
  func.func @copy_through_l2(%src: memref<256xf32>, %dst: memref<256xf32>) {
    // expected-warning@+2 {{'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own}}
    // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
    air.segment @copy_seg args(%s=%src, %d=%dst) : memref<256xf32>, memref<256xf32> {
      %l2 = memref.alloc() : memref<256xf32, 1>
      air.dma_memcpy_nd (%l2[] [] [], %s[] [] []) : (memref<256xf32, 1>, memref<256xf32>)
      air.dma_memcpy_nd (%d[] [] [], %l2[] [] []) : (memref<256xf32>, memref<256xf32, 1>)
      memref.dealloc %l2 : memref<256xf32, 1>
      air.segment_terminator
    }
    return
  }
}
