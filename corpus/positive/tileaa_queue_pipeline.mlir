// nv_tileaa (seed 001, "Plugins and Queues"): a producer/consumer shell in
// one body. Each of 8 steps loads a 64-lane tile of %src on the token chain,
// puts it into a queue of depth 2, gets it back, and stores it to the same
// lanes of %dst (alias_scope 1 and 2 separate the two buffers), the token
// threaded through every effect. Balanced (8 puts, 8 gets), no queue op
// blocks, no token dropped before a later effect, no race.
func.func @copy_through_queue(%src: !nv_tileaa.ptr<f32, 1>, %dst: !nv_tileaa.ptr<f32, 1>,
                              %n: index, %s: index) -> !nv_tileaa.mem_token {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %in = nv_tileaa.make_memref %src, %n, %s {alias_scope = 1}
    : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<?xf32, 1>
  %out = nv_tileaa.make_memref %dst, %n, %s {alias_scope = 2}
    : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<?xf32, 1>
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %tn = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %t0) -> (!nv_tileaa.mem_token) {
    %off = arith.muli %i, %c64 : index
    %v, %t1 = nv_tileaa.tiled_load %in[%off], %t
      : !nv_tileaa.memref<?xf32, 1>, index, !nv_tileaa.mem_token -> tile<64xf32>, !nv_tileaa.mem_token
    nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>>, tile<64xf32>
    %w = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<64xf32>> -> tile<64xf32>
    %t2 = nv_tileaa.tiled_store %out[%off], %w, %t1
      : !nv_tileaa.memref<?xf32, 1>, tile<64xf32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    scf.yield %t2 : !nv_tileaa.mem_token
  }
  return %tn : !nv_tileaa.mem_token
}
