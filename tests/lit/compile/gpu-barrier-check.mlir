// The after-check on outlined kernels (air-gpu-barrier-check): an access to
// workgroup memory and another thread's write of the same element must
// have a gpu.barrier between them. isl decides it for every thread and loop
// iteration; a failure names both accesses and a witness.
// RUN: air-opt --air-gpu-barrier-check --split-input-file --verify-diagnostics %s

gpu.module @k {
  // Each thread writes its slot and reads its neighbour's, with no barrier.
  gpu.func @neighbour(%out: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{barrier check: data race on workgroup memory: this write and a read of the same element by another thread have no gpu.barrier between them, e.g. thread (0, 0, 0) and thread (63, 0, 0)}}
    memref.store %f, %wg[%t] : memref<64xf32, 3>
    %n = arith.addi %t, %c1 : index
    %m = arith.remui %n, %c64 : index
    // expected-note @+1 {{the other read is here}}
    %v = memref.load %wg[%m] : memref<64xf32, 3>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @k {
  // The same with a barrier: no race.
  gpu.func @neighbour(%out: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %wg[%t] : memref<64xf32, 3>
    gpu.barrier
    %n = arith.addi %t, %c1 : index
    %m = arith.remui %n, %c64 : index
    %v = memref.load %wg[%m] : memref<64xf32, 3>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @k {
  // In a loop, the read of iteration k and the write of iteration k + 1
  // by another thread have no barrier between them (write after read).
  gpu.func @loop(%out: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %f = arith.constant 1.0 : f32
    scf.for %k = %c0 to %c4 step %c1 {
      // expected-error @+1 {{barrier check: data race on workgroup memory: this write and a read of the same element by another thread have no gpu.barrier between them, e.g. thread}}
      memref.store %f, %wg[%t] : memref<64xf32, 3>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %m = arith.remui %n, %c64 : index
      // expected-note @+1 {{the other read is here}}
      %v = memref.load %wg[%m] : memref<64xf32, 3>
      memref.store %v, %out[%t] : memref<64xf32>
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  // A second barrier at the end of the loop body closes it.
  gpu.func @loop(%out: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %f = arith.constant 1.0 : f32
    scf.for %k = %c0 to %c4 step %c1 {
      memref.store %f, %wg[%t] : memref<64xf32, 3>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %m = arith.remui %n, %c64 : index
      %v = memref.load %wg[%m] : memref<64xf32, 3>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  // Thread 0 writes, then everyone reads: needs the barrier.
  gpu.func @broadcast(%out: memref<64xf32>) workgroup(%wg : memref<1xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error @+1 {{barrier check: data race on workgroup memory: this write and a read of the same element by another thread have no gpu.barrier between them, e.g. thread (0, 0, 0) and thread (63, 0, 0)}}
      memref.store %f, %wg[%c0] : memref<1xf32, 3>
    }
    // expected-note @+1 {{the other read is here}}
    %v = memref.load %wg[%c0] : memref<1xf32, 3>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @broadcast(%out: memref<64xf32>) workgroup(%wg : memref<1xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      memref.store %f, %wg[%c0] : memref<1xf32, 3>
    }
    gpu.barrier
    %v = memref.load %wg[%c0] : memref<1xf32, 3>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @k {
  // Not every thread reaches this barrier.
  gpu.func @divergent() workgroup(%wg : memref<1xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error @+1 {{barrier check: a gpu.barrier under control flow that depends on the thread (not every thread reaches it)}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  // An index loaded from memory: any element, so no proof.
  gpu.func @indirect(%idx: memref<64xindex>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %f = arith.constant 1.0 : f32
    %i = memref.load %idx[%t] : memref<64xindex>
    // expected-error @+1 {{barrier check: cannot prove that this write of workgroup memory and a write by another thread are separated by a gpu.barrier (an index is not affine)}}
    memref.store %f, %wg[%i] : memref<64xf32, 3>
    // expected-note @-1 {{the other write is here}}
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @view() workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{barrier check: workgroup memory that is not a workgroup attribution of the kernel is not modelled}}
    %v = memref.subview %wg[0] [8] [1] : memref<64xf32, 3> to memref<8xf32, strided<[1]>, 3>
    gpu.return
  }
}

// -----

gpu.module @k {
  // Two threads of a 2-D block write distinct elements: no race.
  gpu.func @tile() workgroup(%wg : memref<8x8xf32, 3>) kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %x = gpu.thread_id x
    %y = gpu.thread_id y
    %f = arith.constant 1.0 : f32
    memref.store %f, %wg[%y, %x] : memref<8x8xf32, 3>
    gpu.return
  }
}

// -----

#set = affine_set<(d0) : (d0 == 0)>
gpu.module @k {
  // affine.for and affine.if: thread 0 writes slot k, every other thread its
  // own slot; slot k of thread k collides (the else branch is t != 0).
  gpu.func @affine_guard(%out: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %f = arith.constant 1.0 : f32
    affine.for %k = 0 to 4 {
      affine.if #set(%t) {
        // expected-error @+1 {{barrier check: data race on workgroup memory: this write and a write of the same element by another thread have no gpu.barrier between them, e.g. thread (0, 0, 0) at loop iteration [3] and thread (3, 0, 0) at loop iteration [3]}}
        memref.store %f, %wg[%k] : memref<64xf32, 3>
      } else {
        // expected-note @+1 {{the other write is here}}
        memref.store %f, %wg[%t] : memref<64xf32, 3>
      }
      gpu.barrier
      %v = memref.load %wg[%k] : memref<64xf32, 3>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

#set = affine_set<(d0) : (d0 == 0)>
gpu.module @k {
  // Slots 4 and up for the other threads: no collision.
  gpu.func @affine_guard(%out: memref<64xf32>) workgroup(%wg : memref<128xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %f = arith.constant 1.0 : f32
    affine.for %k = 0 to 4 {
      affine.if #set(%t) {
        memref.store %f, %wg[%k] : memref<128xf32, 3>
      } else {
        %s = arith.addi %t, %c64 : index
        memref.store %f, %wg[%s] : memref<128xf32, 3>
      }
      gpu.barrier
      %v = memref.load %wg[%k] : memref<128xf32, 3>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  // Unstructured control flow: not modelled, so not passed.
  // expected-error @+1 {{barrier check: a kernel of more than one block (unstructured control flow) is not modelled}}
  gpu.func @branches() workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %f = arith.constant 1.0 : f32
    cf.br ^next
  ^next:
    memref.store %f, %wg[%t] : memref<64xf32, 3>
    gpu.return
  }
}

// -----

gpu.module @k {
  memref.global "private" @lds : memref<64xf32, 3>
  gpu.func @global_lds() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{barrier check: workgroup memory that is not a workgroup attribution of the kernel is not modelled}}
    %g = memref.get_global @lds : memref<64xf32, 3>
    %f = arith.constant 1.0 : f32
    %c0 = arith.constant 0 : index
    memref.store %f, %g[%c0] : memref<64xf32, 3>
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @copy_op(%g: memref<64xf32>) workgroup(%wg : memref<64xf32, 3>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{barrier check: 'memref.copy' uses workgroup memory in a way the check does not model}}
    memref.copy %g, %wg : memref<64xf32> to memref<64xf32, 3>
    gpu.return
  }
}

// -----

gpu.module @k {
  // No workgroup memory: the barriers' uniformity is still checked.
  gpu.func @divergent_no_lds() kernel {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      // expected-error @+1 {{barrier check: a gpu.barrier under control flow that depends on the thread (not every thread reaches it)}}
      gpu.barrier
    }
    gpu.return
  }
}
