// A get on a broadcast channel addresses broadcast_shape; in a dimension
// where that is 1 its index matches every destination (air-to-aie zeroes
// it), while a dimension larger than 1 keeps its bounds.
// RUN: air-opt --split-input-file --air-run-skeleton=launch-mode=parallel %s -o /dev/null | FileCheck %s

// @a0 and @a1 [1, 1] {broadcast_shape = [1, 2]}: one put reaches
// destinations [0, 0] and [0, 1]. The 2x2 herd's tiles get at their own ids
// (x, y), row x == 0 from @a0, row x == 1 from @a1, whose index x = 1 is
// taken as 0. Each destination has one get, so the run stands for every
// schedule.
// CHECK: skeleton: completed (4 transfers)
// CHECK-NEXT: every schedule: the same
#row0 = affine_set<(d0, d1) : (d0 == 0)>
air.channel @a0 [1, 1] {broadcast_shape = [1, 2]}
air.channel @a1 [1, 1] {broadcast_shape = [1, 2]}

func.func @rows() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c2, %ny=%c2) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        affine.if #row0(%x, %y) {
          air.channel.get @a0[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
        } else {
          air.channel.get @a1[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
        }
      }
      air.channel.put @a0[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.channel.put @a1[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}

// -----

// Tile (1, 1) skips its get: the put on @a1 waits for destination [0, 1].
// CHECK: skeleton: deadlock
#row0 = affine_set<(d0, d1) : (d0 == 0)>
#col0 = affine_set<(d0, d1) : (d1 == 0)>
air.channel @a0 [1, 1] {broadcast_shape = [1, 2]}
air.channel @a1 [1, 1] {broadcast_shape = [1, 2]}

func.func @tile_1_1_skips() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c2, %ny=%c2) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        affine.if #row0(%x, %y) {
          air.channel.get @a0[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
        } else {
          affine.if #col0(%x, %y) {
            air.channel.get @a1[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
          }
        }
      }
      air.channel.put @a0[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.channel.put in @tile_1_1_skips, launch, segment @s: put #0 on @a1[0, 1] waits for get #0
      air.channel.put @a1[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}
// CHECK-NOT: blocked:

// -----

// Without the affine.if, tiles (0, y) and (1, y) both read destination
// [0, y] of one channel: fed twice, it completes, but which tile meets
// which put depends on the schedule.
// CHECK: skeleton: completed (4 transfers)
// CHECK-NEXT: every schedule: unknown: get #0 and get #1 on @a[0, 0] are not ordered
air.channel @a [1, 1] {broadcast_shape = [1, 2]}

func.func @fed_twice() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c2, %ny=%c2) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        air.channel.get @a[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
      }
      air.channel.put @a[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.channel.put @a[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}

// -----

// A dimension larger than 1 keeps its bounds: the 3x2 herd's tile (2, 0)
// addresses [2, 0] of broadcast_shape [2, 1] (its y is taken as 0).
// CHECK: skeleton: unsupported: {{.*}}:[[#@LINE+12]]:9: 'air.channel.get' addresses b(2, 0), outside its shape (2, 1)
air.channel @b [1, 1] {broadcast_shape = [2, 1]}

func.func @too_many_rows() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x, %y) in (%nx=%c3, %ny=%c2) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        air.channel.get @b[%x, %y] (%l1[] [] []) : (memref<16xi32, 2>)
      }
      air.channel.put @b[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.channel.put @b[%c0, %c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}
