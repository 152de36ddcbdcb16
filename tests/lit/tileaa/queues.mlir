// queue-balance and queue-deadlock on sequential bodies: puts and gets per
// queue over a run (isl counts), and the body's wait-for graph, cross-checked
// by a run in program order (the run's findings are the ones reported).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s
// RUN: air-check lint --show-proofs %air_src/corpus/positive/tileaa_queue_pipeline.mlir 2>&1 | FileCheck %s --check-prefix=PROVEN
// PROVEN: proven: queue balance: 1 queue(s), as many gets as puts [queue-balance]
// PROVEN: proven: deadlock freedom of the queues: 1 function body(ies), 1 with an acyclic wait-for graph over 1 process(es); the program-order run of 1 of them agrees (16 queue operation(s)) [queue-deadlock]

// Four puts in a loop, three gets: unbalanced; the run ends without
// blocking (the depth holds the extra value).
func.func @unbalanced(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error@+2 {{queue is unbalanced: 4 put(s) but 3 get(s) over a run; the extra puts fill it and the producer blocks}}
  // expected-note@+1 {{hint: match every queue.put with a queue.get (compare the trip counts of the loops around them)}}
  %q = nv_tileaa.create_queue {depth = 4} : !nv_tileaa.queue<f32>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-note@+1 {{put here, 4 times}}
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
  }
  // expected-note@+1 {{get here, 1 time}}
  %a = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-note@+1 {{get here, 2 times}}
    %b = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  }
  return
}

// Balanced, but the get comes first in this sequential body.
func.func @get_first(%x: f32) {
  // expected-note@+1 {{the queue, of depth 1}}
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  // expected-error@+2 {{queue deadlock: this queue.get blocks forever after 0 queue operation(s): its queue is empty and nothing else in this sequential body runs to put one}}
  // expected-note@+1 {{hint: put into the queue before this get}}
  %a = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
  return
}

// Two puts into a queue of depth 1.
func.func @over_depth(%x: f32) {
  // expected-note@+1 {{the queue, of depth 1}}
  %q = nv_tileaa.create_queue {depth = 1} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
  // expected-error@+2 {{queue deadlock: this queue.put blocks forever after 1 queue operation(s): its queue is full (1 of depth 1) and nothing else in this sequential body runs to take a value}}
  // expected-note@+1 {{hint: get from the queue before putting more, or raise its depth}}
  nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
  %a = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  %b = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  return
}

// A loop of symbolic trip count: both checks hold for every %n (the
// counts are equal as functions of %n; the wait-for graph has an affine
// schedule), where the run alone could not unroll the loop.
func.func @symbolic(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  scf.for %i = %c0 to %n step %c1 {
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    %a = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  }
  return
}
