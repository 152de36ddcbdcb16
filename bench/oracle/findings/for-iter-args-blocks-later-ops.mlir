// Written for bench/oracle/findings/README.md (a model built by hand, checked by
// bench/differential_oracle.py's check_program).
// disagreement: lint reports a deadlock (deadlock-freedom); every schedule completes in both launch modes
// disagreement: the executor deadlocks (launch mode parallel, schedule seeds 0, 1, 2, 3, 4); every schedule completes
// disagreement: the executor deadlocks (launch mode serial, schedule seeds 0, 1, 2, 3, 4); every schedule completes
// lint: deadlock (deadlock-freedom: the program deadlocks when launch instances run one at a time: 1 op wait forever; first air.channel.get in @f, launch, segment @s, scf.for@8:13 = 0, herd @h1 tile (0): get #0 on @c[] waits for put #0)
// executor serial: seed 0 deadlock, seed 1 deadlock, seed 2 deadlock, seed 3 deadlock, seed 4 deadlock
// executor parallel: seed 0 deadlock, seed 1 deadlock, seed 2 deadlock, seed 3 deadlock, seed 4 deadlock
// explorer: serial complete (4 states), parallel complete (3 states)
air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c0_5 = arith.constant 0 : index
      %c1_6 = arith.constant 1 : index
      %t1 = air.wait_all async
      %r3 = scf.for %k2 = %c0_5 to %c1_6 step %c1_6 iter_args(%it4 = %t1) -> (!air.async.token) {
        air.herd @h1 tile (%x07) in (%n8=%c1_6) {
          %l2_9 = memref.alloc() : memref<64xi32, 2>
          air.channel.get @c[] (%l2_9[] [] []) : (memref<64xi32, 2>)
        }
        scf.yield %it4 : !air.async.token
      }
      air.herd @h0 tile (%x010) in (%n11=%c1_6) {
        %l2_12 = memref.alloc() : memref<64xi32, 2>
        air.channel.put @c[] (%l2_12[] [] []) : (memref<64xi32, 2>)
      }
    }
  }
  return
}
