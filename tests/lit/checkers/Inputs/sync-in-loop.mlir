// A blocking put inside a loop holds the loop up. In a herd body ops run in
// program order, so the gets of the loop after it never start: the tile
// deadlocks on its own (a herd that puts before a later herd gets, in a
// segment body, is fine: the two herds run side by side).
air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%n=%c1) {
        %c0 = arith.constant 0 : index
        %u = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note@+1 {{it holds up this scf.for, and with it what follows}}
        scf.for %k = %c0 to %c4 step %u {
          // expected-error@+2 {{this put on @c blocks its herd body, which runs in program order, and every get that could complete it comes after it there: the program deadlocks (seed 000 2.5)}}
          // expected-note@+1 {{hint: make it asynchronous (bind its token), move it into its own herd or segment, or give the channel depth 2}}
          air.channel.put @c[] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        }
        scf.for %k = %c0 to %c4 step %u {
          // expected-note@+1 {{the get, inside the scf.for at 21:9, which starts only after it}}
          air.channel.get @c[] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
