// What is wrong: inside the air.herd body a scratch buffer is allocated in
//   memory space 1 (L2).
// Rule broken: seed 000 section 1.2 and 2.3: L1 (space 2) is the per-PE
//   scratchpad of a herd tile; L2 (space 1) is segment-scope memory, and
//   is allocated in the segment body (section 2.2, L2 allocations belong to
//   the segment).
// Fix: allocate the tile buffer as memref<256xf32, 2>, or allocate the L2
//   buffer in the segment and pass it to the herd through args(...).
module {
  func.func @scale(%buf: memref<1024xf32>) {
    air.launch () in () args(%lb=%buf) : memref<1024xf32> {
      air.segment @scale_seg args(%sb=%lb) : memref<1024xf32> {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        // expected-note@+1 {{enclosing 'air.herd' is here}}
        air.herd @scale_herd tile (%tx, %ty) in (%sx=%c4, %sy=%c1) args(%hb=%sb) : memref<1024xf32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %two = arith.constant 2.0 : f32
          %off = arith.muli %tx, %c256 : index
          // expected-error@+1 {{'memref.alloc' op inside 'air.herd' must allocate in L1 (memory space 2), but allocates in L2 (memory space 1)}}
          %buf1 = memref.alloc() : memref<256xf32, 1>
          air.dma_memcpy_nd (%buf1[] [] [], %hb[%off] [%c256] [%c1_h]) : (memref<256xf32, 1>, memref<1024xf32>)
          scf.for %i = %c0 to %c256 step %c1_h {
            // The core then touches that L2 buffer directly, which it cannot
            // either (reported at each access).
            // expected-error@+2 {{'memref.load' op reads L2 (memory space 1) directly inside 'air.herd', but a core reads and writes only L1 (memory space 2) directly (seed 000 1.2; upstream's herd verifier rejects it)}}
            // expected-note@+1 {{hint: bring the data into an L1 buffer with a channel or air.dma_memcpy_nd}}
            %v = memref.load %buf1[%i] : memref<256xf32, 1>
            %s = arith.mulf %v, %two : f32
            // expected-error@+2 {{'memref.store' op writes L2 (memory space 1) directly inside 'air.herd'}}
            // expected-note@+1 {{hint: bring the data into an L1 buffer}}
            memref.store %s, %buf1[%i] : memref<256xf32, 1>
          }
          air.dma_memcpy_nd (%hb[%off] [%c256] [%c1_h], %buf1[] [] []) : (memref<1024xf32>, memref<256xf32, 1>)
          memref.dealloc %buf1 : memref<256xf32, 1>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
