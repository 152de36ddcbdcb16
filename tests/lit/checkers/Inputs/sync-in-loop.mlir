// A blocking put inside a loop holds the loop up, and the herd with the gets
// only starts after the loop.
air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      // expected-note@+1 {{it holds up this scf.for, and with it what follows}}
      scf.for %k = %c0 to %c4 step %c1 {
        // expected-error@+2 {{this put on @c blocks its scope, and every get that could complete it comes after it in the same scope: the program deadlocks (seed 000 2.5)}}
        // expected-note@+1 {{hint: make it asynchronous (bind its token), move it into its own herd or segment, or give the channel depth 2}}
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      }
      %h = air.herd @h async tile (%x) in (%n=%c1) {
        %z = arith.constant 0 : index
        %u = arith.constant 1 : index
        %four = arith.constant 4 : index
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
        scf.for %k = %z to %four step %u {
          // expected-note@+1 {{the get, inside @h, which starts only after it}}
          air.channel.get @c[] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
