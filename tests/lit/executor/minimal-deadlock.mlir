// Seed 000 2.5, the minimal deadlock: a put and then a get on the same
// depth-1 channel in one sequential scope. The put waits for a get that the
// segment never reaches.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @C [] {depth = 1}

func.func @deadlock() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    air.segment @deadlock {
      %src = memref.alloc() : memref<1024xi32, 1>
      %dst = memref.alloc() : memref<1024xi32, 1>
      // CHECK-NEXT: blocked: {{.*}}minimal-deadlock.mlir:[[#@LINE+1]]:7: air.channel.put in @deadlock, launch (0), segment @deadlock: put #0 on @C[] waits for get #0
      air.channel.put @C[] (%src[][][]) : (memref<1024xi32, 1>)
      // The get keeps its program order after the put (same channel index).
      // CHECK-NEXT: blocked: {{.*}}minimal-deadlock.mlir:[[#@LINE+1]]:7: air.channel.get in @deadlock, launch (0), segment @deadlock: waits for air.channel.put at [[#@LINE-2]]:7, which the ordering model runs first
      air.channel.get @C[] (%dst[][][]) : (memref<1024xi32, 1>)
    }
  }
  return
}
// CHECK-NOT: blocked:
