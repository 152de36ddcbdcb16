// memory-race (issue 24): two effects no token path orders, touching one
// element, one writing: an error with the element (isl). Disjoint tiles,
// distinct alias_scope and token-ordered effects are fine; bases that
// provenance cannot separate are a warning (unknown).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --format=sarif %s | FileCheck %s --check-prefix=SARIF
// SARIF: "ruleId": "memory-race"

// One token forks into two stores of overlapping tiles.
func.func @fork(%p: !nv_tileaa.ptr<f16, 1>, %i: index, %n: index, %s: index,
                %v: !nv_tileaa.tile<64xf16>) {
  %m = nv_tileaa.make_memref %p, %n, %s : (!nv_tileaa.ptr<f16, 1>, index, index) -> !nv_tileaa.memref<?xf16, 1>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-note@+1 {{the tiled_store it races with}}
  %t1 = nv_tileaa.tiled_store %m[%i], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %c32 = arith.constant 32 : index
  %i32 = arith.addi %i, %c32 : index
  // expected-error-re@+2 {{memory race: this tiled_store and the tiled_store before it may touch the same element, both writing, and no token path orders them (element [{{[0-9]+}}] when %arg1 = 0)}}
  // expected-note@+1 {{hint: consume the token of the first effect (or a join_mem_token of it) in the second one}}
  %t2 = nv_tileaa.tiled_store %m[%i32], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}

// The same fork on neighbouring tiles, and (below) on memrefs of distinct
// alias_scope: no race.
func.func @fork_disjoint(%p: !nv_tileaa.ptr<f16, 1>, %i: index, %n: index, %s: index, %v: !nv_tileaa.tile<64xf16>) {
  %m = nv_tileaa.make_memref %p, %n, %s : (!nv_tileaa.ptr<f16, 1>, index, index) -> !nv_tileaa.memref<?xf16, 1>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t1 = nv_tileaa.tiled_store %m[%i], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %c64 = arith.constant 64 : index
  %i64 = arith.addi %i, %c64 : index
  %t2 = nv_tileaa.tiled_store %m[%i64], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}

func.func @alias_scopes(%p: !nv_tileaa.ptr<f16, 1>, %r: !nv_tileaa.ptr<f16, 1>,
                        %i: index, %n: index, %s: index, %v: !nv_tileaa.tile<64xf16>) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %ma = nv_tileaa.make_memref %p, %n, %s {alias_scope = 1} : (!nv_tileaa.ptr<f16, 1>, index, index) -> !nv_tileaa.memref<?xf16, 1>
  %mb = nv_tileaa.make_memref %r, %n, %s {alias_scope = 2} : (!nv_tileaa.ptr<f16, 1>, index, index) -> !nv_tileaa.memref<?xf16, 1>
  %t1 = nv_tileaa.tiled_store %ma[%i], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t2 = nv_tileaa.tiled_store %mb[%i], %v, %t0 : !nv_tileaa.memref<?xf16, 1>, tile<64xf16>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}

// Per-lane: a gather of lanes 0..63 past %p and a scatter of lanes 32..95,
// from one token.
func.func @lanes(%p: !nv_tileaa.ptr<f32, 1>) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %r0 = nv_tileaa.make_range {start = 0 : i64, end = 64 : i64} : tile<64xindex>
  %r1 = nv_tileaa.make_range {start = 32 : i64, end = 96 : i64} : tile<64xindex>
  %pa = nv_tileaa.addptr %p, %r0 : !nv_tileaa.ptr<f32, 1>, tile<64xindex> -> tile<64x!nv_tileaa.ptr<f32, 1>>
  %pb = nv_tileaa.addptr %p, %r1 : !nv_tileaa.ptr<f32, 1>, tile<64xindex> -> tile<64x!nv_tileaa.ptr<f32, 1>>
  // expected-note@+1 {{the gather_load it races with}}
  %v, %t1 = nv_tileaa.gather_load %pa[], %t0 : tile<64x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tile<64xf32>, !nv_tileaa.mem_token
  // expected-error-re@+2 {{memory race: this scatter_store and the gather_load before it may touch the same element, one of them writing, and no token path orders them (element {{[0-9]+}} past %arg0)}}
  // expected-note@+1 {{hint: consume the token of the first effect (or a join_mem_token of it) in the second one}}
  %t2 = nv_tileaa.scatter_store %pb[], %v, %t0 : tile<64x!nv_tileaa.ptr<f32, 1>>, tile<64xf32>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}

// Two arguments without alias_scope: they may alias, unknown.
func.func @may_alias(%p: !nv_tileaa.ptr<f32, 1>, %q: !nv_tileaa.ptr<f32, 1>, %x: f32) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-note@+1 {{the other store}}
  %t1 = nv_tileaa.store %p[], %x, %t0 : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  // expected-warning@+1 {{memory-race is unknown for this store and the store before it, which no token path orders: provenance cannot separate their bases %arg0 and %arg1}}
  %t2 = nv_tileaa.store %q[], %x, %t0 : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}

// A store in a loop on a fresh token each iteration: its instances are not
// ordered, and iterations are not modelled: unknown.
func.func @loop_uncarried(%p: !nv_tileaa.ptr<f32, 1>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    // expected-warning@+1 {{memory-race is unknown for this store: it sits in a loop whose iterations its token does not order, and air-check does not model the effects of different iterations for nv_tileaa}}
    %t1 = nv_tileaa.store %p[], %x, %t0 : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  }
  return
}

// A memref passed in: its layout is unknown, so is the race.
func.func @memref_argument(%m: !nv_tileaa.memref<?xf32, 1>, %i: index, %x: f32) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-note@+1 {{the other store}}
  %t1 = nv_tileaa.store %m[%i], %x, %t0 : !nv_tileaa.memref<?xf32, 1>, f32, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  // expected-warning@+1 {{memory-race is unknown for this store and the store before it, which no token path orders: the memref %arg0 is not built by a make_memref air-check can see, so its offset, sizes and strides are unknown}}
  %t2 = nv_tileaa.store %m[%i], %x, %t0 : !nv_tileaa.memref<?xf32, 1>, f32, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t3 = nv_tileaa.join_mem_token %t1, %t2 : !nv_tileaa.mem_token
  return
}
