// A core whose value doubles its form 25 times (tests/lit/validate/large-forms.test).
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @square(%a: memref<128xi32>, %b: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<128xi32>, memref<128xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      scf.for %i = %c0 to %c2 step %c1_l {
        %off = arith.muli %i, %c64 : index
        air.channel.put @In[] (%x[%off] [%c64] [%c1_l]) : (memref<128xi32>)
      }
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c64_h = arith.constant 64 : index
          %buf = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %i = %c0_h to %c2_h step %c1_h {
            air.channel.get @In[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
            scf.for %j = %c0_h to %c64_h step %c1_h {
              %v = memref.load %buf[%j] : memref<64xi32, 2 : i32>
              %x0 = arith.addi %v, %v : i32
              %x1 = arith.addi %x0, %x0 : i32
              %x2 = arith.addi %x1, %x1 : i32
              %x3 = arith.addi %x2, %x2 : i32
              %x4 = arith.addi %x3, %x3 : i32
              %x5 = arith.addi %x4, %x4 : i32
              %x6 = arith.addi %x5, %x5 : i32
              %x7 = arith.addi %x6, %x6 : i32
              %x8 = arith.addi %x7, %x7 : i32
              %x9 = arith.addi %x8, %x8 : i32
              %x10 = arith.addi %x9, %x9 : i32
              %x11 = arith.addi %x10, %x10 : i32
              %x12 = arith.addi %x11, %x11 : i32
              %x13 = arith.addi %x12, %x12 : i32
              %x14 = arith.addi %x13, %x13 : i32
              %x15 = arith.addi %x14, %x14 : i32
              %x16 = arith.addi %x15, %x15 : i32
              %x17 = arith.addi %x16, %x16 : i32
              %x18 = arith.addi %x17, %x17 : i32
              %x19 = arith.addi %x18, %x18 : i32
              %x20 = arith.addi %x19, %x19 : i32
              %x21 = arith.addi %x20, %x20 : i32
              %x22 = arith.addi %x21, %x21 : i32
              %x23 = arith.addi %x22, %x22 : i32
              %w = arith.addi %x23, %x23 : i32
              memref.store %w, %buf[%j] : memref<64xi32, 2 : i32>
            }
            air.channel.put @Out[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
          }
        }
      }
      scf.for %i = %c0 to %c2 step %c1_l {
        %off = arith.muli %i, %c64 : index
        air.channel.get @Out[] (%y[%off] [%c64] [%c1_l]) : (memref<128xi32>)
      }
    }
    return
  }
}
