// Seed 000_3402c488c9f6c083.txt, lines 82-89 (section 1.5, "Token
// consumption — the three attribute lists"): a segment carrying a
// dependency, an affinity and a concurrency list. The enclosing launch, the
// tokens and the `{ … }` body are the completion; a second segment shares
// the affinity and concurrency tokens so that the lists relate two ops.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @token_lists
// CHECK: %[[T0:.*]] = air.wait_all async
// CHECK: %[[T1:.*]] = air.wait_all async
// CHECK: %[[TA:.*]] = air.token.alloc : !air.async.token
// CHECK: %[[TC:.*]] = air.token.alloc : !air.async.token
// CHECK: air.segment @bar [%[[T0]], %[[T1]]] [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]] {
// CHECK: air.segment @baz [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]]{{$}}
func.func @token_lists() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    %t0 = air.wait_all async
    %t1 = air.wait_all async
    %ta = air.token.alloc : !air.token
    %tc = air.token.alloc : !air.token
air.segment @bar [dependency = [%t0, %t1]]
                 [affinity   = [%ta]]
                 [concurrency = [%tc]]
                 {
      %c2 = arith.constant 2 : index
      air.herd @bar_herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
        %l1 = memref.alloc() : memref<32xi32, 2>
        memref.dealloc %l1 : memref<32xi32, 2>
      }
      air.segment_terminator
    }
    air.segment @baz [affinity = [%ta]] [concurrency = [%tc]] {
      air.segment_terminator
    }
    air.launch_terminator
  }
  return
}
