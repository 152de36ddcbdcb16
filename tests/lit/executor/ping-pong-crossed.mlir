// ping-pong.mlir with the two iter_arg chains crossed at the yield: the
// get into ping in iteration k waits for the compute on pong in iteration
// k - 1, that is for pong data k - 1. The producer sends ping k before pong
// k - 1 (it runs one buffer ahead) and blocks in that depth-1 put until the
// get is issued, so each side waits for the other.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @ping []
air.channel @pong []

func.func @ping_pong() {
  air.launch () in () {
    air.segment @seg {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %ping = memref.alloc() : memref<64xi32, 1>
      %pong = memref.alloc() : memref<64xi32, 1>
      %prod = air.herd @producer async tile (%x) in (%n=%c1) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c3h = arith.constant 3 : index
        %buf = memref.alloc() : memref<64xi32, 2>
        air.channel.put @ping[] (%buf[] [] []) : (memref<64xi32, 2>)
        scf.for %k = %c0h to %c3h step %c1h {
          // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:11: air.channel.put in @ping_pong, launch, segment @seg, herd @producer tile (0), scf.for@[[#@LINE-1]]:9 = 0: put #1 on @ping[] waits for get #1
          air.channel.put @ping[] (%buf[] [] []) : (memref<64xi32, 2>)
          air.channel.put @pong[] (%buf[] [] []) : (memref<64xi32, 2>)
        }
        air.channel.put @pong[] (%buf[] [] []) : (memref<64xi32, 2>)
      }
      %t0 = air.wait_all async
      %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%ping_free = %t0, %pong_free = %t0) -> (!air.token, !air.token) {
        // The gets into pong wait in the channel, then the get into ping of
        // iteration 1 waits for the compute on pong of iteration 0.
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+7]]:15: air.channel.get in @ping_pong, launch, segment @seg, scf.for@[[#@LINE-3]]:14 = 0: get #0 on @pong[] waits for put #0
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+6]]:15: air.channel.get in @ping_pong, launch, segment @seg, scf.for@[[#@LINE-4]]:14 = 1: get #1 on @pong[] waits for put #1
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:15: air.channel.get in @ping_pong, launch, segment @seg, scf.for@[[#@LINE-5]]:14 = 1: waits for token of air.execute at [[#@LINE+6]]:15 (scf.for@[[#@LINE-5]]:14 = 0)
        %gp = air.channel.get async [%ping_free] @ping[] (%ping[] [] []) : (memref<64xi32, 1>)
        %cp = air.execute [%gp] {
          linalg.fill ins(%zero : i32) outs(%ping : memref<64xi32, 1>)
        }
        %gq = air.channel.get async [%pong_free] @pong[] (%pong[] [] []) : (memref<64xi32, 1>)
        %cq = air.execute [%gq] {
          linalg.fill ins(%zero : i32) outs(%pong : memref<64xi32, 1>)
        }
        scf.yield %cq, %cp : !air.token, !air.token
      }
      air.wait_all [%r#0, %r#1, %prod]
    }
  }
  return
}
