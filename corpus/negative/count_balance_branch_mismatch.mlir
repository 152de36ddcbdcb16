// What is wrong: the segment puts on @c only when %flag holds, but the herd
//   always gets. The condition is a runtime value, so either branch may run;
//   on the path where %flag is false the get waits forever.
// Rule broken: seed 000 section 2.5, "Balance requirement": for channels
//   inside conditional branches, balance must hold independently on each
//   branch (channel-count-balance).
// Fix: put on both branches (e.g. a default buffer in the else-branch), or
//   hoist the put out of the scf.if.
module {
  air.channel @c [1, 1]
  func.func @f(%src: memref<256xi32>, %flag: i1) {
    air.launch () in () args(%ls=%src, %lf=%flag) : memref<256xi32>, i1 {
      air.segment @seg args(%ss=%ls, %sf=%lf) : memref<256xi32>, i1 {
        %c1 = arith.constant 1 : index
        // expected-error@+2 {{the branches of this scf.if transfer differently on channel @c: its condition is not affine, so either branch may run, and balance must hold on each branch (seed 000 2.5)}}
        // expected-note@+1 {{hint: the else-branch has no transfer on @c; make both branches put and get alike, or hoist the transfer out of the scf.if}}
        scf.if %sf {
          // expected-note@+1 {{in the then-branch: put here}}
          %sent0 = air.channel.put async @c[] (%ss[] [] []) : (memref<256xi32>)
        }
        air.herd @sink tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.channel.get @c[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
        }
      }
    }
    return
  }
}
