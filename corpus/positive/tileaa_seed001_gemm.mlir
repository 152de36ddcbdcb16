// nv_tileaa, seed 001 (001_4da84685423c781e.txt), "Worked Example: addptr
// -> tiled_load -> dot -> tiled_store": the seed's fragment as written, inside a
// func.func whose arguments are its free values. One token chain
// %t0 -> %t1 -> %t2 -> %t3 orders the two loads and the store.
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
