// Two herds put on one FIFO, unordered. The deterministic schedule completes
// but says it stands for no other schedule; a random schedule (seed 1) finds
// the deadlock that another matching of the puts leads to.
// RUN: air-opt --air-run-skeleton=launch-mode=parallel %s -o /dev/null | FileCheck %s --check-prefix=DET
// RUN: air-opt --air-run-skeleton="launch-mode=parallel schedule-seed=1" %s -o /dev/null | FileCheck %s --check-prefix=RANDOM
// RUN: air-opt --air-run-skeleton=launch-mode=parallel %S/run-ahead-depth2.mlir -o /dev/null | FileCheck %s --check-prefix=FIXED

// DET: skeleton: completed (3 transfers)
// DET-NEXT: every schedule: unknown: put #0 and put #1 on @c[] are not ordered by tokens, program order or earlier transfers, so which get each meets depends on the schedule
// DET-NEXT: race-schedules.mlir:[[#@LINE+15]]:9: put #0 on @c[], in @race, launch, segment @s, herd @first tile (0)
// DET-NEXT: race-schedules.mlir:[[#@LINE+19]]:9: put #1 on @c[], in @race, launch, segment @s, herd @second tile (0)
// RANDOM: skeleton: deadlock
// RANDOM-NEXT: blocked: {{.*}}put #1 on @c[] waits for get #1
// RANDOM-NEXT: blocked: {{.*}}put #0 on @d[] waits for get #0
// FIXED: skeleton: completed
// FIXED-NEXT: every schedule: the same
air.channel @c []
air.channel @d []
func.func @race() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %h1 = air.herd @first async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.get @d[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %h2 = air.herd @second async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      air.channel.put @d[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}
