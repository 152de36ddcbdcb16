// What is wrong: @to_tile carries one transfer each way, but the segment puts
//   the whole 1024-element buffer while the tile gets only 512 elements into
//   its L1 buffer: half of the data is never received.
// Rule broken: seed 000 section 2.5, "Balance requirement" and section 2.4
//   (sizes are element counts): every put must be matched by a get on the
//   same index, and a matched pair must move the same data
//   (channel-volume-balance).
// Fix: put [512] elements per transfer, two transfers each way (scf.for on
//   both sides), or grow the tile buffer to memref<1024xf32, 2>.
module {
  // expected-error@+2 {{channel @to_tile moves 1024 elements in but 512 out at index [0, 0], over 1 transfer each way; the transfer sizes of its puts and gets differ}}
  // expected-note@+1 {{hint: give the put and the get the same [sizes]}}
  air.channel @to_tile [1, 1]
  func.func @load(%src: memref<1024xf32>) {
    air.launch () in () args(%ls=%src) : memref<1024xf32> {
      air.segment @load_seg args(%ss=%ls) : memref<1024xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c1024 = arith.constant 1024 : index
        // expected-note@+1 {{the buffer}}
        %l2 = memref.alloc() : memref<1024xf32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<1024xf32, 1>, memref<1024xf32>)
        // expected-error-re@+2 {{use after free: 'air.channel.put' at {{[0-9]+:[0-9]+}} (its only instance) may touch the buffer after 'memref.dealloc' at {{[0-9]+:[0-9]+}} (its only instance) frees it: nothing orders the use before the dealloc (no token, blocking op or dependence orders them)}}
        // expected-note@+1 {{put here}}
        %put = air.channel.put async @to_tile[] (%l2[%c0] [%c1024] [%c1]) : (memref<1024xf32, 1>)
        air.herd @sink tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<512xf32, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @to_tile[%tx, %ty] (%l1[] [] []) : (memref<512xf32, 2>)
          memref.dealloc %l1 : memref<512xf32, 2>
          air.herd_terminator
        }
        // expected-note@+2 {{here the buffer is freed}}
        // expected-note@+1 {{hint: make the dealloc wait for the use's token (or for a wait_all of every use)}}
        memref.dealloc %l2 : memref<1024xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
