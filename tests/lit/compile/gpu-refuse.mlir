// air-to-gpu refuses by name, at the op, what it cannot lower faithfully
// (rule compile-unsupported); air-check compile then exits 1 and writes
// nothing (gpu-refusals.test).
// RUN: air-opt --air-to-gpu --split-input-file --verify-diagnostics %s

// Tokens between launches would need stream events.
func.func @async_launch(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{[compile-unsupported] the asynchronous form of 'air.launch' outside a launch body: tokens between launches would need GPU stream events, which the GPU back end does not lower}}
  %t = air.launch async (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
    air.segment @s args(%sa=%la) : memref<64xf32> {
    }
  }
  // expected-error @+1 {{[compile-unsupported] the asynchronous form of 'air.wait_all' outside a launch body}}
  air.wait_all [%t]
  return
}

// -----

// Tokens inside a launch are dropped (program order), except where they
// flow through a reduction.
func.func @token_reduce(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
    air.segment @s args(%sa=%la) : memref<64xf32> {
      %c0 = arith.constant 0 : index
      %c1_s = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %b = memref.alloc() : memref<64xf32, 1>
      %t0 = air.wait_all async
      // expected-error @+1 {{[compile-unsupported] a token flows through 'scf.parallel', which the GPU back end does not lower}}
      %r = scf.parallel (%i) = (%c0) to (%c2) step (%c1_s) init (%t0) -> !air.token {
        %d = air.dma_memcpy_nd async (%b[] [] [], %sa[] [] []) : (memref<64xf32, 1>, memref<64xf32>)
        // expected-error @+1 {{[compile-unsupported] a token flows through 'scf.reduce', which the GPU back end does not lower}}
        scf.reduce(%d : !air.token) {
        ^bb0(%x0: !air.token, %x1: !air.token):
          %j = air.wait_all async [%x0, %x1]
          // expected-error @+1 {{[compile-unsupported] a token flows through 'scf.reduce.return'}}
          scf.reduce.return %j : !air.token
        }
      }
      memref.dealloc %b : memref<64xf32, 1>
    }
  }
  return
}

// -----

// Seed 000 4.2's device-scale mapping.
func.func @nested_segment() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    air.segment @outer {
      // expected-error @+1 {{[compile-unsupported] a nested air.segment (the device-scale mapping of seed 000 4.2) is not lowered to a GPU}}
      air.segment @inner {
      }
    }
  }
  return
}

// -----

func.func @segment_space() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    %c8 = arith.constant 8 : index
    // expected-error @+1 {{[compile-unsupported] an air.segment with an iteration space (its instances would be co-resident workgroups, which a gpu.launch grid does not guarantee)}}
    air.segment @s unroll(%i) in (%ni=%c8) {
    }
  }
  return
}

// -----

func.func @launch_write(%a: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<4xf32> {
    %c0 = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{[compile-unsupported] 'memref.store' writes memory in an air.launch body outside its segment}}
    memref.store %f, %la[%c0] : memref<4xf32>
    air.segment @s {
    }
  }
  return
}

// -----

func.func @two_segments() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{[compile-unsupported] an air.launch with 2 segments (its segments would share one workgroup; the GPU back end lowers one segment per launch)}}
  air.launch (%x) in (%nx=%c1) {
    air.segment @a {
    }
    air.segment @b {
    }
  }
  return
}

// -----

func.func @l1_in_segment() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    air.segment @s {
      // expected-error @+1 {{[compile-unsupported] an L1 allocation outside a herd body (L1 is a thread's private memory)}}
      %b = memref.alloc() : memref<4xf32, 2>
    }
  }
  return
}

// -----

func.func @view(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
    air.segment @s args(%sa=%la) : memref<64xf32> {
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%ntx=%c2, %nty=%c2) {
        %b = memref.alloc() : memref<64xf32, 2>
        // expected-error @+1 {{[compile-unsupported] 'memref.subview' makes a view of an L1 buffer; the GPU back end lowers direct accesses only}}
        %v = memref.subview %b[0] [8] [1] : memref<64xf32, 2> to memref<8xf32, strided<[1]>, 2>
      }
    }
  }
  return
}

