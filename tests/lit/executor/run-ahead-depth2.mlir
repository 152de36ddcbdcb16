// Depth-2 run-ahead (seed 000 2.5, "Capacity and depth"): the producer puts
// two transfers before it waits for an acknowledgement; the consumer
// acknowledges the first before it takes the second. With depth 2 the
// second put completes into the channel's buffer, so the producer reaches
// its get of the acknowledgement. run-ahead-depth1.mlir is the same program
// with depth 1.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (3 transfers)
air.channel @data [] {depth = 2}
air.channel @ack []

func.func @run_ahead() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %p = air.herd @producer async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.get @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      %c = air.herd @consumer async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.put @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      air.wait_all [%p, %c]
    }
  }
  return
}
