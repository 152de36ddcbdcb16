// nv_tileaa, seed 001 ("every memory effect consumes the incoming token and
// returns a token representing the effect after the access"): the seed's
// GEMM fragment with the second load started from a fresh token instead of
// the first load's, and the store reading back into the A buffer's memref.
// Wrong: the first load's token %t1 is dropped and the store to the same
// memref is not ordered after that load (a write after read nothing
// orders). Fix: pass %t1 to the second tiled_load, as the seed does.
func.func @gemm_fragment(%a_base: !nv_tileaa.ptr<f16, 1>, %b_base: !nv_tileaa.ptr<f16, 1>,
                         %c_in: !nv_tileaa.tile<128x128xf32>, %M: index, %N: index, %K: index,
                         %s_row: index, %s_col: index, %i: index, %j: index, %k: index,
                         %back: !nv_tileaa.tile<128x32xf16>) {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %mr_a = nv_tileaa.make_memref %a_base, %M, %K, %s_row, %s_col
    : (!nv_tileaa.ptr<f16, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1>
  %mr_b = nv_tileaa.make_memref %b_base, %K, %N, %s_row, %s_col
    : (!nv_tileaa.ptr<f16, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1>
  // expected-error@+2 {{the token this tiled_load returns is dropped, but 1 later memory effect(s) may touch the same memory, one of the two writing: nothing orders them after this load}}
  // expected-note@+1 {{hint: thread this token into the later effect's token operand, or join it with join_mem_token}}
  %av, %t1 = nv_tileaa.tiled_load %mr_a[%i, %k], %t0
    : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<128x32xf16>, !nv_tileaa.mem_token
  %u0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %bv, %t2 = nv_tileaa.tiled_load %mr_b[%k, %j], %u0
    : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token -> tile<32x128xf16>, !nv_tileaa.mem_token
  %d = nv_tileaa.dot %av, %bv, %c_in
    : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32> -> tile<128x128xf32>
  // expected-note-re@+1 {{a later tiled_store on the same memory, not ordered after it (element [{{[0-9]+}}, {{[0-9]+}}] when %arg8 = {{[0-9]+}}, %arg10 = {{[0-9]+}})}}
  %t3 = nv_tileaa.tiled_store %mr_a[%i, %k], %back, %t2
    : !nv_tileaa.memref<?x?xf16, 1>, tile<128x32xf16>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  return
}
