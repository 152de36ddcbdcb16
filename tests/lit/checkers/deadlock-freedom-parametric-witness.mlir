// The number of transfers is a function argument, and the program deadlocks
// for some values of it: the producer herd puts %n items on @c (depth 2: it
// runs one ahead) before the @d item the consumer waits for first. With
// n = 0 or 1 every put completes; from n = 2 the second put waits for a get
// that waits for @d. No affine schedule exists, isl's closure of the waits
// gives the values where they may close a cycle, and the program is run at
// the smallest of them until a run shows the cycle (issue 19).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// CHECK: error: the program deadlocks at %arg0 of @ahead = 2 (among the smallest values
air.channel @c [] {depth = 2 : i64}
air.channel @d []
func.func @ahead(%n: index) {
  air.launch () in () args(%ln=%n) : index {
    air.segment @s args(%sn=%ln) : index {
      %c1 = arith.constant 1 : index
      %h = air.herd @consumer async tile (%x) in (%nx=%c1) args(%hn=%sn) : index {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.get @d[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        // expected-error @-1 {{the program deadlocks at %arg0 of @ahead = 2 (among the smallest values for which the waits may close a cycle: isl's closure of the waits), when launch instances run one at a time: 2 ops wait forever, in a cycle of 2 where each waits for the next; first air.channel.get in @ahead, launch, segment @s, herd @consumer tile (0): get #0 on @d[] waits for put #0}}
        // expected-note @-2 {{hint: break the cycle: reorder the ops, make one transfer asynchronous, or deepen the channel}}
        // expected-note @-3 {{and that one waits for the first: the cycle closes}}
        scf.for %i = %c0h to %hn step %c1h {
          air.channel.get @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      %p = air.herd @producer async tile (%y) in (%ny=%c1) args(%pn=%sn) : index {
        %c0p = arith.constant 0 : index
        %c1p = arith.constant 1 : index
        %a = memref.alloc() : memref<16xi32, 2 : i32>
        scf.for %i = %c0p to %pn step %c1p {
          air.channel.put @c[] (%a[] [] []) : (memref<16xi32, 2 : i32>)
          // expected-note @-1 {{which waits for: air.channel.put in @ahead, launch, segment @s, herd @producer tile (0), scf.for@}}
        }
        air.channel.put @d[] (%a[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
