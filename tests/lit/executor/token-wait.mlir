// Blocked ops name their loop trip and what they wait for. The channel
// index comes out of an air.execute (index bookkeeping is evaluated). The
// loop gets three times from @c[1], the herd puts twice: the third get
// waits for a put, and the wait_all for the loop's token.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: deadlock
air.channel @c [2]

func.func @token_wait() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %h = air.herd @h async tile (%x) in (%n=%c1) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c2h = arith.constant 2 : index
        %l1 = memref.alloc() : memref<16xi32, 2>
        scf.for %k = %c0h to %c2h step %c1h {
          air.channel.put @c[%c1h] (%l1[] [] []) : (memref<16xi32, 2>)
        }
      }
      %t0 = air.wait_all async
      %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%t = %t0) -> (!air.token) {
        %e, %idx = air.execute [%t] -> (index) {
          %one = arith.constant 1 : index
          air.execute_terminator %one : index
        }
        // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:14: air.channel.get in @token_wait, launch, segment @s, scf.for@[[#@LINE-5]]:12 = 2: get #2 on @c[1] waits for put #2
        %g = air.channel.get async [%e] @c[%idx] (%l2[] [] []) : (memref<16xi32, 1>)
        scf.yield %g : !air.token
      }
      // CHECK-NEXT: blocked: {{.*}}:[[#@LINE+1]]:7: air.wait_all in @token_wait, launch, segment @s: waits for token of air.channel.get at [[#@LINE-3]]:14 (scf.for@[[#@LINE-9]]:12 = 2)
      air.wait_all [%r, %h]
    }
  }
  return
}
// CHECK-NOT: blocked:
