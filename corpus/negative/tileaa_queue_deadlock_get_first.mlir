// nv_tileaa, seed 001 ("queue.get, queue.put, and queue.yield form a
// dataflow shell"): in one sequential body, the get of each step comes
// before its put. Wrong: the first queue.get waits on an empty queue and
// nothing else runs to fill it. Fix: put before getting (as in
// corpus/positive/tileaa_queue_pipeline.mlir).
func.func @get_before_put(%x: !nv_tileaa.tile<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note@+1 {{the queue, of depth 2}}
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error@+2 {{queue deadlock: this queue.get blocks forever after 0 queue operation(s): its queue is empty and nothing else in this sequential body runs to put one}}
    // expected-note@+1 {{hint: put into the queue before this get}}
    %w = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>> -> tile<64xf32>
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>, tile<64xf32>
  }
  return
}
