// Written for bench/oracle/findings/README.md (a model built by hand, checked by
// bench/differential_oracle.py's check_program).
// disagreement: lint proves deadlock freedom; with launch mode serial every schedule deadlocks
// disagreement: lint proves deadlock freedom; with launch mode parallel every schedule deadlocks
// disagreement: the executor completes (launch mode parallel, schedule seeds 0, 1, 2, 3, 4); every schedule deadlocks
// disagreement: the executor completes (launch mode serial, schedule seeds 0, 1, 2, 3, 4); every schedule deadlocks
// lint: proven (deadlock-freedom: )
// executor serial: seed 0 completed, seed 1 completed, seed 2 completed, seed 3 completed, seed 4 completed
// executor parallel: seed 0 completed (every schedule), seed 1 completed (every schedule), seed 2 completed (every schedule), seed 3 completed (every schedule), seed 4 completed (every schedule)
// explorer: serial deadlock (3 states), parallel deadlock (2 states)
// explorer deadlock witness, blocked:
//   put @c[] (line 10, @f, launch [], segment @s): put #0 on @c[] waits for get #0
//   (1 more transfers never start)
//   after: start a launch instance (node 1); issue put @c[] (line 10, @f, launch [], segment @s)
air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c0_8 = arith.constant 0 : index
      %c1_9 = arith.constant 1 : index
      %l1_1 = memref.alloc() : memref<64xi32, 1>
      %l1_2 = memref.alloc() : memref<64xi32, 1>
      %t3 = air.wait_all async
      %t4 = air.channel.put async @c[] (%l1_1[] [] []) : (memref<64xi32, 1>)
      air.wait_all [%t4]
      %r6 = scf.for %k5 = %c0_8 to %c1_9 step %c1_9 iter_args(%it7 = %t3) -> (!air.async.token) {
        %t10 = air.channel.get async [%it7] @c[] (%l1_2[] [] []) : (memref<64xi32, 1>)
        scf.yield %t10 : !air.async.token
      }
    }
  }
  return
}
