// What is wrong: two synchronous herds of one segment each get from the other
//   before they put: herd @left waits on @RightToLeft, herd @right on
//   @LeftToRight, and neither ever reaches its put.
// Semantics: under the ordering model the herds are co-resident and run at
//   once (docs/semantics.md, "Ordering"); a herd body runs in program order,
//   so each get blocks its core, and the waits form a cycle. Still a
//   deadlock, as it was when herds ran one after the other.
// Rule broken: seed 000 section 2.5, "Deadlock conditions" (a cycle of
//   blocking transfers) (deadlock-freedom).
// Fix: put before getting in one of the herds, or give a channel depth 2.
module {
  air.channel @LeftToRight [1, 1]
  air.channel @RightToLeft [1, 1]
  func.func @cycle() {
    air.launch () in () {
      air.segment @seg {
        %c1 = arith.constant 1 : index
        air.herd @left tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %buf = memref.alloc() : memref<64xi32, 2 : i32>
          // expected-error@+3 {{the program deadlocks when launch instances run one at a time: 2 ops wait forever, in a cycle of 2 where each waits for the next; first air.channel.get in @cycle, launch, segment @seg, herd @left tile (0, 0): get #0 on @RightToLeft[0, 0] waits for put #0}}
          // expected-note@+2 {{and that one waits for the first: the cycle closes}}
          // expected-note@+1 {{hint: break the cycle: reorder the ops, make one transfer asynchronous, or deepen the channel}}
          air.channel.get @RightToLeft[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
          air.channel.put @LeftToRight[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
        }
        air.herd @right tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %buf = memref.alloc() : memref<64xi32, 2 : i32>
          // expected-note@+1 {{which waits for: air.channel.get in @cycle, launch, segment @seg, herd @right tile (0, 0): get #0 on @LeftToRight[0, 0] waits for put #0}}
          air.channel.get @LeftToRight[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
          air.channel.put @RightToLeft[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
        }
      }
    }
    return
  }
}
