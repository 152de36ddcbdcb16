// What is wrong: launch instance 0 puts and launch instance 1 gets, on the
//   same channel. Launch instances are may-be-parallel: run one at a time,
//   instance 0's put never meets its get.
// Rule broken: seed 000 section 2.1, may-be-parallel launch instances;
//   issue 5, item 4 (launch-crossing).
// Fix: let every launch instance read what it writes, or use a segment
//   iteration space (segment instances are co-resident).
module {
  // expected-note@+1 {{hint: index the transfer so that each launch instance reads what it writes, or use a segment iteration space, whose instances are co-resident}}
  air.channel @pass [1, 1]
  func.func @f(%buf: memref<64xi32>) {
    %c2 = arith.constant 2 : index
    air.launch (%l) in (%nl=%c2) args(%b=%buf) : memref<64xi32> {
      air.segment @s args(%id=%l, %sb=%b) : index, memref<64xi32> {
        %c0 = arith.constant 0 : index
        %l2 = memref.alloc() : memref<64xi32, 1 : i32>
        %first = arith.cmpi eq, %id, %c0 : index
        scf.if %first {
          // expected-error@+2 {{channel @pass needs two launch instances alive at once: at (launch ids, channel index) = [0, 0, 0] one launch instance has 1 put but 0 gets; launch instances may run one at a time, so the rest waits forever (seed 000 2.1)}}
          // expected-note@+1 {{put here}}
          %p = air.channel.put async @pass[] (%sb[] [] []) : (memref<64xi32>)
        } else {
          // expected-note@+1 {{get here}}
          %g = air.channel.get async @pass[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
        }
      }
    }
    return
  }
}
