// Seed 000_3402c488c9f6c083.txt, lines 476-486 (section 2.5, "Deadlock
// conditions", the minimal deadlock): a put and a get on the same depth-1
// channel in one sequential scope. The program deadlocks under the compute
// model but is well-formed IR, so it parses and verifies. The completion:
// the enclosing function and launch, `%src` and `%dst`, and the elided
// shape in `memref<…, 1>` (1024xi32).
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @C [] {depth = 1 : i64}
air.channel @C [] {depth = 1}

// CHECK-LABEL: func.func @deadlock
// CHECK: air.segment @deadlock {
// CHECK-NEXT: %[[SRC:.*]] = memref.alloc() : memref<1024xi32, 1>
// CHECK-NEXT: %[[DST:.*]] = memref.alloc() : memref<1024xi32, 1>
// CHECK-NEXT: air.channel.put @C[] (%[[SRC]][] [] []) : (memref<1024xi32, 1>)
// CHECK-NEXT: air.channel.get @C[] (%[[DST]][] [] []) : (memref<1024xi32, 1>)
func.func @deadlock() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
air.segment @deadlock {
  %src = memref.alloc() : memref<1024xi32, 1>
  %dst = memref.alloc() : memref<1024xi32, 1>
  // put blocks: channel is at capacity, waiting for a get to free space
  air.channel.put @C[] (%src[][][]) : (memref<1024xi32, 1>)
  // never reached — sequential control flow cannot reach get while put blocks
  air.channel.get @C[] (%dst[][][]) : (memref<1024xi32, 1>)
  air.segment_terminator
}
  }
  return
}
