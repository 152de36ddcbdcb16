// A warning and an error, each with its notes.
// expected-error@+2 {{channel @c has 1 put but no get}}
// expected-note@+1 {{hint: add the matching air.channel.get}}
air.channel @c []
func.func @f() {
  // expected-note@+1 {{the nearest enclosing hierarchy op is this 'air.launch'}}
  air.launch () in () {
    %c1 = arith.constant 1 : index
    // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment'}}
    // expected-note@+1 {{hint: wrap it yourself}}
    air.herd tile (%x) in (%s=%c1) {
      %l1 = memref.alloc() : memref<64xi32, 2 : i32>
      // expected-note@+1 {{put here}}
      air.channel.put @c[] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
    }
  }
  return
}
