// Seed 001's verifier contracts and the "not supported" errors.
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token) {
  // expected-error@+1 {{'nv_tileaa.load' op non-weak memory ordering requires explicit scope}}
  %v, %t1 = nv_tileaa.load %p[], %t {mem_semantic = "acquire"} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  return
}

// -----

func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token, %x: f32) {
  // expected-error@+1 {{'nv_tileaa.store' op weak memory ordering must not carry a scope}}
  %t1 = nv_tileaa.store %p[], %x, %t {mem_scope = "gpu"} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  return
}

// -----

func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token, %x: f32) {
  // expected-error@+1 {{'nv_tileaa.store' op mem_semantic must be one of weak|relaxed|release}}
  %t1 = nv_tileaa.store %p[], %x, %t {mem_semantic = "acquire", mem_scope = "gpu"} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  return
}

// -----

// Token arity: a token in, no token out.
func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token) {
  // expected-error@+1 {{'nv_tileaa.load' op token arity: consumes 1 token(s) but produces 0; a memory effect that takes a token returns the next one, and only then}}
  %v = nv_tileaa.load %p[], %t : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32
  return
}

// -----

// Token arity: the segments cover every operand, two follow.
func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token) {
  // expected-error@+1 {{'nv_tileaa.load' op token arity: the operand segments {base, indices, mask, other} cover 1 operands of 3; only one token may follow them}}
  %v, %t1 = "nv_tileaa.load"(%p, %t, %t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token, !nv_tileaa.mem_token) -> (f32, !nv_tileaa.mem_token)
  return
}

// -----

func.func @f(%m: !nv_tileaa.memref<?x?xf16, 1>, %i: index, %t: !nv_tileaa.mem_token) {
  // expected-error@+1 {{'nv_tileaa.tiled_load' op element type 'f32' does not match the base's pointee 'f16'}}
  %v, %t1 = nv_tileaa.tiled_load %m[%i, %i], %t : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<16x16xf32>, !nv_tileaa.mem_token
  return
}

// -----

func.func @f(%m: !nv_tileaa.memref<?x?xf16, 1>, %i: index, %t: !nv_tileaa.mem_token) {
  // expected-error@+1 {{'nv_tileaa.tiled_load' op expects 2 indices (the base's rank), got 1}}
  %v, %t1 = nv_tileaa.tiled_load %m[%i], %t : !nv_tileaa.memref<?x?xf16, 1>, index, !nv_tileaa.mem_token -> tile<16x16xf16>, !nv_tileaa.mem_token
  return
}

// -----

func.func @f(%p: !nv_tileaa.ptr<f16, 1>, %o: index) {
  // expected-error@+1 {{'nv_tileaa.addptr' op must preserve the base pointer's element type and address space: base '!nv_tileaa.ptr<f16, 1>', result '!nv_tileaa.ptr<f16, 3>'}}
  %q = nv_tileaa.addptr %p, %o : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 3>
  return
}

// -----

// The seed's tile-shaped addptr.
func.func @f(%p: !nv_tileaa.ptr<f16, 1>) {
  %lanes = nv_tileaa.make_range {end = 128 : i64, start = 0 : i64} : tile<128xindex>
  %pp = nv_tileaa.addptr %p, %lanes : !nv_tileaa.ptr<f16, 1>, tile<128xindex> -> tile<128x!nv_tileaa.ptr<f16, 1>>
  // expected-error@+1 {{'nv_tileaa.addptr' op must preserve the base pointer's element type and address space: base '!nv_tileaa.ptr<f16, 1>', result '!nv_tileaa.ptr<f32, 1>'}}
  %bad = nv_tileaa.addptr %pp, %lanes : tile<128x!nv_tileaa.ptr<f16, 1>>, tile<128xindex> -> tile<128x!nv_tileaa.ptr<f32, 1>>
  return
}

// -----

func.func @f(%p: !nv_tileaa.ptr<f32, 1>, %s: index) {
  // expected-error@+1 {{'nv_tileaa.make_memref' op must preserve the base pointer's element type and address space}}
  %m = nv_tileaa.make_memref %p, %s, %s : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<?xf16, 1>
  return
}

// -----

func.func @f(%a: !nv_tileaa.tile<64x32xf8E4M3FN>, %b: !nv_tileaa.tile<32x64xf8E4M3FN>, %c: !nv_tileaa.tile<64x64xf16>) {
  // expected-error@+1 {{'nv_tileaa.dot' op (A, B, C) element types ('f8E4M3FN', 'f8E4M3FN', 'f16') are not a legal MMA tuple}}
  %d = nv_tileaa.dot %a, %b, %c : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf16> -> tile<64x64xf16>
  return
}

// -----

func.func @f(%a: !nv_tileaa.tile<64x32xi8>, %b: !nv_tileaa.tile<32x64xi8>, %c: !nv_tileaa.tile<64x64xi32>) {
  %ok = nv_tileaa.dot %a, %b, %c {signedness_a = "signed", signedness_b = "unsigned"} : tile<64x32xi8>, tile<32x64xi8>, tile<64x64xi32> -> tile<64x64xi32>
  // expected-error@+1 {{'nv_tileaa.dot' op integer MMA requires signedness_a and signedness_b}}
  %d = nv_tileaa.dot %a, %b, %c : tile<64x32xi8>, tile<32x64xi8>, tile<64x64xi32> -> tile<64x64xi32>
  return
}

// -----

func.func @f(%a: !nv_tileaa.tile<64x32xf16>, %b: !nv_tileaa.tile<16x64xf16>, %c: !nv_tileaa.tile<64x64xf32>) {
  // expected-error@+1 {{'nv_tileaa.dot' op contracting dimensions differ: A is 64x32, B is 16x64}}
  %d = nv_tileaa.dot %a, %b, %c : tile<64x32xf16>, tile<16x64xf16>, tile<64x64xf32> -> tile<64x64xf32>
  return
}

// -----

func.func @f(%x: !nv_tileaa.tile<4x8xf32>) {
  // expected-error@+1 {{'nv_tileaa.view' op must preserve the element count: 32 -> 16}}
  %v = nv_tileaa.view %x : tile<4x8xf32> -> tile<16xf32>
  return
}

// -----

func.func @f(%q: !nv_tileaa.queue<f32>, %x: i32) {
  // expected-error@+1 {{'nv_tileaa.queue.put' op puts a 'i32' into a queue of 'f32'}}
  nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, i32
  return
}

// -----

nv_tileaa.func @k(%x: f32) -> f32 {
  // expected-error@+1 {{'nv_tileaa.return' op operands must match the function's result types (1 value(s) of types 'f32')}}
  nv_tileaa.return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{custom op 'nv_tileaa.histogram' not supported by air-check (it models the nv_tileaa ops listed in docs/tileaa.md; lower this op first or remove it)}}
  %h = nv_tileaa.histogram %x : f32 -> f32
  return
}

// -----

// expected-error@+1 {{type '!nv_tileaa.tensor_desc' is not supported by air-check (it models the nv_tileaa types listed in docs/tileaa.md)}}
func.func @f(%x: !nv_tileaa.tensor_desc<f32>) {
  return
}
