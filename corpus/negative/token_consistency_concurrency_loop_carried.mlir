// What is wrong: %cc asks @first and @last to run at once, but @last waits
//   for the result of an scf.for whose carried token starts from @first's
//   token: every iteration waits for the one before, the first for @first,
//   and @last for the loop. Through the loop-carried chain @first
//   completes before @last starts.
// Rule broken: seed 000 section 1.5 (dependency is happens-before;
//   concurrency needs overlapping lifespans) and 2.4 (scf.for iter_args
//   carry the ordering from one iteration to the next).
// Fix: start the loop's carried token from a token that does not wait for
//   @first (e.g. `air.wait_all async`), or drop the concurrency list.
module {
  func.func @pipeline(%x: memref<1024xi32>, %y: memref<1024xi32>) {
    air.launch () in () args(%a=%x, %b=%y) : memref<1024xi32>, memref<1024xi32> {
      %cc = air.token.alloc : !air.token
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      // expected-error@+2 {{token constraints cannot all hold: the chain @first -> the 'scf.for' at 26:15 -> @last (the init of the scf.for's carried token; the scf.for's result, its carried token) orders @first before @last; concurrency %cc requires @first and @last to overlap}}
      // expected-note@+1 {{@first: ordered before the 'scf.for' at 26:15; concurrency %cc with @last, overlapping}}
      %first = air.segment @first async args(%sa=%a) : memref<1024xi32> [concurrency = [%cc]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
      // expected-note@+1 {{the 'scf.for' at 26:15: waits for @first; ordered before @last}}
      %done = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %first) -> (!air.token) {
        %step = air.wait_all async [%t]
        scf.yield %step : !air.token
      }
      // expected-note@+1 {{@last: waits for the 'scf.for' at 26:15; concurrency %cc with @first, overlapping}}
      %last = air.segment @last async args(%sb=%b) : memref<1024xi32> [dependency = [%done]] [concurrency = [%cc]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sb[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
      air.wait_all [%last]
    }
    return
  }
}
