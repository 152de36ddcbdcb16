// Deadlock-free producer/consumer pipelines for every size.

// A stream of %n values through a queue of depth 2.
func.func @stream(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    scf.for %i = %c0 to %n step %c1 {
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    }
    nv_tileaa.queue.yield
  }, {
    scf.for %i = %c0 to %n step %c1 {
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    }
    nv_tileaa.queue.yield
  }
  return
}

// Credits: the producer puts one value ahead (a prologue), then one per
// trip after the consumer hands a credit back through a queue of depth 1;
// the consumer takes the last value after its loop.
func.func @credits(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  %back = nv_tileaa.create_queue {depth = 1} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    scf.for %i = %c0 to %n step %c1 {
      %a = nv_tileaa.queue.get %back : !nv_tileaa.queue<f32> -> f32
      nv_tileaa.queue.put %q, %a : !nv_tileaa.queue<f32>, f32
    }
    nv_tileaa.queue.yield
  }, {
    scf.for %i = %c0 to %n step %c1 {
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
      nv_tileaa.queue.put %back, %v : !nv_tileaa.queue<f32>, f32
    }
    %w = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    nv_tileaa.queue.yield
  }
  return
}
