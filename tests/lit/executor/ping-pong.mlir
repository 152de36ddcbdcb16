// Double buffering with two iter_arg token chains (seed 000 2.2, "scf.for -
// loop-carried token dependencies", D = 2). The producer herd fills ping
// buffer k+1 before pong buffer k: it runs one buffer ahead. The segment
// loop receives into ping and pong on separate chains, each waiting only for
// the compute on its own buffer in the previous iteration, so every get is
// issued by the time its depth-1 put needs it.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (8 transfers)
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
          air.channel.put @ping[] (%buf[] [] []) : (memref<64xi32, 2>)
          air.channel.put @pong[] (%buf[] [] []) : (memref<64xi32, 2>)
        }
        air.channel.put @pong[] (%buf[] [] []) : (memref<64xi32, 2>)
      }
      %t0 = air.wait_all async
      %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%ping_free = %t0, %pong_free = %t0) -> (!air.token, !air.token) {
        %gp = air.channel.get async [%ping_free] @ping[] (%ping[] [] []) : (memref<64xi32, 1>)
        %cp = air.execute [%gp] {
          linalg.fill ins(%zero : i32) outs(%ping : memref<64xi32, 1>)
        }
        %gq = air.channel.get async [%pong_free] @pong[] (%pong[] [] []) : (memref<64xi32, 1>)
        %cq = air.execute [%gq] {
          linalg.fill ins(%zero : i32) outs(%pong : memref<64xi32, 1>)
        }
        scf.yield %cp, %cq : !air.token, !air.token
      }
      air.wait_all [%r#0, %r#1, %prod]
    }
  }
  return
}
