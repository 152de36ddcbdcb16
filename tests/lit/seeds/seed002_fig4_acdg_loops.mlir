// Seed 002_8c142cced114e0df.txt, lines 416-447 (Figure 4, listings (d) "Code
// for (a)" sequentialized for loop, (e) "Code for (b)" multi-token for loop,
// (f) "Code for (c)" parallel loop). The figure's text is extracted in two
// interleaved columns; de-interleaved, it is paper pseudo-syntax,
// instantiated here:
//   * `air.op async [...]` stands for "a group of MLIR operations" (line
//     447); it is written as the AIR op for that, `air.execute [...]`, with a
//     store in its body;
//   * `air.memcpy async [%ti] (%y[%i], %x[%i])` is written as
//     `air.dma_memcpy_nd async [...]` with sizes, strides and types;
//   * literal loop bounds `0` become `%c0`, the missing step is `%c1`,
//     `iter_args(%ta, …)` get initial values and `-> (types)`, scf.yield,
//     scf.reduce and the reduce block arguments get their types;
//   * (e) line 439 `[%ta, %t1` lacks its closing `]` (typo, fixed);
//   * (f) defines `%init` but uses `%ti` for the same token; `%init` is used.
// The enclosing function, launch, segment and buffers are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @fig4
func.func @fig4(%arg0: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%l3=%arg0) : memref<1024xi32> {
    air.segment @acdg args(%x=%l3) : memref<1024xi32> {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %N = arith.constant 1024 : index
      %c7 = arith.constant 7 : i32
      %y = memref.alloc() : memref<1024xi32, 1>
      %t0 = air.wait_all async

      // (d) Code for (a): one token chains every iteration.
      // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[TA:.*]] = %{{.*}}) -> (!air.async.token) {
      // CHECK-NEXT: %[[D1:.*]] = air.execute [%[[TA]]] {
      // CHECK: %[[D2:.*]] = air.execute [%[[D1]]] {
      // CHECK: scf.yield %[[D2]] : !air.async.token
      %tf = scf.for %i = %c0 to %N step %c1_0 iter_args(%ta = %t0) -> (!air.async.token) {
        %t1 = air.execute [%ta] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        %t2 = air.execute [%t1] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        scf.yield %t2 : !air.async.token
      }

      // (e) Code for (b): four tokens, four threads through the loop.
      // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[EA:.*]] = %{{.*}}, %[[EB:.*]] = %{{.*}}, %[[EC:.*]] = %{{.*}}, %[[ED:.*]] = %{{.*}}) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
      // CHECK-NEXT: %[[E1:.*]] = air.execute [%[[EB]], %[[EC]]] {
      // CHECK: %[[E2:.*]] = air.execute [%[[E1]], %[[ED]]] {
      // CHECK: %[[E3:.*]] = air.execute [%[[EA]], %[[E1]]] {
      // CHECK: %[[E4:.*]] = air.execute [%[[E3]], %[[E2]]] {
      // CHECK: scf.yield %[[E4]], %[[E2]], %[[E3]], %[[E4]] : !air.async.token, !air.async.token, !air.async.token, !air.async.token
      %tf2:4 = scf.for %i = %c0 to %N step %c1_0 iter_args(%ta = %tf, %tb = %tf, %tc = %tf, %td = %tf) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
        %t1 = air.execute [%tb, %tc] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        %t2 = air.execute [%t1, %td] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        %t3 = air.execute [%ta, %t1] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        %t4 = air.execute [%t3, %t2] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        scf.yield %t4, %t2, %t3, %t4 : !air.async.token, !air.async.token, !air.async.token, !air.async.token
      }

      // (f) Code for (c): init broadcast, reduction tree of wait_all.
      // CHECK: %[[INIT:.*]] = air.wait_all async [
      // CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[INIT]]) -> !air.async.token {
      // CHECK-NEXT: %[[TD:.*]] = air.dma_memcpy_nd async [%[[INIT]]] (%{{.*}}[%[[I]]] [%{{.*}}] [%{{.*}}], %{{.*}}[%[[I]]] [%{{.*}}] [%{{.*}}])
      // CHECK-NEXT: %[[TC:.*]] = air.execute [%[[TD]]] {
      // CHECK: scf.reduce(%[[TC]] : !air.async.token) {
      // CHECK: %[[TJ:.*]] = air.wait_all async [%{{.*}}, %{{.*}}]
      // CHECK: scf.reduce.return %[[TJ]] : !air.async.token
      %init = air.wait_all async [%tf2#0, %tf2#1, %tf2#2, %tf2#3]
      %tp = scf.parallel (%i) = (%c0) to (%N) step (%c1_0) init (%init) -> !air.async.token {
        %td = air.dma_memcpy_nd async [%init] (%y[%i] [%c1_0] [%c1_0], %x[%i] [%c1_0] [%c1_0]) : (memref<1024xi32, 1>, memref<1024xi32>)
        %tc = air.execute [%td] {
          memref.store %c7, %y[%i] : memref<1024xi32, 1>
        }
        scf.reduce(%tc : !air.async.token) {
        ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
          %tj = air.wait_all async [%lhs, %rhs]
          scf.reduce.return %tj : !air.async.token
        }
      }
      air.wait_all [%tp]
      memref.dealloc %y : memref<1024xi32, 1>
    }
  }
  return
}
