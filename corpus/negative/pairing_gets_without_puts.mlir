// What is wrong: the 2x1 herd gets its weights from @weights[%tx, %ty], but
//   no op anywhere puts on @weights (the segment loads the weights into L2
//   and never sends them). Every tile waits forever for data.
// Rule broken: seed 000 section 2.5, "Balance requirement" and "Deadlock
//   conditions": every get must be matched by a put on the same channel
//   index; a get waiting for a put that can never execute deadlocks
//   (channel-pairing).
// Fix: after loading %w2 in the segment, put one half per tile:
//   scf.parallel (%i) over [0, 2) doing air.channel.put @weights[%i, %c0]
//   (%w2[%off] [%c128] [%c1]).
module {
  // expected-error@+2 {{channel @weights has 1 get but no put: the gets wait forever for data}}
  // expected-note@+1 {{hint: add the matching air.channel.put in the producer, or remove the unmatched transfers}}
  air.channel @weights [2, 1]
  func.func @load_weights(%w: memref<256xbf16>) {
    air.launch () in () args(%lw=%w) : memref<256xbf16> {
      air.segment @w_seg args(%sw=%lw) : memref<256xbf16> {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %w2 = memref.alloc() : memref<256xbf16, 1>
        air.dma_memcpy_nd (%w2[] [] [], %sw[] [] []) : (memref<256xbf16, 1>, memref<256xbf16>)
        air.herd @compute tile (%tx, %ty) in (%sx=%c2, %sy=%c1) {
          %wl1 = memref.alloc() : memref<128xbf16, 2>
          // expected-note@+1 {{get here}}
          air.channel.get @weights[%tx, %ty] (%wl1[] [] []) : (memref<128xbf16, 2>)
          memref.dealloc %wl1 : memref<128xbf16, 2>
          air.herd_terminator
        }
        memref.dealloc %w2 : memref<256xbf16, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
