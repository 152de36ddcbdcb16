// sync-order-deadlock names the body and the order it runs in: a launch or
// function body keeps the program order of transfers on one channel index;
// the body of a loop runs in program order.
// RUN: split-file %s %t
// RUN: air-check lint --verify-diagnostics --disable=deadlock-freedom %t/launch.mlir %t/function.mlir %t/loop.mlir

//--- launch.mlir
air.channel @c [1, 1]
func.func @in_launch(%a: memref<16xi32>, %b: memref<16xi32>) {
  air.launch () in () args(%x=%a, %y=%b) : memref<16xi32>, memref<16xi32> {
    // expected-error@+2 {{this put on @c comes before every get that could complete it in the same launch body, and transfers on one channel index there keep their program order (docs/semantics.md, as upstream's air-dependency orders them): the program deadlocks (seed 000 2.5)}}
    // expected-note@+1 {{hint: make it asynchronous}}
    air.channel.put @c[] (%x[] [] []) : (memref<16xi32>)
    // expected-note@+1 {{the get, after it}}
    air.channel.get @c[] (%y[] [] []) : (memref<16xi32>)
  }
  return
}

//--- function.mlir
air.channel @c [1, 1]
func.func @in_function(%a: memref<16xi32>, %b: memref<16xi32>) {
  // expected-error@+2 {{this get on @c comes before every put that could complete it in the same function body}}
  // expected-note@+1 {{hint: make it asynchronous}}
  air.channel.get @c[] (%b[] [] []) : (memref<16xi32>)
  // expected-note@+1 {{the put, after it}}
  air.channel.put @c[] (%a[] [] []) : (memref<16xi32>)
  return
}

//--- loop.mlir
air.channel @c [1, 1]
func.func @in_loop(%a: memref<16xi32>, %b: memref<16xi32>) {
  air.launch () in () args(%x=%a, %y=%b) : memref<16xi32>, memref<16xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-error@+2 {{this put on @c blocks its body of the scf.for at 7:5, which runs in program order, and every get that could complete it comes after it there: the program deadlocks (seed 000 2.5)}}
      // expected-note@+1 {{hint: make it asynchronous}}
      air.channel.put @c[] (%x[] [] []) : (memref<16xi32>)
      // expected-note@+1 {{the get, after it}}
      air.channel.get @c[] (%y[] [] []) : (memref<16xi32>)
    }
  }
  return
}
