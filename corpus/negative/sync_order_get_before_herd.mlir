// What is wrong: the segment body blocks on a get of the herd's result
//   before it starts the herd that puts it (synchronous, token-less form).
// Rule broken: seed 000 section 2.5 (a get waiting for a put that can never
//   execute) and 2.2 (a synchronous op blocks its scope) (sync-order-deadlock).
// Fix: issue the get after the herd, or make the get asynchronous.
module {
  air.channel @result [1, 1]
  func.func @f() {
    air.launch () in () {
      air.segment @s {
        %out = memref.alloc() : memref<16xi32, 1 : i32>
        // expected-error@+2 {{this get on @result blocks its scope, and every put that could complete it comes after it in the same scope: the program deadlocks (seed 000 2.5)}}
        // expected-note@+1 {{hint: make it asynchronous (bind its token), move it into its own herd or segment}}
        air.channel.get @result[] (%out[] [] []) : (memref<16xi32, 1 : i32>)
        %c1 = arith.constant 1 : index
        air.herd @producer tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<16xi32, 2 : i32>
          // expected-note@+1 {{the put, inside @producer, which starts only after it}}
          air.channel.put @result[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
    }
    return
  }
}
