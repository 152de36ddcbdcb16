// Counts and volumes balance (two puts, two gets, 16 elements each way), but
// put #0 moves 4 elements and get #0 12. The stream is matched element by
// element; the run matches whole transfers, so it proves nothing here.
// RUN: air-check lint --verify-diagnostics %s
air.channel @c []
func.func @uneven() {
  // expected-note @+1 {{the proof for every size does not apply: the transfers on channel @c do not all move the same constant number of elements}}
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %h = air.herd @producer async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        %c0 = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c12 = arith.constant 12 : index
        // expected-note @+1 {{put #0 on @c[], in @uneven, launch, segment @s, herd @producer tile (0)}}
        air.channel.put @c[] (%b[%c0] [%c4] [%c1h]) : (memref<16xi32, 2 : i32>)
        air.channel.put @c[] (%b[%c4] [%c12] [%c1h]) : (memref<16xi32, 2 : i32>)
      }
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      %c0 = arith.constant 0 : index
      %c1s = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c12 = arith.constant 12 : index
      // expected-warning @+3 {{deadlock freedom is unknown: a run completed, but put #0 on @c[] moves 4 elements and get #0 12; the run matches whole transfers, not elements}}
      // expected-note @+2 {{get #0 on @c[], in @uneven, launch, segment @s}}
      // expected-note @+1 {{hint: give the k-th put and the k-th get on each FIFO the same constant size}}
      air.channel.get @c[] (%l2[%c0] [%c12] [%c1s]) : (memref<16xi32, 1 : i32>)
      air.channel.get @c[] (%l2[%c12] [%c4] [%c1s]) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}
