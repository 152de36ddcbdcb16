// What is wrong: the second air.launch carries a concurrency list, asking
//   that its execution overlap with the first launch.
// Rule broken: seed 000 section 2.1, "Allowed token lists" and "Semantics":
//   air.launch must not carry a concurrency list (launch instances are
//   may-be-parallel; only dependency and affinity lists are allowed).
// Fix: drop the concurrency list from the launches; to force co-residency,
//   put both segments in one launch body and give the segments a shared
//   concurrency token (section 2.1, "Programs that require a guaranteed
//   minimum concurrency").
module {
  func.func @two_launches(%a: memref<256xi32>, %b: memref<256xi32>) {
    %tc = air.token.alloc : !air.token
    %t0 = air.launch async () in () args(%la=%a) : memref<256xi32> {
      air.segment @seg_a args(%sa=%la) : memref<256xi32> {
        %l2 = memref.alloc() : memref<256xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
        air.dma_memcpy_nd (%sa[] [] [], %l2[] [] []) : (memref<256xi32>, memref<256xi32, 1>)
        memref.dealloc %l2 : memref<256xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    // expected-error@+1 {{'air.launch' op must not carry a concurrency list: launch instances are may-be-parallel, so no overlap can be required of them (compute model 2.1)}}
    %t1 = air.launch async () in () args(%lb=%b) : memref<256xi32> [concurrency = [%tc]] {
      air.segment @seg_b args(%sb=%lb) : memref<256xi32> {
        %l2 = memref.alloc() : memref<256xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sb[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
        air.dma_memcpy_nd (%sb[] [] [], %l2[] [] []) : (memref<256xi32>, memref<256xi32, 1>)
        memref.dealloc %l2 : memref<256xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%t0, %t1]
    return
  }
}
