// token-protocol (seed 001): every memory effect consumes a token and
// produces one; a dropped token with a later effect on the same elements is
// an error; one on other elements is fine; where provenance cannot decide,
// a warning says unknown and why.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2> %t.err; FileCheck %s --check-prefix=TEXT < %t.err
// RUN: not air-check lint --format=json %s | FileCheck %s --check-prefix=JSON
// TEXT: error: the token this tiled_store returns is dropped
// TEXT: note: a later tiled_load on the same memory
// TEXT: air-check: 1 file, 2 errors, 1 warning
// JSON: "rule": "token-protocol"
// JSON: "severity": "error"

// A store without a token.
func.func @no_token(%p: !nv_tileaa.ptr<f32, 1>, %x: f32) {
  // expected-error@+2 {{this store takes no part in the token protocol: it consumes no !nv_tileaa.mem_token and produces none, so nothing orders it against the other memory effects}}
  // expected-note@+1 {{hint: pass the previous effect's token (or a create_mem_token) as its last operand and thread the token it returns into the next effect}}
  nv_tileaa.store %p[], %x : !nv_tileaa.ptr<f32, 1>, f32
  return
}

// The store's token is dropped, and the load after it reads the tile it
// wrote (from a fresh token): nothing orders the load after the store.
func.func @dropped(%p: !nv_tileaa.ptr<f32, 1>, %i: index, %j: index,
                   %n: index, %s: index, %v: !nv_tileaa.tile<16x16xf32>) {
  %m = nv_tileaa.make_memref %p, %n, %n, %s, %s
    : (!nv_tileaa.ptr<f32, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-error@+2 {{the token this tiled_store returns is dropped, but 1 later memory effect(s) may touch the same memory, one of the two writing: nothing orders them after this store}}
  // expected-note@+1 {{hint: thread this token into the later effect's token operand, or join it with join_mem_token}}
  %t1 = nv_tileaa.tiled_store %m[%i, %j], %v, %t0
    : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %c8 = arith.constant 8 : index
  %j8 = arith.addi %j, %c8 : index
  %u0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-note-re@+1 {{a later tiled_load on the same memory, not ordered after it (element [{{-?[0-9]+}}, {{-?[0-9]+}}] when %arg1 = {{-?[0-9]+}}, %arg2 = {{-?[0-9]+}})}}
  %w, %u1 = nv_tileaa.tiled_load %m[%i, %j8], %u0
    : !nv_tileaa.memref<?x?xf32, 1>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
  return
}

// Dropped, but the later store writes the next tile: no element in common.
func.func @dropped_disjoint(%p: !nv_tileaa.ptr<f32, 1>, %i: index, %j: index,
                            %n: index, %s: index, %v: !nv_tileaa.tile<16x16xf32>) {
  %m = nv_tileaa.make_memref %p, %n, %n, %s, %s
    : (!nv_tileaa.ptr<f32, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t1 = nv_tileaa.tiled_store %m[%i, %j], %v, %t0
    : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %c16 = arith.constant 16 : index
  %j16 = arith.addi %j, %c16 : index
  %u0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %u1 = nv_tileaa.tiled_store %m[%i, %j16], %v, %u0
    : !nv_tileaa.memref<?x?xf32, 1>, tile<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  return
}

// Dropped, and a later store through another argument: the two pointers
// may point into one allocation; unknown, a warning.
func.func @dropped_unknown(%p: !nv_tileaa.ptr<f32, 1>, %q: !nv_tileaa.ptr<f32, 1>, %x: f32) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-warning@+1 {{token-protocol is unknown here: the token this store returns is dropped and a later effect may touch the same memory: provenance cannot separate their bases %arg0 and %arg1 (two pointers may point into one allocation; give the make_memrefs distinct alias_scope values if they cannot)}}
  %t1 = nv_tileaa.store %p[], %x, %t0 : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %u0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-note@+1 {{a later store not ordered after it}}
  %u1 = nv_tileaa.store %q[], %x, %u0 : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  return
}
