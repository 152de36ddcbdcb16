// The op verifier accepts every nesting of launch, segment and herd, as
// upstream's does: a bare herd (in a function or directly in a launch) and a
// bare segment parse, verify and print back, and parse again to the same IR.
// The nesting rules of the compute model (seed 000 2.1-2.3) are lint's:
// checkers/hierarchy-nesting.mlir; air-opt --air-wrap-hierarchy shows how
// lint reads a bare herd or segment (analyses/wrap-hierarchy.mlir).
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @herd_in_func
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: air.herd @h tile (%{{.*}}) in (%{{.*}}=%[[C1]]) args(%[[B:.*]]=%arg0) : memref<64xi32> {
// CHECK-NEXT: %[[L1:.*]] = memref.alloc() : memref<64xi32, 2 : i32>
// CHECK-NEXT: air.dma_memcpy_nd (%[[L1]][] [] [], %[[B]][] [] [])
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @herd_in_func(%a: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%x) in (%n=%c1) args(%b=%a) : memref<64xi32> {
    %l1 = memref.alloc() : memref<64xi32, 2 : i32>
    air.dma_memcpy_nd (%l1[] [] [], %b[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32>)
  }
  return
}

// CHECK-LABEL: func.func @async_herd_in_func
// CHECK: %[[T:.*]] = air.wait_all async
// CHECK: %[[H:.*]] = air.herd @h async [%[[T]]] tile
// CHECK: air.wait_all [%[[H]]]
func.func @async_herd_in_func() {
  %t = air.wait_all async
  %c2 = arith.constant 2 : index
  %h = air.herd @h async [%t] tile (%x, %y) in (%nx=%c2, %ny=%c2) {
  }
  air.wait_all [%h]
  return
}

// CHECK-LABEL: func.func @herd_in_launch
// CHECK-NEXT: air.launch () in () {
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: air.herd tile (%{{.*}}) in (%{{.*}}=%[[C1]]) {
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @herd_in_launch() {
  air.launch () in () {
    %c1 = arith.constant 1 : index
    air.herd tile (%x) in (%s=%c1) {
    }
  }
  return
}

// CHECK-LABEL: func.func @segment_in_func
// CHECK-NEXT: air.segment @s args(%[[S:.*]]=%arg0) : memref<64xi32> {
// CHECK-NEXT: %[[L2:.*]] = memref.alloc() : memref<64xi32, 1 : i32>
// CHECK-NEXT: air.dma_memcpy_nd (%[[L2]][] [] [], %[[S]][] [] [])
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @segment_in_func(%a: memref<64xi32>) {
  air.segment @s args(%sa=%a) : memref<64xi32> {
    %l2 = memref.alloc() : memref<64xi32, 1 : i32>
    air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<64xi32, 1 : i32>, memref<64xi32>)
  }
  return
}

// Nested segments (compute model 4.2).
// CHECK-LABEL: func.func @nested_segments
// CHECK: air.segment @xcd unroll(
// CHECK: air.segment @cu unroll(
// CHECK: air.herd tile (
func.func @nested_segments() {
  air.launch () in () {
    %c8 = arith.constant 8 : index
    air.segment @xcd unroll(%x) in (%sx=%c8) attributes {backend_granularity = "XCD"} {
      %c4 = arith.constant 4 : index
      air.segment @cu unroll(%y) in (%sy=%c4) {
        %c32 = arith.constant 32 : index
        air.herd tile (%w) in (%sw=%c32) {
        }
      }
    }
  }
  return
}
