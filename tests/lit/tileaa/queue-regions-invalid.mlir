// The verifier of nv_tileaa.queue.regions (air-check's op for seed 001's
// producer and consumer pipeline regions): each region ends in queue.yield
// and takes no arguments.
// RUN: air-opt --verify-diagnostics --split-input-file %s

func.func @no_yield(%x: f32) {
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  // expected-error@+1 {{'nv_tileaa.queue.regions' op each region ends with nv_tileaa.queue.yield (seed 001: queue.yield closes a queue region)}}
  "nv_tileaa.queue.regions"() ({
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    "nv_tileaa.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @with_args(%x: f32) {
  // expected-error@+1 {{'nv_tileaa.queue.regions' op regions take no arguments (they use values from above, the queues among them)}}
  "nv_tileaa.queue.regions"() ({
  ^bb0(%a: f32):
    nv_tileaa.queue.yield
  }) : () -> ()
  return
}

// -----

func.func @yields_values(%x: f32) {
  "nv_tileaa.queue.regions"() ({
    // expected-error@+1 {{'nv_tileaa.queue.yield' op operands must match the results of the region's op (0 value(s) of types )}}
    nv_tileaa.queue.yield %x : f32
  }) : () -> ()
  return
}
