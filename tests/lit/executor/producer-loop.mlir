// A segment loop of four synchronous puts feeding a herd that gets four
// times: the herd is dispatched first (async), so every put meets its get.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (4 transfers)
air.channel @c []

func.func @producer_loop() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<64xi32, 1>
      %h = air.herd @consumer async tile (%x) in (%n=%c1) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4h = arith.constant 4 : index
        %l1 = memref.alloc() : memref<64xi32, 2>
        scf.for %k = %c0h to %c4h step %c1h {
          air.channel.get @c[] (%l1[] [] []) : (memref<64xi32, 2>)
        }
      }
      scf.for %k = %c0 to %c4 step %c1 {
        air.channel.put @c[] (%l2[] [] []) : (memref<64xi32, 1>)
      }
      air.wait_all [%h]
    }
  }
  return
}
