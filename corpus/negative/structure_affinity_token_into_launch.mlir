// What is wrong: the affinity token %aff is allocated outside the launch and
//   passed into the launch body through args(...), where the two segments
//   use it in their affinity lists.
// Rule broken: seed 000 section 1.5, "Scope rule": only tokens used in a
//   dependency list may be passed into the body of a launch; affinity and
//   concurrency tokens may not cross the launch boundary.
// Fix: allocate the affinity token inside the launch body
//   (`%aff = air.token.alloc : !air.token` before the segments) and drop it
//   from the launch's args(...).
module {
  func.func @two_stage(%buf: memref<1024xi32>) {
    %aff = air.token.alloc : !air.token
    // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
    air.launch () in () args(%data=%buf, %la=%aff) : memref<1024xi32>, !air.token {
      // expected-note@+1 {{used in the affinity list here}}
      %s1 = air.segment @stage_a async args(%d=%data) : memref<1024xi32> [affinity = [%la]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %d[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        air.dma_memcpy_nd (%d[] [] [], %l2[] [] []) : (memref<1024xi32>, memref<1024xi32, 1>)
        memref.dealloc %l2 : memref<1024xi32, 1>
        air.segment_terminator
      }
      // expected-note@+1 {{used in the affinity list here}}
      %s2 = air.segment @stage_b async args(%d=%data) : memref<1024xi32> [dependency = [%s1]] [affinity = [%la]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %d[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        air.dma_memcpy_nd (%d[] [] [], %l2[] [] []) : (memref<1024xi32>, memref<1024xi32, 1>)
        memref.dealloc %l2 : memref<1024xi32, 1>
        air.segment_terminator
      }
      air.wait_all [%s2]
      air.launch_terminator
    }
    return
  }
}
