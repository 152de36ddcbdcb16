// A blocking cycle across herds (seed 000 2.5, "Deadlock conditions"): herd
// @a gets from @b before putting to it, and herd @b gets from @a before
// putting to it. Each get waits for a put the other herd never reaches.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @a_to_b []
air.channel @b_to_a []

func.func @cycle() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %ha = air.herd @a async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:9: air.channel.get in @cycle, launch, segment @s, herd @a tile (0): get #0 on @b_to_a[] waits for put #0
        air.channel.get @b_to_a[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.put @a_to_b[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      %hb = air.herd @b async tile (%x) in (%n=%c1) {
        %buf = memref.alloc() : memref<16xi32, 2>
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:9: air.channel.get in @cycle, launch, segment @s, herd @b tile (0): get #0 on @a_to_b[] waits for put #0
        air.channel.get @a_to_b[] (%buf[] [] []) : (memref<16xi32, 2>)
        air.channel.put @b_to_a[] (%buf[] [] []) : (memref<16xi32, 2>)
      }
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.wait_all in @cycle, launch, segment @s: waits for tokens of air.herd at [[#@LINE-12]]:13, air.herd at [[#@LINE-6]]:13
      air.wait_all [%ha, %hb]
    }
  }
  return
}
// CHECK-NOT: blocked:
