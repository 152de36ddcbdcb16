// What is wrong: an air.segment is nested inside an air.herd body.
// Rule broken: seed 000 section 2.2, "Nesting constraints": air.herd
//   is the innermost hierarchy level and must not contain air.segment or
//   another air.herd (hierarchy-nesting: an error, not a warning, as no
//   wrapping gives such a program a meaning).
// Fix: hoist the inner segment out of the herd (make it a sibling segment
//   in the launch body, ordered with a dependency token if needed).
module {
  func.func @bad_nesting(%buf: memref<256xi32>) {
    air.launch () in () args(%lb=%buf) : memref<256xi32> {
      air.segment @outer_seg args(%sb=%lb) : memref<256xi32> {
        %c1 = arith.constant 1 : index
        // expected-note@+1 {{the enclosing 'air.herd'}}
        air.herd @h tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%hb=%sb) : memref<256xi32> {
          // expected-error@+1 {{'air.segment' is nested inside an 'air.herd', but a herd is the innermost level of the hierarchy (seed 000 2.3)}}
          air.segment @inner_seg args(%ib=%hb) : memref<256xi32> {
            %l2 = memref.alloc() : memref<256xi32, 1>
            air.dma_memcpy_nd (%l2[] [] [], %ib[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
            memref.dealloc %l2 : memref<256xi32, 1>
            air.segment_terminator
          }
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
