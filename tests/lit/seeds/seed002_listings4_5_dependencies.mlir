// Seed 002_8c142cced114e0df.txt, lines 385-398 (Listing 4, "Synchronous
// (sequential) execution", and Listing 5, "Explicit asynchronous
// dependencies"). Both are paper pseudo-syntax, instantiated here:
//   * `air.memcpy (%v1, %v2)` is the paper's name for AIR's copy; it is
//     written as the AIR op, `air.dma_memcpy_nd`, over whole memrefs (empty
//     offset/size/stride lists) with its type list;
//   * Listing 4's line numbers `1`-`3` are dropped;
//   * `%t3 = func.call async deps=[%t1, %t2] @func(%v1, %v3)` (an async call
//     is not MLIR) is written as AIR writes it: the call wrapped in
//     `air.execute [%t1, %t2]`;
//   * `func.call` gets its function type.
// The enclosing function, launch and segment, `@func`, and `%v1` … `%v4`
// (L2 destinations, L3 sources) are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

func.func private @func(memref<1024xi32, 1>, memref<1024xi32, 1>)

// CHECK-LABEL: func.func @listing4_sync
// CHECK: air.dma_memcpy_nd (%[[V1:.*]][] [] [], %{{.*}}[] [] [])
// CHECK-NEXT: air.dma_memcpy_nd (%[[V3:.*]][] [] [], %{{.*}}[] [] [])
// CHECK-NEXT: func.call @func(%[[V1]], %[[V3]])
func.func @listing4_sync(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%a0=%arg0, %a1=%arg1) : memref<1024xi32>, memref<1024xi32> {
    air.segment @listing4 args(%v2=%a0, %v4=%a1) : memref<1024xi32>, memref<1024xi32> {
      %v1 = memref.alloc() : memref<1024xi32, 1>
      %v3 = memref.alloc() : memref<1024xi32, 1>
    air.dma_memcpy_nd (%v1[] [] [], %v2[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
    air.dma_memcpy_nd (%v3[] [] [], %v4[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
    func.call @func(%v1, %v3) : (memref<1024xi32, 1>, memref<1024xi32, 1>) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @listing5_async
// CHECK: %[[T1:.*]] = air.dma_memcpy_nd async (%[[V1:.*]][] [] [], %{{.*}}[] [] [])
// CHECK-NEXT: %[[T2:.*]] = air.dma_memcpy_nd async (%[[V3:.*]][] [] [], %{{.*}}[] [] [])
// CHECK-NEXT: %{{.*}} = air.execute [%[[T1]], %[[T2]]] {
// CHECK-NEXT: func.call @func(%[[V1]], %[[V3]])
func.func @listing5_async(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%a0=%arg0, %a1=%arg1) : memref<1024xi32>, memref<1024xi32> {
    air.segment @listing5 args(%v2=%a0, %v4=%a1) : memref<1024xi32>, memref<1024xi32> {
      %v1 = memref.alloc() : memref<1024xi32, 1>
      %v3 = memref.alloc() : memref<1024xi32, 1>
%t1 = air.dma_memcpy_nd async (%v1[] [] [], %v2[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
%t2 = air.dma_memcpy_nd async (%v3[] [] [], %v4[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
%t3 = air.execute [%t1, %t2] {
  func.call @func(%v1, %v3) : (memref<1024xi32, 1>, memref<1024xi32, 1>) -> ()
}
      air.wait_all [%t3]
    }
  }
  return
}
