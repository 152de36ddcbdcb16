// nv_tileaa, seed 001 (producer and consumer pipeline regions around
// queue.put and queue.get; here nv_tileaa.queue.regions, air-check's op for
// them, docs/tileaa.md). Wrong: the producer puts all %n tiles into a
// queue of depth 2 before it signals `done`, and the consumer waits for
// `done` before it takes a tile. For %n <= 2 the tiles fit; from %n = 3 the
// third put waits for a get that waits for `done`, which waits for that
// put: a cycle of waits. Fix: signal before the loop, or get the tiles
// first (as in corpus/positive/tileaa_queue_regions_credits.mlir).
func.func @done_after_fill(%x: !nv_tileaa.tile<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>
  %done = nv_tileaa.create_queue : !nv_tileaa.queue<i1>
  nv_tileaa.queue.regions {
    %true = arith.constant true
    scf.for %i = %c0 to %n step %c1 {
      // expected-note@+1 {{this queue.put (iteration [2]) waits for the queue.get (iteration [0]) at 30:12: the queue is full until that get takes a value}}
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>, tile<64xf32>
    }
    // expected-note@+1 {{this queue.put waits for the queue.put (iteration [2]) at 18:7: that one comes first in program order}}
    nv_tileaa.queue.put %done, %true : !nv_tileaa.queue<i1>, i1
    nv_tileaa.queue.yield
  }, {
    // expected-note@+1 {{this queue.get waits for the queue.put at 21:5: it takes the value that put puts}}
    %go = nv_tileaa.queue.get %done : !nv_tileaa.queue<i1> -> i1
    scf.for %i = %c0 to %n step %c1 {
      // expected-error@+3 {{queue deadlock where %arg1 of @done_after_fill = 3: a cycle of 4 waits between queue operation instances, none of which can complete}}
      // expected-note@+2 {{this queue.get (iteration [0]) waits for the queue.get at 25:11: that one comes first in program order}}
      // expected-note@+1 {{hint: put before getting in each region, or raise the queue's depth}}
      %t = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>> -> tile<64xf32>
    }
    nv_tileaa.queue.yield
  }
  return
}
