// What is wrong: the segment is written `air.segment @s sync` and also binds
//   a token result %t.
// Rule broken: seed 000 sections 2.1 and 2.2, "Synchrony": `sync` is an
//   explicit synonym for the no-result (blocking) form; an op that produces a
//   token is the asynchronous form. Both at once is contradictory (a parse
//   error).
// Fix: either drop `%t =` (and the wait on it), or drop `sync` and keep the
//   token to overlap later work.
module {
  func.func @copy(%src: memref<512xi32>, %dst: memref<512xi32>) {
    air.launch () in () args(%ls=%src, %ld=%dst) : memref<512xi32>, memref<512xi32> {
      // expected-error@+1 {{a 'sync' op blocks and produces no token, but a result is bound}}
      %t = air.segment @copy_seg sync args(%ss=%ls, %sd=%ld) : memref<512xi32>, memref<512xi32> {
        %l2 = memref.alloc() : memref<512xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<512xi32, 1>, memref<512xi32>)
        air.dma_memcpy_nd (%sd[] [] [], %l2[] [] []) : (memref<512xi32>, memref<512xi32, 1>)
        memref.dealloc %l2 : memref<512xi32, 1>
        air.segment_terminator
      }
      air.wait_all [%t]
      air.launch_terminator
    }
    return
  }
}
