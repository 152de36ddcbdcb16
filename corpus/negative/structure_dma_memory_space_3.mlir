// What is wrong: the destination of the dma in the segment is a memref in
//   memory space 3, which is not an AIR memory level.
// Rule broken: seed 000 section 1.2: the AIR memory spaces are 0 (L3),
//   1 (L2) and 2 (L1); section 2.4 infers the direction of a dma from those
//   spaces. (Space 3 is the GPU's LDS numbering, not AIR's: section 4.3 maps
//   AIR L2 to GPU space 3.)
// Fix: declare the shared buffer in AIR's L2, memref<256xf32, 1>; the GPU
//   lowering maps it to address space 3.
module {
  func.func @to_shared(%src: memref<256xf32>, %shared: memref<256xf32, 3>) {
    air.launch () in () args(%ls=%src, %lsh=%shared) : memref<256xf32>, memref<256xf32, 3> {
      air.segment @gpu_seg args(%ss=%ls, %ssh=%lsh) : memref<256xf32>, memref<256xf32, 3> {
        // expected-error@+1 {{'air.dma_memcpy_nd' op destination memref has memory space 3; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
        air.dma_memcpy_nd (%ssh[] [] [], %ss[] [] []) : (memref<256xf32, 3>, memref<256xf32>)
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
