// Two herds put on one FIFO with nothing ordering them; the segment gets
// twice. Every schedule completes, but which put meets which get depends on
// the schedule, so the run proves nothing: deadlock freedom is unknown.
// RUN: air-check lint --verify-diagnostics %s
air.channel @c []
func.func @two_producers() {
  // expected-note @+1 {{the proof for every size does not apply: the transfers at a FIFO of @c are not ordered by tokens or program order, so which partner each meets depends on the schedule}}
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %h1 = air.herd @first async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+1 {{put #0 on @c[], in @two_producers, launch, segment @s, herd @first tile (0)}}
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %h2 = air.herd @second async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-warning @+3 {{deadlock freedom is unknown: a run completed, but put #0 and put #1 on @c[] are not ordered by tokens, program order or earlier transfers, so which get each meets depends on the schedule}}
        // expected-note @+2 {{put #1 on @c[], in @two_producers, launch, segment @s, herd @second tile (0)}}
        // expected-note @+1 {{hint: order the transfers with a token}}
        air.channel.put @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}
