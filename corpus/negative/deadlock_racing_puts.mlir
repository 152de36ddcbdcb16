// What is wrong: herds @first and @second both put on @c, and nothing orders
//   the two puts. If @second's put meets the segment's first get, the
//   segment's put on @d waits for @first, whose put on @c waits for the
//   segment's second get: a cycle. The deterministic run completes; a
//   random schedule shows the deadlock.
// Rule broken: seed 000 section 2.5, "Deadlock conditions", with the racing
//   puts of section 1.4 (deadlock-freedom).
// Fix: make @second wait for @first's token, or give each herd its own
//   channel index.
air.channel @c []
air.channel @d []
func.func @race() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %h1 = air.herd @first async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-error@+3 {{the program can deadlock: put #0 and put #1 on @c[] are not ordered by tokens, program order or earlier transfers, so which get each meets depends on the schedule, and in another schedule: 3 ops wait forever, in a cycle of 3 where each waits for the next; first air.channel.put in @race, launch, segment @s, herd @first tile (0): put #1 on @c[] waits for get #1}}
        // expected-note@+2 {{and that one waits for the first: the cycle closes}}
        // expected-note@+1 {{hint: order the racing transfers with a token (the later one waiting for the earlier) or issue them from one sequential body}}
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.get @d[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %h2 = air.herd @second async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      // expected-note@+1 {{which waits for: air.channel.put in @race, launch, segment @s: put #0 on @d[] waits for get #0}}
      air.channel.put @d[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      // expected-note-re@+1 {{which waits for: air.channel.get in @race, launch, segment @s: waits for air.channel.put at {{[0-9]+:[0-9]+}}, which the ordering model runs first}}
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}
