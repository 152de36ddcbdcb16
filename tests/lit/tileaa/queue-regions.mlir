// Producer and consumer regions (nv_tileaa.queue.regions, one process per
// region, concurrent) and queue counts over symbolic trip counts: the
// wait-for graph of queue operation instances is proven acyclic for every
// size, or a cycle is reported with the sizes and instances that form it.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2> %t.err
// RUN: FileCheck %s --check-prefix=TEXT < %t.err
// RUN: air-check lint --show-proofs %S/Inputs/queue-regions-ok.mlir 2>&1 | FileCheck %s --check-prefix=PROVEN
// RUN: air-check lint %S/Inputs/queue-regions-ok.mlir

// PROVEN: proven: queue balance: 3 queue(s), as many gets as puts (3 of them for every value of the sizes) [queue-balance]
// PROVEN: proven: deadlock freedom of the queues: 2 function body(ies), 2 with an acyclic wait-for graph over 4 process(es) for every value of %arg1 of @stream, %arg1 of @credits [queue-deadlock]

// Each region waits for the other before it puts: a cycle at every size.
// TEXT: queue-regions.mlir:[[@LINE+8]]:10: error: queue deadlock: a cycle of 4 waits
func.func @crossed(%x: f32) {
  %a = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  %b = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    // expected-error@+3 {{queue deadlock: a cycle of 4 waits between queue operation instances, none of which can complete}}
    // expected-note@+2 {{this queue.get waits for the queue.put at 31:5: it takes the value that put puts}}
    // expected-note@+1 {{hint: put before getting in each region, or raise the queue's depth}}
    %v = nv_tileaa.queue.get %b : !nv_tileaa.queue<f32> -> f32
    // expected-note@+1 {{this queue.put waits for the queue.get at}}
    nv_tileaa.queue.put %a, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }, {
    // expected-note@+1 {{this queue.get waits for the queue.put at}}
    %w = nv_tileaa.queue.get %a : !nv_tileaa.queue<f32> -> f32
    // expected-note@+1 {{waits for the queue.get at}}
    nv_tileaa.queue.put %b, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }
  return
}

// The producer fills a queue of depth 2 before it signals `done`, and the
// consumer waits for `done` first: free for n <= 2, a cycle from n = 3.
func.func @fills_before_done(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  %done = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    scf.for %i = %c0 to %n step %c1 {
      // expected-note@+1 {{this queue.put (iteration [2]) waits for the queue.get (iteration [0]) at 59:12: the queue is full until that get takes a value}}
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    }
    // expected-note@+1 {{this queue.put waits for the queue.put (iteration [2]) at 47:7: that one comes first in program order}}
    nv_tileaa.queue.put %done, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }, {
    // expected-note@+1 {{this queue.get waits for the queue.put at 50:5: it takes the value that put puts}}
    %d = nv_tileaa.queue.get %done : !nv_tileaa.queue<f32> -> f32
    scf.for %i = %c0 to %n step %c1 {
      // expected-error@+3 {{queue deadlock where %arg1 of @fills_before_done = 3: a cycle of 4 waits between queue operation instances, none of which can complete}}
      // expected-note@+2 {{this queue.get (iteration [0]) waits for the queue.get at 54:10: that one comes first in program order}}
      // expected-note@+1 {{hint: put before getting in each region, or raise the queue's depth}}
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    }
    nv_tileaa.queue.yield
  }
  return
}

// Trip counts that differ as functions of the sizes: unbalanced where
// %m = 1, %n = 0, and the consumer's first get waits forever.
func.func @counts_differ(%x: f32, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+3 {{queue is unbalanced where %arg2 of @counts_differ = 1, %arg1 of @counts_differ = 0: 0 put(s) but 1 get(s) over a run; the extra gets wait forever for data}}
  // expected-note@+2 {{hint: match every queue.put}}
  // expected-note@+1 {{the queue; hint: give it as many gets as puts}}
  %q = nv_tileaa.create_queue {depth = 4} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    scf.for %i = %c0 to %n step %c1 {
      // expected-note@+1 {{put here, 0 times}}
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    }
    nv_tileaa.queue.yield
  }, {
    scf.for %i = %c0 to %m step %c1 {
      // expected-note@+2 {{get here, 1 time}}
      // expected-error@+1 {{queue deadlock where %arg2 of @counts_differ = 1, %arg1 of @counts_differ = 0: this queue.get (iteration [0]) blocks forever: it is get number 1, and the queue has fewer puts}}
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    }
    nv_tileaa.queue.yield
  }
  return
}

