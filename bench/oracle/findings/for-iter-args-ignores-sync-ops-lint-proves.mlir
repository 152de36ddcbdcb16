// Written for bench/oracle/findings/README.md (a model built by hand, checked by
// bench/differential_oracle.py's check_program).
// disagreement: lint proves deadlock freedom; with launch mode serial every schedule deadlocks
// disagreement: lint proves deadlock freedom; with launch mode parallel every schedule deadlocks
// disagreement: the executor completes (launch mode parallel, schedule seeds 0, 1, 2, 3, 4); every schedule deadlocks
// disagreement: the executor completes (launch mode serial, schedule seeds 0, 1, 2, 3, 4); every schedule deadlocks
// lint: proven (deadlock-freedom: )
// executor serial: seed 0 completed, seed 1 completed, seed 2 completed, seed 3 completed, seed 4 completed
// executor parallel: seed 0 completed (every schedule), seed 1 completed (every schedule), seed 2 completed (every schedule), seed 3 completed (every schedule), seed 4 completed (every schedule)
// explorer: serial deadlock (4 states), parallel deadlock (3 states)
// explorer deadlock witness, blocked:
//   put @c[] (line 11, @f, launch [], segment @s, for #7=1): put #1 on @c[] waits for get #0
//   (2 more transfers never start)
//   after: start a launch instance (node 1); issue put @c[] (line 11, @f, launch [], segment @s, for #7=0); issue put @c[] (line 11, @f, launch [], segment @s, for #7=1)
air.channel @c [] {depth = 2}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c0_4 = arith.constant 0 : index
      %c1_6 = arith.constant 1 : index
      %c2_5 = arith.constant 2 : index
      %l1_1 = memref.alloc() : memref<64xi32, 1>
      %l1_2 = memref.alloc() : memref<64xi32, 1>
      scf.for %k3 = %c0_4 to %c2_5 step %c1_6 {
        air.channel.put @c[] (%l1_1[] [] []) : (memref<64xi32, 1>)
      }
      %t7 = air.wait_all async
      %r9 = scf.for %k8 = %c0_4 to %c2_5 step %c1_6 iter_args(%it10 = %t7) -> (!air.async.token) {
        %t11 = air.channel.get async [%it10] @c[] (%l1_2[] [] []) : (memref<64xi32, 1>)
        scf.yield %t11 : !air.async.token
      }
    }
  }
  return
}
