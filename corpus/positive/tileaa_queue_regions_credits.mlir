// nv_tileaa, seed 001 ("queue.get, queue.put, and queue.yield form a
// dataflow shell that TileAS later collapses into producer and consumer
// pipeline regions"): a producer region and a consumer region
// (nv_tileaa.queue.regions, air-check's op for them, docs/tileaa.md) pass
// %n tiles through a queue of depth 2. The producer runs one tile ahead
// (a prologue put) and then waits for a credit per tile that the consumer
// returns through a queue of depth 1; the consumer takes the last tile
// after its loop. Balanced and deadlock-free for every %n: the wait-for
// graph of the queue operation instances has an affine schedule.
func.func @credits(%x: !nv_tileaa.tile<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>
  %back = nv_tileaa.create_queue {depth = 1} : !nv_tileaa.queue<i1>
  nv_tileaa.queue.regions {
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>, tile<64xf32>
    scf.for %i = %c0 to %n step %c1 {
      %credit = nv_tileaa.queue.get %back : !nv_tileaa.queue<i1> -> i1
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>, tile<64xf32>
    }
    nv_tileaa.queue.yield
  }, {
    %true = arith.constant true
    scf.for %i = %c0 to %n step %c1 {
      %t = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>> -> tile<64xf32>
      nv_tileaa.queue.put %back, %true : !nv_tileaa.queue<i1>, i1
    }
    %last = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>> -> tile<64xf32>
    nv_tileaa.queue.yield
  }
  return
}
