// What is wrong: %cc asks @left and @right to run at once, but @right waits
//   for %joined, an air.wait_all that waits for @left: through that chain
//   of dependency tokens @left completes before @right starts.
// Rule broken: seed 000 section 1.5: a dependency makes execution lifespans
//   disjoint (the consumer does not begin until the token is signalled),
//   a concurrency token makes them overlap; happens-before is transitive.
// Fix: drop %left from the wait_all that @right depends on (let the two
//   segments run side by side), or drop the concurrency list.
module {
  func.func @two_halves(%x: memref<1024xi32>, %y: memref<1024xi32>) {
    air.launch () in () args(%a=%x, %b=%y) : memref<1024xi32>, memref<1024xi32> {
      %cc = air.token.alloc : !air.token
      %start = air.wait_all async
      // expected-error@+2 {{token constraints cannot all hold: the chain @left -> the 'air.wait_all' at 24:17 -> @right (a dependency token) orders @left before @right; concurrency %cc requires @left and @right to overlap}}
      // expected-note@+1 {{@left: ordered before the 'air.wait_all' at 24:17; concurrency %cc with @right, overlapping}}
      %left = air.segment @left async args(%sa=%a) : memref<1024xi32> [dependency = [%start]] [concurrency = [%cc]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        air.dma_memcpy_nd (%sa[] [] [], %l2[] [] []) : (memref<1024xi32>, memref<1024xi32, 1>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
      // The chain: @right waits for %joined, which waits for @left.
      // expected-note@+1 {{the 'air.wait_all' at 24:17: waits for @left; ordered before @right}}
      %joined = air.wait_all async [%start, %left]
      // expected-note@+1 {{@right: waits for the 'air.wait_all' at 24:17; concurrency %cc with @left, overlapping}}
      %right = air.segment @right async args(%sb=%b) : memref<1024xi32> [dependency = [%joined]] [concurrency = [%cc]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sb[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        air.dma_memcpy_nd (%sb[] [] [], %l2[] [] []) : (memref<1024xi32>, memref<1024xi32, 1>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
      air.wait_all [%right]
    }
    return
  }
}
