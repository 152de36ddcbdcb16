// Pattern: a runtime flag chooses which L3 buffer feeds the herd. Both
//   branches of the scf.if put once on @c, so the channel balances on every
//   path whatever the flag (the condition itself is not affine).
// Source: seed 000 (AIR compute model), section 2.5, "Balance requirement":
//   for channels inside conditional branches, balance must hold
//   independently on each branch.
module {
  air.channel @c [1, 1]
  func.func @choose(%a: memref<256xi32>, %b: memref<256xi32>, %flag: i1) {
    air.launch () in () args(%la=%a, %lb=%b, %lf=%flag) : memref<256xi32>, memref<256xi32>, i1 {
      air.segment @seg args(%sa=%la, %sb=%lb, %sf=%lf) : memref<256xi32>, memref<256xi32>, i1 {
        %c1 = arith.constant 1 : index
        scf.if %sf {
          %sent0 = air.channel.put async @c[] (%sa[] [] []) : (memref<256xi32>)
        } else {
          %sent1 = air.channel.put async @c[] (%sb[] [] []) : (memref<256xi32>)
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
