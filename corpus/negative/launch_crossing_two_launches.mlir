// What is wrong: one launch puts on @handoff and a second launch gets from
//   it. Launches are ordered only by tokens and may run one at a time, so
//   the put (depth 1) waits for a get whose launch has not started.
// Rule broken: seed 000 section 2.1, may-be-parallel launches; issue 5,
//   item 4 (launch-crossing).
// Fix: put producer and consumer in one launch as two segments (segments of
//   a launch are co-resident), or pass the data through L3 memory.
module {
  air.channel @handoff [1, 1]
  func.func @f(%buf: memref<64xi32>) {
    %t = air.launch async () in () args(%b=%buf) : memref<64xi32> {
      air.segment @producer args(%sb=%b) : memref<64xi32> {
        // expected-error@+2 {{channel @handoff carries data from the air.launch at 11:10 to the air.launch at 18:5; launches may run one at a time, and then this put and its get are never alive together (seed 000 2.1)}}
        // expected-note@+1 {{hint: keep producer and consumer in one launch (as two segments, which are co-resident)}}
        %p = air.channel.put async @handoff[] (%sb[] [] []) : (memref<64xi32>)
      }
    }
    air.launch () in () {
      air.segment @consumer {
        %l2 = memref.alloc() : memref<64xi32, 1 : i32>
        // expected-note@+1 {{the get, in another launch}}
        %g = air.channel.get async @handoff[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      }
    }
    return
  }
}
