// What it shows: the air.herd sits directly in the air.launch body; no
//   air.segment encloses it. Upstream's parser accepts this and its pipeline
//   (insert-segment=true) gives the herd a one-instance segment of its own;
//   lint analyses it wrapped the same way (the program is proven
//   deadlock-free) and warns, an error under --strict.
// Rule: seed 000 section 2.2, "Nesting constraints": an air.herd is nested
//   inside an air.segment (a herd's tiles and L2 belong to a segment)
//   (hierarchy-nesting).
// Fix: put the herd inside an air.segment in the launch body, threading %lb
//   through the segment's args(...).
// Moved from corpus/negative: a warning alone does not fail lint.
module {
  func.func @negate(%buf: memref<512xi32>) {
    // expected-note@+1 {{the nearest enclosing hierarchy op is this 'air.launch'}}
    air.launch () in () args(%lb=%buf) : memref<512xi32> {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.segment' of its own}}
      // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
      air.herd @neg_herd tile (%tx, %ty) in (%sx=%c2, %sy=%c1) args(%hb=%lb) : memref<512xi32> {
        %c0 = arith.constant 0 : index
        %c1_h = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %zero = arith.constant 0 : i32
        %off = arith.muli %tx, %c256 : index
        %l1 = memref.alloc() : memref<256xi32, 2>
        air.dma_memcpy_nd (%l1[] [] [], %hb[%off] [%c256] [%c1_h]) : (memref<256xi32, 2>, memref<512xi32>)
        scf.for %i = %c0 to %c256 step %c1_h {
          %v = memref.load %l1[%i] : memref<256xi32, 2>
          %n = arith.subi %zero, %v : i32
          memref.store %n, %l1[%i] : memref<256xi32, 2>
        }
        air.dma_memcpy_nd (%hb[%off] [%c256] [%c1_h], %l1[] [] []) : (memref<512xi32>, memref<256xi32, 2>)
        memref.dealloc %l1 : memref<256xi32, 2>
        air.herd_terminator
      }
      air.launch_terminator
    }
    return
  }
}