// -----

// A smaller herd is guarded by its size; the other threads would never
// reach its barrier.
func.func @small_herd_barrier() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    air.segment @s {
      %c1_s = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      air.herd @big tile (%tx, %ty) in (%ntx=%c4, %nty=%c1_s) {
      }
      // expected-error @+1 {{[compile-unsupported] a herd of 2 x 1 tiles with a gpu.barrier, in a launch whose block is 4 x 1 (the other threads would not reach the barrier)}}
      air.herd @small tile (%tx, %ty) in (%ntx=%c2, %nty=%c1_s) {
        gpu.barrier
      }
    }
  }
  return
}

// -----

// Run in one thread, its result would be undefined in the others.
func.func @write_with_result() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      %b = memref.alloc() : memref<4xf32, 1>
      // expected-error @+1 {{[compile-unsupported] 'memref.atomic_rmw' writes memory in a segment body and has results (run by one thread, its results would be undefined in the others)}}
      %old = memref.atomic_rmw addf %f, %b[%c0] : (f32, memref<4xf32, 1>) -> f32
    }
  }
  return
}

// -----

func.func @count_mismatch(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
    air.segment @s args(%sa=%la) : memref<64xf32> {
      %c8 = arith.constant 8 : index
      %c1_s = arith.constant 1 : index
      %b = memref.alloc() : memref<16xf32, 1>
      // expected-error @+1 {{[compile-unsupported] a copy whose source has 8 elements and whose destination has 16}}
      air.dma_memcpy_nd (%b[] [] [], %sa[] [%c8] [%c1_s]) : (memref<16xf32, 1>, memref<64xf32>)
    }
  }
  return
}

// -----

func.func @dynamic_stride(%a: memref<64xf32>, %s: index) {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) args(%la=%a, %ls=%s) : memref<64xf32>, index {
    air.segment @s args(%sa=%la, %ss=%ls) : memref<64xf32>, index {
      %c8 = arith.constant 8 : index
      %b = memref.alloc() : memref<8xf32, 1>
      // expected-error @+1 {{[compile-unsupported] the source pattern of this copy has a size or stride that is not a non-negative constant}}
      air.dma_memcpy_nd (%b[] [] [], %sa[] [%c8] [%ss]) : (memref<8xf32, 1>, memref<64xf32>)
    }
  }
  return
}

// -----

// A view of an L2 buffer inside the herd it is passed to.
func.func @view_in_herd() {
  %c1 = arith.constant 1 : index
  air.launch (%x) in (%nx=%c1) {
    air.segment @s {
      %c2 = arith.constant 2 : index
      %b = memref.alloc() : memref<64xf32, 1>
      air.herd @h tile (%tx, %ty) in (%ntx=%c2, %nty=%c2) args(%hb=%b) : memref<64xf32, 1> {
        // expected-error @+1 {{[compile-unsupported] 'memref.subview' makes a view of an L2 buffer; the GPU back end lowers direct accesses only}}
        %v = memref.subview %hb[0] [8] [1] : memref<64xf32, 1> to memref<8xf32, strided<[1]>, 1>
      }
    }
  }
  return
}

// -----

// L1 allocated by the host and handed to a bare herd (upstream's
// air_herd_compute_memspace test): a thread's private memory cannot be
// allocated outside the kernel.
func.func @host_l1() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{[compile-unsupported] an L1 allocation in host code (outside an air.launch)}}
  %l1 = memref.alloc() : memref<32xi32, 2 : i32>
  %c2 = arith.constant 2 : index
  air.launch (%x) in (%nx=%c1) args(%b=%l1) : memref<32xi32, 2 : i32> {
    air.segment @s args(%sb=%b) : memref<32xi32, 2 : i32> {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%hb=%sb) : memref<32xi32, 2 : i32> {
        %c0 = arith.constant 0 : index
        %v = arith.constant 42 : i32
        memref.store %v, %hb[%c0] : memref<32xi32, 2 : i32>
      }
    }
  }
  memref.dealloc %l1 : memref<32xi32, 2 : i32>
  return
}
