// What is wrong: the segments @producer and @consumer stream through the
//   channel @xfer, so they list %cc in their concurrency lists (they must
//   run at once, on distinct tiles); they also list %aff in their affinity
//   lists, which binds them to one hardware partition, one after the other.
//   Both cannot hold.
// Rule broken: seed 000 section 1.5, "Token consumption -- the three
//   attribute lists": affinity makes resource and execution lifespans
//   disjoint, concurrency makes them overlap.
// Fix: drop the affinity list (the channel needs the two segments live at
//   once), or drop the concurrency list and the channel and pass the data
//   through L3 one segment after the other.
module {
  air.channel @xfer [] {channel_type = "dma_stream"}
  func.func @stream(%in: memref<1024xi32>, %out: memref<1024xi32>) {
    air.launch () in () args(%a=%in, %b=%out) : memref<1024xi32>, memref<1024xi32> {
      %aff = air.token.alloc : !air.token
      %cc = air.token.alloc : !air.token
      // expected-error@+2 {{token constraints cannot all hold: affinity %aff requires @producer and @consumer to run one after the other; concurrency %cc requires @producer and @consumer to overlap}}
      // expected-note@+1 {{@producer: affinity %aff with @consumer, one after the other; concurrency %cc with @consumer, overlapping}}
      %p = air.segment @producer async args(%pa=%a) : memref<1024xi32> [affinity = [%aff]] [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        air.herd @send tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ha=%pa) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %ha[] [] []) : (memref<1024xi32, 2>, memref<1024xi32>)
          air.channel.put @xfer[] (%l1[] [] []) : (memref<1024xi32, 2>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      // expected-note@+1 {{@consumer: affinity %aff with @producer, one after the other; concurrency %cc with @producer, overlapping}}
      %q = air.segment @consumer async args(%qb=%b) : memref<1024xi32> [affinity = [%aff]] [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        air.herd @receive tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%hb=%qb) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.channel.get @xfer[] (%l1[] [] []) : (memref<1024xi32, 2>)
          air.dma_memcpy_nd (%hb[] [] [], %l1[] [] []) : (memref<1024xi32>, memref<1024xi32, 2>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      air.wait_all [%p, %q]
    }
    return
  }
}
