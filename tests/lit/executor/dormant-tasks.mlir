// A segment's loop issues 800 gets ahead, each waiting for the one before
// (a token chain), while a herd puts one at a time: each sweep of the run
// moves one transfer. The gets whose token is not signalled are dormant and
// cost a sweep nothing, so the run's work grows with the transfers, not
// with their square: it completes within 8000 steps (sweeps that visited
// every waiting get passed that budget).
// RUN: air-opt --air-run-skeleton=max-steps=8000 %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (800 transfers)
air.channel @c [] {depth = 1}

func.func @ahead() {
  air.launch () in () {
    air.segment @seg {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c800 = arith.constant 800 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @producer async tile (%x) in (%n=%c1) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c800h = arith.constant 800 : index
        %buf = memref.alloc() : memref<16xi32, 2>
        scf.for %k = %c0h to %c800h step %c1h {
          air.channel.put @c[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
      }
      %t0 = air.wait_all async
      %r = scf.for %k = %c0 to %c800 step %c1 iter_args(%t = %t0) -> (!air.token) {
        %g = air.channel.get async [%t] @c[] (%l2[] [] []) : (memref<16xi32, 1>)
        scf.yield %g : !air.token
      }
      air.wait_all [%r, %h]
    }
  }
  return
}