// A bound that is not affine: both checks unknown, with the reason.
func.func @product_bound(%x: f32, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nm = arith.muli %n, %m : index
  // expected-warning@+1 {{queue-balance is unknown for this queue: the product at 96:9 of two non-constant values is not affine}}
  %q = nv_tileaa.create_queue {depth = 4} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    scf.for %i = %c0 to %nm step %c1 {
      // expected-note@+2 {{the use it cannot count}}
      // expected-warning@+1 {{queue-deadlock is unknown for this function: the product at 96:9 of two non-constant values is not affine}}
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    }
    nv_tileaa.queue.yield
  }, {
    scf.for %i = %c0 to %nm step %c1 {
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    }
    nv_tileaa.queue.yield
  }
  return
}

// Two symbolic loops around each side: the counts agree (n * m both), but
// a rank i * m + j is not affine, so the deadlock proof does not apply.
func.func @nested_symbolic(%x: f32, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = nv_tileaa.create_queue {depth = 4} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    // expected-warning@+1 {{queue-deadlock is unknown for this function: the number of this queue side's operations in one trip of the scf.for around it depends on a size, so its rank in the queue is not affine}}
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
      }
    }
    nv_tileaa.queue.yield
  }, {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
      }
    }
    nv_tileaa.queue.yield
  }
  return
}

// Two regions put into one queue: which put meets which get depends on
// the schedule.
func.func @two_producers(%x: f32) {
  // expected-warning@+1 {{queue-deadlock is unknown for this function: the puts of this queue come from two concurrent regions, so the order they meet it in is not fixed}}
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }, {
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }, {
    %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    %w = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    nv_tileaa.queue.yield
  }
  return
}

// The same cycle as @fills_before_done with 100000 tiles: too many instances
// to list, so the witness is the instance isl's exact transitive closure
// finds waiting for itself.
func.func @fills_before_done_large(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<f32>
  %done = nv_tileaa.create_queue : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {
    scf.for %i = %c0 to %n step %c1 {
      nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    }
    nv_tileaa.queue.put %done, %x : !nv_tileaa.queue<f32>, f32
    nv_tileaa.queue.yield
  }, {
    %d = nv_tileaa.queue.get %done : !nv_tileaa.queue<f32> -> f32
    scf.for %i = %c0 to %n step %c1 {
      // expected-error@+3 {{queue deadlock: a cycle of waits between queue operation instances, none of which can complete}}
      // expected-note-re@+2 {{this queue.get (iteration [{{[0-9]+}}]): it waits for itself through a cycle of waits (isl's exact transitive closure; too many instances to list the cycle)}}
      // expected-note@+1 {{hint: put before getting in each region, or raise the queue's depth}}
      %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
    }
    nv_tileaa.queue.yield
  }
  return
}

// A queue created inside a loop is a new queue on every trip: outside the
// proof's model (and the loop's bound is symbolic, so the run cannot go).
func.func @fresh_queue_per_trip(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning@+1 {{queue-deadlock is unknown for this function: an scf.for of bounds or step that are not constants holds queue operations; and the proof over the wait-for graph does not apply: the queue is created inside 'scf.for', a new queue each time: the model takes queues created once per run}}
  scf.for %i = %c0 to %n step %c1 {
    %q = nv_tileaa.create_queue {depth = 1} : !nv_tileaa.queue<f32>
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  }
  return
}

// The verifier of nv_tileaa.queue.regions is in queue-regions-invalid.mlir.
