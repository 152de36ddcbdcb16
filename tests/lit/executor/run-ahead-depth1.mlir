// run-ahead-depth2.mlir with depth 1: a rendezvous. The producer's second
// put waits for the consumer's second get, which comes after the consumer's
// put of the acknowledgement, which waits for the producer's get of it.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @data [] {depth = 1}
air.channel @ack []

func.func @run_ahead() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %p = air.herd @producer async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:9: air.channel.put in @run_ahead, launch, segment @s, herd @producer tile (0): put #1 on @data[] waits for get #1
        air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.get @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      %c = air.herd @consumer async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:9: air.channel.put in @run_ahead, launch, segment @s, herd @consumer tile (0): put #0 on @ack[] waits for get #0
        air.channel.put @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.wait_all in @run_ahead, launch, segment @s: waits for tokens of air.herd at {{[0-9]+}}:12, air.herd at {{[0-9]+}}:12
      air.wait_all [%p, %c]
    }
  }
  return
}
// CHECK-NOT: blocked:
