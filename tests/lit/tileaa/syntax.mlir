// The rest of the modelled surface round-trips: per-lane and atomic ops,
// masks, orderings, queues, the nv_tileaa function shell, shape ops.
// RUN: air-opt %s > %t.1.mlir && air-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir

// CHECK-LABEL: nv_tileaa.func @lanes(%{{.*}}: !nv_tileaa.ptr<f32, 1>, %{{.*}}: !nv_tileaa.tile<64xi1>) -> !nv_tileaa.mem_token
nv_tileaa.func @lanes(%p: !nv_tileaa.ptr<f32, 1>, %mask: !nv_tileaa.tile<64xi1>) -> !nv_tileaa.mem_token {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %r = nv_tileaa.make_range {start = 0 : i64, end = 64 : i64} : tile<64xindex>
  // CHECK: nv_tileaa.addptr %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32, 1>, tile<64xindex> -> tile<64x!nv_tileaa.ptr<f32, 1>>
  %pp = nv_tileaa.addptr %p, %r : !nv_tileaa.ptr<f32, 1>, tile<64xindex> -> tile<64x!nv_tileaa.ptr<f32, 1>>
  %zero = arith.constant 0.0 : f32
  %z = nv_tileaa.splat %zero : f32 -> tile<64xf32>
  // CHECK: nv_tileaa.gather_load %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}} {mem_scope = "gpu", mem_semantic = "acquire", operandSegmentSizes = array<i32: 1, 0, 1, 1>}
  %v, %t1 = nv_tileaa.gather_load %pp[], %mask, %z, %t0 {mem_semantic = "acquire", mem_scope = "gpu"}
    : tile<64x!nv_tileaa.ptr<f32, 1>>, tile<64xi1>, tile<64xf32>, !nv_tileaa.mem_token
    -> tile<64xf32>, !nv_tileaa.mem_token
  // CHECK: nv_tileaa.scatter_store %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 0, 1>}
  %t2 = nv_tileaa.scatter_store %pp[], %v, %mask, %t1
    : tile<64x!nv_tileaa.ptr<f32, 1>>, tile<64xf32>, tile<64xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %one = arith.constant 1.0 : f32
  // CHECK: nv_tileaa.atomic_rmw %{{.*}}[], %{{.*}}, %{{.*}} {mem_scope = "sys", mem_semantic = "acq_rel", operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = "addf"}
  %old, %t3 = nv_tileaa.atomic_rmw %p[], %one, %t2 {rmw_mode = "addf", mem_semantic = "acq_rel", mem_scope = "sys"}
    : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  // CHECK: nv_tileaa.atomic_cas %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 2, 0, 0>}
  %prev, %t4 = nv_tileaa.atomic_cas %p[], %old, %one, %t3
    : !nv_tileaa.ptr<f32, 1>, f32, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %t5 = nv_tileaa.join_mem_token %t4, %t3 : !nv_tileaa.mem_token
  // CHECK: nv_tileaa.return %{{.*}} : !nv_tileaa.mem_token
  nv_tileaa.return %t5 : !nv_tileaa.mem_token
}

// CHECK-LABEL: func.func @grid_and_queues
func.func @grid_and_queues(%x: !nv_tileaa.tile<1x64xf32>) {
  // CHECK: nv_tileaa.get_program_id 0 : i32
  %pid = nv_tileaa.get_program_id 0 : i32
  // CHECK: nv_tileaa.get_num_programs 1 : index
  %n = nv_tileaa.get_num_programs 1 : index
  // CHECK: nv_tileaa.create_queue {depth = 2 : i64} : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>>
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>>
  %b = nv_tileaa.broadcast %x : tile<1x64xf32> -> tile<4x64xf32>
  // CHECK: nv_tileaa.queue.put %{{.*}}, %{{.*}} : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>>, tile<4x64xf32>
  nv_tileaa.queue.put %q, %b : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>>, tile<4x64xf32>
  // CHECK: nv_tileaa.queue.get %{{.*}} : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>> -> tile<4x64xf32>
  %g = nv_tileaa.queue.get %q : !nv_tileaa.queue<!nv_tileaa.tile<4x64xf32>> -> tile<4x64xf32>
  // CHECK: nv_tileaa.view %{{.*}} : tile<4x64xf32> -> tile<256xf32>
  %v = nv_tileaa.view %g : tile<4x64xf32> -> tile<256xf32>
  return
}
