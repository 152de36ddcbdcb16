// A core that hands its buffer out 70,000 times (tests/lit/validate/many-rounds.test).
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @square(%a: memref<280000xi32>, %b: memref<280000xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<280000xi32>, memref<280000xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 70000 : index
      %c64 = arith.constant 4 : index
      scf.for %i = %c0 to %c2 step %c1_l {
        %off = arith.muli %i, %c64 : index
        air.channel.put @In[] (%x[%off] [%c64] [%c1_l]) : (memref<280000xi32>)
      }
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 70000 : index
          %c64_h = arith.constant 4 : index
          %buf = memref.alloc() : memref<4xi32, 2 : i32>
          scf.for %i = %c0_h to %c2_h step %c1_h {
            air.channel.get @In[%tx, %ty] (%buf[] [] []) : (memref<4xi32, 2 : i32>)
            scf.for %j = %c0_h to %c64_h step %c1_h {
              %v = memref.load %buf[%j] : memref<4xi32, 2 : i32>
              %w = arith.muli %v, %v : i32
              memref.store %w, %buf[%j] : memref<4xi32, 2 : i32>
            }
            air.channel.put @Out[%tx, %ty] (%buf[] [] []) : (memref<4xi32, 2 : i32>)
          }
        }
      }
      scf.for %i = %c0 to %c2 step %c1_l {
        %off = arith.muli %i, %c64 : index
        air.channel.get @Out[] (%y[%off] [%c64] [%c1_l]) : (memref<280000xi32>)
      }
    }
    return
  }
}
