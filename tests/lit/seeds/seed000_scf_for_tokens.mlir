// Seed 000_3402c488c9f6c083.txt, lines 259-271 (section 2.2, "scf.for —
// loop-carried token dependencies"): a token threaded through iter_args.
// The completion: the enclosing function, launch and segment, the values
// `%lb`, `%ub`, `%s`, `%t_init`, the transfer after
// `air.dma_memcpy_nd async [%t_prev] …` (an L3 -> L2 copy) and the herd after
// `air.herd async [%t_dma] …` (iteration space, args and body).
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @scf_for_tokens
// CHECK: air.segment @pipelined
// CHECK: %[[INIT:.*]] = air.wait_all async
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[PREV:.*]] = %[[INIT]]) -> (!air.async.token) {
// CHECK: %[[DMA:.*]] = air.dma_memcpy_nd async [%[[PREV]]] (
// CHECK: %[[COMPUTE:.*]] = air.herd async [%[[DMA]]] tile
// CHECK: %[[OUT:.*]] = air.wait_all async [%[[COMPUTE]]]
// CHECK: scf.yield %[[OUT]] : !air.async.token
func.func @scf_for_tokens(%arg0: memref<4096xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%l3=%arg0) : memref<4096xi32> {
    air.segment @pipelined args(%src=%l3) : memref<4096xi32> {
      %lb = arith.constant 0 : index
      %ub = arith.constant 4096 : index
      %s = arith.constant 256 : index
      %c1_0 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<256xi32, 1>
      %t_init = air.wait_all async
%t_final = scf.for %k = %lb to %ub step %s
    iter_args(%t_prev = %t_init) -> !air.token {
  // Ops that depend on %t_prev wait for iteration N-1 to reach a known point.
  // Ops that do NOT depend on %t_prev may execute concurrently with N-1.
  %t_dma = air.dma_memcpy_nd async [%t_prev] (%l2[] [] [], %src[%k] [%s] [%c1_0]) : (memref<256xi32, 1>, memref<4096xi32>)
  %t_compute = air.herd async [%t_dma] tile (%x, %y) in (%sx=%c1_0, %sy=%c2) args(%buf=%l2) : memref<256xi32, 1> {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c1_1 = arith.constant 1 : index
    %off = arith.muli %y, %c128 : index
    %l1 = memref.alloc() : memref<128xi32, 2>
    air.dma_memcpy_nd (%l1[] [] [], %buf[%off] [%c128] [%c1_1]) : (memref<128xi32, 2>, memref<256xi32, 1>)
    memref.dealloc %l1 : memref<128xi32, 2>
  }
  %t_out = air.wait_all async [%t_compute]
  scf.yield %t_out : !air.token
}
      air.wait_all [%t_final]
      memref.dealloc %l2 : memref<256xi32, 1>
    }
  }
  return
}
