// What is wrong: the concurrency token %conc is allocated outside the launch,
//   passed into the launch body through args(...), then threaded through the
//   outer segment's args(...) to the two inner segments, which list it in
//   their concurrency lists.
// Rule broken: seed 000 section 1.5, "Scope rule" (and section 2.1): only
//   dependency tokens may be passed into the body of a launch; concurrency
//   tokens may not cross the launch boundary, however deep they are used.
// Fix: allocate the concurrency token inside the launch body (or inside the
//   outer segment) instead of passing it in.
module {
  func.func @co_resident(%a: memref<512xf32>, %b: memref<512xf32>) {
    %conc = air.token.alloc : !air.token
    // expected-error@+1 {{'air.launch' op passes a token into its body that is used in a concurrency list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
    air.launch () in () args(%la=%a, %lb=%b, %lc=%conc) : memref<512xf32>, memref<512xf32>, !air.token {
      air.segment @outer args(%oa=%la, %ob=%lb, %oc=%lc) : memref<512xf32>, memref<512xf32>, !air.token {
        // expected-note@+1 {{used in the concurrency list here}}
        %s1 = air.segment @inner_a async args(%ia=%oa) : memref<512xf32> [concurrency = [%oc]] {
          %l2 = memref.alloc() : memref<512xf32, 1>
          air.dma_memcpy_nd (%l2[] [] [], %ia[] [] []) : (memref<512xf32, 1>, memref<512xf32>)
          air.dma_memcpy_nd (%ia[] [] [], %l2[] [] []) : (memref<512xf32>, memref<512xf32, 1>)
          memref.dealloc %l2 : memref<512xf32, 1>
          air.segment_terminator
        }
        // expected-note@+1 {{used in the concurrency list here}}
        %s2 = air.segment @inner_b async args(%ib=%ob) : memref<512xf32> [concurrency = [%oc]] {
          %l2 = memref.alloc() : memref<512xf32, 1>
          air.dma_memcpy_nd (%l2[] [] [], %ib[] [] []) : (memref<512xf32, 1>, memref<512xf32>)
          air.dma_memcpy_nd (%ib[] [] [], %l2[] [] []) : (memref<512xf32>, memref<512xf32, 1>)
          memref.dealloc %l2 : memref<512xf32, 1>
          air.segment_terminator
        }
        air.wait_all [%s1, %s2]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
