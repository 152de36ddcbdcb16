// air-opt --air-wrap-hierarchy: how lint reads a bare herd or segment, as
// upstream's pipeline wraps it (air-insert-launch-around-herd,
// insert-segment=true). A herd outside any hierarchy op gets a one-instance
// launch and segment, a herd directly in a launch body a segment, a bare
// segment a launch; each wrapper carries the attribute air_check.implicit
// (hierarchy-nesting reports the wrapping, checkers/hierarchy-nesting.mlir).
// The wrapped op's operands come in through args(...), except constants,
// which are cloned inside so that sizes stay constant; an async op's
// dependencies and token move to the outermost wrapper. The output parses
// and verifies, and wrapping it again changes nothing.
// RUN: air-opt --air-wrap-hierarchy %s | FileCheck %s
// RUN: air-opt --air-wrap-hierarchy %s | air-opt --air-wrap-hierarchy | FileCheck %s

// CHECK-LABEL: func.func @herd_in_func
// CHECK-SAME: (%[[A:.*]]: memref<64xi32>, %[[N:.*]]: index)
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: air.launch () in () args(%[[LN:.*]]=%[[N]], %[[LA:.*]]=%[[A]]) : index, memref<64xi32> attributes {air_check.implicit} {
// CHECK-NEXT:   air.segment args(%[[SN:.*]]=%[[LN]], %[[SA:.*]]=%[[LA]]) : index, memref<64xi32> attributes {air_check.implicit} {
// CHECK-NEXT:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:     air.herd @h tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%[[C2]], %{{.*}}=%[[SN]]) args(%[[HB:.*]]=%[[SA]]) : memref<64xi32> {
// CHECK-NEXT:       %[[L1:.*]] = memref.alloc() : memref<64xi32, 2 : i32>
// CHECK-NEXT:       air.dma_memcpy_nd (%[[L1]][] [] [], %[[HB]][] [] [])
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @herd_in_func(%a: memref<64xi32>, %n: index) {
  %c2 = arith.constant 2 : index
  air.herd @h tile (%x, %y) in (%nx=%c2, %ny=%n) args(%b=%a) : memref<64xi32> {
    %l1 = memref.alloc() : memref<64xi32, 2 : i32>
    air.dma_memcpy_nd (%l1[] [] [], %b[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32>)
  }
  return
}

// CHECK-LABEL: func.func @herd_in_launch
// CHECK-NEXT: air.launch () in () args(%[[LA:.*]]=%{{.*}}) : memref<64xi32> {
// CHECK-NEXT:   arith.constant 4 : index
// CHECK-NEXT:   air.segment args(%[[SA:.*]]=%[[LA]]) : memref<64xi32> attributes {air_check.implicit} {
// CHECK-NEXT:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:     air.herd @h tile (%{{.*}}) in (%{{.*}}=%[[C4]]) args(%{{.*}}=%[[SA]]) : memref<64xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @herd_in_launch(%a: memref<64xi32>) {
  air.launch () in () args(%la=%a) : memref<64xi32> {
    %c4 = arith.constant 4 : index
    air.herd @h tile (%x) in (%nx=%c4) args(%b=%la) : memref<64xi32> {
    }
  }
  return
}

// CHECK-LABEL: func.func @segment_in_func
// CHECK-SAME: (%[[A:.*]]: memref<64xi32>)
// CHECK-NEXT: arith.constant 3 : index
// CHECK-NEXT: air.launch () in () args(%[[LA:.*]]=%[[A]]) : memref<64xi32> attributes {air_check.implicit} {
// CHECK-NEXT:   %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:   air.segment @s unroll(%{{.*}}) in (%{{.*}}=%[[C3]]) args(%[[SA:.*]]=%[[LA]]) : memref<64xi32> {
// CHECK-NEXT:     %[[L2:.*]] = memref.alloc() : memref<64xi32, 1 : i32>
// CHECK-NEXT:     air.dma_memcpy_nd (%[[L2]][] [] [], %[[SA]][] [] [])
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @segment_in_func(%a: memref<64xi32>) {
  %c3 = arith.constant 3 : index
  air.segment @s unroll(%u) in (%nu=%c3) args(%sa=%a) : memref<64xi32> {
    %l2 = memref.alloc() : memref<64xi32, 1 : i32>
    air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<64xi32, 1 : i32>, memref<64xi32>)
  }
  return
}

// An async herd: the launch takes its dependencies and gives the token its
// users wait for.
// CHECK-LABEL: func.func @async_herd_in_func
// CHECK-NEXT: %[[T:.*]] = air.wait_all async
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[L:.*]] = air.launch async [%[[T]]] () in () attributes {air_check.implicit} {
// CHECK-NEXT:   air.segment attributes {air_check.implicit} {
// CHECK-NEXT:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:     air.herd @h async tile (%{{.*}}) in (%{{.*}}=%[[C1]])
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: air.wait_all [%[[L]]]
func.func @async_herd_in_func() {
  %t = air.wait_all async
  %c1 = arith.constant 1 : index
  %h = air.herd @h async [%t] tile (%x) in (%nx=%c1) {
  }
  air.wait_all [%h]
  return
}

// A herd in a segment in a launch stays as it is.
// CHECK-LABEL: func.func @nested_ok
// CHECK-NOT: air_check.implicit
// CHECK: return
func.func @nested_ok() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%nx=%c1) {
      }
    }
  }
  return
}
