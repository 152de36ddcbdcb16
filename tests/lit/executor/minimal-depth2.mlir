// The seed's minimal deadlock with depth 2: the put completes into the
// channel's buffer, so the segment reaches its get (seed 000 2.5, "Capacity
// and depth").
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (1 transfer)
air.channel @C [] {depth = 2}

func.func @run_ahead() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    air.segment @one_ahead {
      %src = memref.alloc() : memref<1024xi32, 1>
      %dst = memref.alloc() : memref<1024xi32, 1>
      air.channel.put @C[] (%src[][][]) : (memref<1024xi32, 1>)
      air.channel.get @C[] (%dst[][][]) : (memref<1024xi32, 1>)
    }
  }
  return
}
