// What is wrong: herd @a gets from @b before putting to it, and herd @b gets
//   from @a before putting to it: each get waits for a put the other herd
//   never reaches. A blocking cycle across herds.
// Rule broken: seed 000 section 2.5, "Deadlock conditions": the communication
//   graph must be acyclic (deadlock-freedom).
// Fix: let one herd put first (swap put and get in @b), or make the gets
//   asynchronous so that both puts are issued.
module {
  air.channel @a_to_b []
  air.channel @b_to_a []
  func.func @cycle() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %ha = air.herd @a async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          // expected-error@+3 {{the program deadlocks when launch instances run one at a time: 3 ops wait forever, in a cycle of 2 where each waits for the next; first air.channel.get in @cycle, launch, segment @s, herd @a tile (0): get #0 on @b_to_a[] waits for put #0}}
          // expected-note@+2 {{and that one waits for the first: the cycle closes}}
          // expected-note@+1 {{and 1 more op blocked behind it; hint: break the cycle: reorder the ops, make one transfer asynchronous, or deepen the channel}}
          air.channel.get @b_to_a[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.put @a_to_b[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        %hb = air.herd @b async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          // expected-note@+1 {{which waits for: air.channel.get in @cycle, launch, segment @s, herd @b tile (0): get #0 on @a_to_b[] waits for put #0}}
          air.channel.get @a_to_b[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.put @b_to_a[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        air.wait_all [%ha, %hb]
      }
    }
    return
  }
}
