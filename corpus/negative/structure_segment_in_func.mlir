// What is wrong: an air.segment is placed directly in a func.func body, with
//   no enclosing air.launch.
// Rule broken: seed 000 section 2.2, "Nesting constraints": air.segment must
//   be nested inside air.launch or another air.segment; the outermost segment
//   must be inside a launch (section 2.1: launch is the outermost scope).
// Fix: wrap the segment in `air.launch () in () args(...)`.
module {
  func.func @copy_through_l2(%src: memref<256xf32>, %dst: memref<256xf32>) {
    // expected-error@+1 {{'air.segment' op must be nested inside an 'air.launch' or another 'air.segment'}}
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
