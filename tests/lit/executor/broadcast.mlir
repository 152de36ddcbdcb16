// A broadcast channel (seed 000 2.5): one put at source [0] reaches the
// four destinations [0] .. [3] of broadcast_shape = [4]. A depth-1 put
// completes when every destination has issued its get; when tile 3 skips
// its get (affine.if), the put waits for it.
// RUN: air-opt --split-input-file --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (4 transfers)
air.channel @b [1] {broadcast_shape = [4]}

func.func @broadcast() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x) in (%n=%c4) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        air.channel.get @b[%x] (%l1[] [] []) : (memref<16xi32, 2>)
      }
      air.channel.put @b[%c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}

// -----

// CHECK: skeleton: deadlock
#first_three = affine_set<(d0) : (2 - d0 >= 0)>
air.channel @b [1] {broadcast_shape = [4]}

func.func @broadcast_missing_tile() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x) in (%n=%c4) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        affine.if #first_three(%x) {
          air.channel.get @b[%x] (%l1[] [] []) : (memref<16xi32, 2>)
        }
      }
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.channel.put in @broadcast_missing_tile, launch, segment @s: put #0 on @b[3] waits for get #0
      air.channel.put @b[%c0] (%l2[] [] []) : (memref<16xi32, 1>)
      air.wait_all [%h]
    }
  }
  return
}
// CHECK-NOT: blocked:
