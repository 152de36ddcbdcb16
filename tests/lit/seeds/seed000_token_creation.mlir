// Seed 000_3402c488c9f6c083.txt, lines 69-78 (section 1.5, "Token creation"):
// the explicit `air.token.alloc` and the op-result forms of a token. The
// three statements each bind `%t`, so each sits in its own function; the
// `{ … }` bodies, the herd's enclosing segment and launch, and the values
// `%dep`, `%Nx`, `%Ny` are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

module {
  // CHECK-LABEL: func.func @explicit_allocation
  // CHECK: air.token.alloc : !air.async.token
  func.func @explicit_allocation() {
%t = air.token.alloc : !air.token
    return
  }

  // CHECK-LABEL: func.func @segment_result
  // CHECK: air.launch
  // CHECK: = air.segment @foo async {
  // CHECK: air.herd tile
  func.func @segment_result() {
    air.launch () in () {
%t = air.segment @foo {
        %c1 = arith.constant 1 : index
        air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<16xi32, 2>
          memref.dealloc %l1 : memref<16xi32, 2>
        }
}
    }
    return
  }

  // CHECK-LABEL: func.func @herd_result
  // CHECK: air.segment @herd_parent {
  // CHECK: %[[DEP:.*]] = air.wait_all async
  // CHECK: = air.herd async [%[[DEP]]] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) {
  func.func @herd_result() {
    air.launch () in () {
      air.segment @herd_parent {
        %Nx = arith.constant 2 : index
        %Ny = arith.constant 2 : index
        %dep = air.wait_all async
%t = air.herd tile (%x,%y) in (%sx=%Nx,%sy=%Ny) [dependency = [%dep]] {
          %l1 = memref.alloc() : memref<16xi32, 2>
          memref.dealloc %l1 : memref<16xi32, 2>
}
        air.wait_all [%t]
      }
    }
    return
  }
}
