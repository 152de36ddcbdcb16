// What is wrong: an air.launch is nested inside an air.segment body.
// Rule broken: seed 000 section 2.1, "Nesting constraint": air.segment ops may
//   appear inside air.launch, but not the reverse; launch is the outermost
//   level of the hierarchy (hierarchy-nesting: an error, not a warning, as
//   no wrapping gives a nested launch a meaning).
// Fix: move the inner launch out to the func.func body (a second top-level
//   launch, ordered after the first with a dependency token if needed).
module {
  func.func @relaunch(%buf: memref<256xi32>) {
    air.launch () in () args(%lb=%buf) : memref<256xi32> {
      // expected-note@+1 {{the enclosing 'air.segment'}}
      air.segment @seg args(%sb=%lb) : memref<256xi32> {
        // expected-error@+1 {{'air.launch' is the outermost level of the hierarchy but is nested inside 'air.segment' (seed 000 2.1)}}
        air.launch () in () args(%ib=%sb) : memref<256xi32> {
          air.segment @inner_seg args(%isb=%ib) : memref<256xi32> {
            %l2 = memref.alloc() : memref<256xi32, 1>
            air.dma_memcpy_nd (%l2[] [] [], %isb[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
            memref.dealloc %l2 : memref<256xi32, 1>
            air.segment_terminator
          }
          air.launch_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
