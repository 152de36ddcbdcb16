// What is wrong: the producer puts two transfers before it reads the
//   consumer's acknowledgement, but @data has depth 1 (a rendezvous): its
//   second put waits for the consumer's second get, which comes after the
//   consumer's put of the acknowledgement, which waits for the producer.
// Rule broken: seed 000 section 2.5, "Capacity and depth": depth 1 lets no
//   transfer run ahead (deadlock-freedom).
// Fix: give @data depth 2, so the producer may run one transfer ahead.
module {
  air.channel @data [] {depth = 1}
  air.channel @ack []
  func.func @run_ahead() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %p = air.herd @producer async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          // expected-error@+3 {{the program deadlocks when launch instances run one at a time: 3 ops wait forever, in a cycle of 2 where each waits for the next; first air.channel.put in @run_ahead, launch, segment @s, herd @producer tile (0): put #1 on @data[] waits for get #1}}
          // expected-note@+2 {{and that one waits for the first: the cycle closes}}
          // expected-note@+1 {{and 1 more op blocked behind it; hint: break the cycle: reorder the ops, make one transfer asynchronous, or deepen the channel}}
          air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.get @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        %c = air.herd @consumer async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          // expected-note@+1 {{which waits for: air.channel.put in @run_ahead, launch, segment @s, herd @consumer tile (0): put #0 on @ack[] waits for get #0}}
          air.channel.put @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        air.wait_all [%p, %c]
      }
    }
    return
  }
}
