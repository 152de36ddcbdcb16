// The run stops at max-steps with `unknown`; with enough steps it completes.
// RUN: air-opt --air-run-skeleton=max-steps=50 %s -o /dev/null | FileCheck %s --check-prefix=LIMIT
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s --check-prefix=FULL

// LIMIT: skeleton: unknown: step limit of 50 steps reached
// FULL: skeleton: completed (100 transfers)
air.channel @c [] {depth = 2}

func.func @long_loop() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      scf.for %k = %c0 to %c100 step %c1 {
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1>)
        air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1>)
      }
    }
  }
  return
}
