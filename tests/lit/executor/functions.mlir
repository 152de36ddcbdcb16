// Each function runs on its own, with fresh channels; the module's verdict
// is the most severe, and the blocked ops name their function.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @c []

func.func @completes() {
  %t = air.launch async () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x) in (%n=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        air.channel.get @c[] (%l1[] [] []) : (memref<16xi32, 2>)
      }
      air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1>)
    }
  }
  air.wait_all [%t]
  return
}

func.func @deadlocks() {
  %t = air.launch async () in () {
    air.segment @s {
      %l2 = memref.alloc() : memref<16xi32, 1>
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.channel.get in @deadlocks, launch, segment @s: get #0 on @c[] waits for put #0
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1>)
    }
  }
  // The launch itself is not listed (what runs inside it is); the host's
  // wait_all waits for its token.
  // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:3: air.wait_all in @deadlocks: waits for token of air.launch at [[#@LINE-9]]:8
  air.wait_all [%t]
  return
}
// CHECK-NOT: blocked:
