// Seed 001's worked example (addptr, tiled_load, dot, tiled_store on one
// token chain), as written, inside a func.func whose arguments are its free
// values; it parses, verifies, prints the short tile<...> in op type lists
// and the long !nv_tileaa.tile<...> in the signature, and round-trips.
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s > %t.1.mlir && air-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: air-opt -mlir-print-op-generic %s > %t.g1 && air-opt %t.1.mlir -mlir-print-op-generic > %t.g2 && diff %t.g1 %t.g2
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK-LABEL: func.func @gemm_fragment(
// CHECK-SAME: !nv_tileaa.tile<128x128xf32>
// CHECK: %[[T0:.*]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK: nv_tileaa.addptr %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
// CHECK: nv_tileaa.make_memref {{.*}} {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1>
// CHECK: %[[A:.*]], %[[T1:.*]] = nv_tileaa.tiled_load %{{.*}}[%{{.*}}, %{{.*}}], %[[T0]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<128x32xf16>, !nv_tileaa.mem_token
// CHECK: %[[B:.*]], %[[T2:.*]] = nv_tileaa.tiled_load {{.*}}, %[[T1]] {{.*}} -> tile<32x128xf16>, !nv_tileaa.mem_token
// CHECK: %[[D:.*]] = nv_tileaa.dot %[[A]], %[[B]], %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32> -> tile<128x128xf32>
// CHECK: nv_tileaa.tiled_store %{{.*}}[%{{.*}}, %{{.*}}], %[[D]], %[[T2]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tile<128x128xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token

// LINT: proven: token protocol: 3 memory effect(s) consume and produce tokens, none drops a token before a later effect on the same memory [token-protocol]
// LINT: proven: no memory race: 2 pair(s) of effects with a writer, each ordered by tokens or on disjoint elements (isl) [memory-race]
// LINT: air-check: 1 file, 0 errors, 0 warnings

func.func @gemm_fragment(%a_base: !nv_tileaa.ptr<f16, 1>, %b_base: !nv_tileaa.ptr<f16, 1>,
                         %c_base: !nv_tileaa.ptr<f32, 1>, %c_in: !nv_tileaa.tile<128x128xf32>,
                         %off_a: index, %off_b: index, %off_c: index,
                         %M: index, %N: index, %K: index,
                         %s_a_row: index, %s_a_col: index, %s_b_row: index, %s_b_col: index,
                         %s_c_row: index, %s_c_col: index,
                         %i: index, %j: index, %k: index) {
// Initial token at the function entry
%t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// Compute the per-stage base pointers
%pa = nv_tileaa.addptr %a_base, %off_a
: !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
%pb = nv_tileaa.addptr %b_base, %off_b
: !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
// Wrap each pointer in a memref describing shape and stride
%mr_a = nv_tileaa.make_memref %pa, %off_a, %M, %K, %s_a_row, %s_a_col
: (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
-> !nv_tileaa.memref<?x?xf16, 1>
%mr_b = nv_tileaa.make_memref %pb, %off_b, %K, %N, %s_b_row, %s_b_col
: (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
-> !nv_tileaa.memref<?x?xf16, 1>
// Token-ordered tile loads
%av, %t1 = nv_tileaa.tiled_load %mr_a[%i, %k], %t0
{ in_bounds = array<i1: true, true>,
operandSegmentSizes = array<i32: 1, 2, 0, 0> }
: !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
-> tile<128x32xf16>, !nv_tileaa.mem_token
%bv, %t2 = nv_tileaa.tiled_load %mr_b[%k, %j], %t1
{ in_bounds = array<i1: true, true>,
operandSegmentSizes = array<i32: 1, 2, 0, 0> }
: !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
-> tile<32x128xf16>, !nv_tileaa.mem_token
// Block-scaled dot accumulating into an f32 accumulator
%d = nv_tileaa.dot %av, %bv, %c_in
{ operandSegmentSizes = array<i32: 1, 1, 1, 0, 0> }
: tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
-> tile<128x128xf32>
// Token-ordered tile store; %t3 succeeds the store in the token chain
%mr_c = nv_tileaa.make_memref %c_base, %off_c, %M, %N, %s_c_row, %s_c_col
: (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index)
-> !nv_tileaa.memref<?x?xf32, 1>
%t3 = nv_tileaa.tiled_store %mr_c[%i, %j], %d, %t2
{ in_bounds = array<i1: true, true>,
operandSegmentSizes = array<i32: 1, 1, 2, 0> }
: !nv_tileaa.memref<?x?xf32, 1>, tile<128x128xf32>, index, index,
!nv_tileaa.mem_token
-> !nv_tileaa.mem_token
  return
}
