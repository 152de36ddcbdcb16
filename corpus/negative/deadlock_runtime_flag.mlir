// What is wrong: a runtime flag (argument #0) picks the order of the herd's
//   transfers. With the flag false the herd gets, then puts, and meets the
//   segment's put and then its get. With the flag true it puts first, and
//   the segment, which also puts first, waits with it: a rendezvous cycle.
//   Lint runs the program for both values of the flag.
// Rule broken: seed 000 section 2.5, "Deadlock conditions" (deadlock-freedom).
// Fix: get before putting in the then branch too, or give @from_herd a depth
//   of 2.
air.channel @to_herd []
air.channel @from_herd []
func.func @flagged(%flag: i1) {
  air.launch () in () args(%lf=%flag) : i1 {
    air.segment @s args(%sf=%lf) : i1 {
      %c1 = arith.constant 1 : index
      %h = air.herd @worker async tile (%x) in (%nx=%c1) args(%hf=%sf) : i1 {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        scf.if %hf {
          // expected-error@+3 {{the program deadlocks when launch instances run one at a time, with argument #0 of @flagged = true: 3 ops wait forever, in a cycle of 3 where each waits for the next; first air.channel.put in @flagged, launch, segment @s, herd @worker tile (0): put #0 on @from_herd[] waits for get #0}}
          // expected-note@+2 {{and that one waits for the first: the cycle closes}}
          // expected-note@+1 {{hint: break the cycle: reorder the ops, make one transfer asynchronous, or deepen the channel}}
          air.channel.put @from_herd[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
          air.channel.get @to_herd[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        } else {
          air.channel.get @to_herd[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
          air.channel.put @from_herd[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      // expected-note@+1 {{which waits for: air.channel.put in @flagged, launch, segment @s: put #0 on @to_herd[] waits for get #0}}
      air.channel.put @to_herd[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      // expected-note-re@+1 {{which waits for: air.channel.get in @flagged, launch, segment @s: waits for air.channel.put at {{[0-9]+:[0-9]+}}, which the ordering model runs first}}
      air.channel.get @from_herd[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}
