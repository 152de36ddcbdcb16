// Seed 000_3402c488c9f6c083.txt, lines 109-129 (section 2.1 air.launch,
// "Syntax"), with the forms of the "Synchrony" table (lines 176-179).
// The pseudo-syntax is instantiated with two dimensions: `%x₀, …, %xₙ` is
// `%x0, %x1`, `%sx₀=%N₀, …` is `%sx0=%N0, %sx1=%N1`, `args(%a₀=%v₀, …) :
// <types>` binds two values, each `[%t₀, …]` list names concrete tokens, and
// the optional `[%token =]` is present in the asynchronous form. The `…` in
// each body is completed with a segment.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @launch_forms
// CHECK-SAME: (%[[V0:.*]]: memref<1024xi32>, %[[V1:.*]]: index)
func.func @launch_forms(%v0: memref<1024xi32>, %v1: index) {
  %N0 = arith.constant 2 : index
  %N1 = arith.constant 4 : index
  // CHECK: %[[T0:.*]] = air.wait_all async
  // CHECK: %[[T1:.*]] = air.wait_all async
  // CHECK: %[[TA:.*]] = air.token.alloc
  %t0 = air.wait_all async
  %t1 = air.wait_all async
  %ta0 = air.token.alloc : !air.token

// Asynchronous form — produces !air.token, non-blocking
  // CHECK: %[[TOKEN:.*]] = air.launch async [%[[T0]], %[[T1]]] (%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c4) args(%{{.*}}=%[[V0]], %{{.*}}=%[[V1]]) : memref<1024xi32>, index [affinity = [%[[TA]]]] {
  // CHECK: air.segment @async_body
%token = air.launch (%x0, %x1) in (%sx0=%N0, %sx1=%N1)
           args(%a0=%v0, %a1=%v1) : memref<1024xi32>, index
           [dependency = [%t0, %t1]]
           [affinity   = [%ta0]]
           {
    air.segment @async_body args(%s0=%a0, %s1=%x0) : memref<1024xi32>, index {
      air.segment_terminator
    }
  air.launch_terminator
}

// Synchronous form — caller blocks until all launch instances complete
  // CHECK: air.launch [%[[TOKEN]]] (%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c4) args(%{{.*}}=%[[V0]], %{{.*}}=%[[V1]]) : memref<1024xi32>, index [affinity = [%[[TA]]]] {
  // CHECK: air.segment @sync_body
air.launch sync (%x0, %x1) in (%sx0=%N0, %sx1=%N1)
           args(%a0=%v0, %a1=%v1) : memref<1024xi32>, index
           [dependency = [%token]]
           [affinity   = [%ta0]]
           {
    air.segment @sync_body args(%s0=%a0) : memref<1024xi32> {
      air.segment_terminator
    }
  air.launch_terminator
}

  // "Synchrony" table: the implicit synchronous form, without `sync`.
  // CHECK: air.launch (%{{.*}}) in (%{{.*}}=%c2) {
  // CHECK: air.segment @implicit_sync_body
  air.launch (%x0) in (%sx0=%N0) {
    air.segment @implicit_sync_body {
      air.segment_terminator
    }
    air.launch_terminator
  }
  return
}
