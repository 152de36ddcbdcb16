// The herd of id-branches.mlir with affine.if on its ids instead of scf.if
// (the form upstream's passes print; written for validate/id-branches.test).
#first = affine_set<(d0) : (d0 == 0)>
module {
  air.channel @In [2, 1]
  air.channel @Out [2, 1]
  func.func @roles(%a: memref<32xi32>, %b: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<32xi32>, memref<32xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      air.channel.put @In[%c0, %c0] (%x[%c0] [%c16] [%c1_l]) : (memref<32xi32>)
      air.channel.put @In[%c1_l, %c0] (%x[%c16] [%c16] [%c1_l]) : (memref<32xi32>)
      air.segment @seg {
        %c2 = arith.constant 2 : index
        %c1_s = arith.constant 1 : index
        air.herd @roles tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16_h = arith.constant 16 : index
          %one = arith.constant 1 : i32
          %two = arith.constant 2 : i32
          %in = memref.alloc() : memref<16xi32, 2 : i32>
          %out = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<16xi32, 2 : i32>)
          affine.if #first(%tx) {
            scf.for %i = %c0_h to %c16_h step %c1_h {
              %v = memref.load %in[%i] : memref<16xi32, 2 : i32>
              %w = arith.addi %v, %one : i32
              memref.store %w, %out[%i] : memref<16xi32, 2 : i32>
            }
          } else {
            scf.for %i = %c0_h to %c16_h step %c1_h {
              %v = memref.load %in[%i] : memref<16xi32, 2 : i32>
              %w = arith.addi %v, %two : i32
              memref.store %w, %out[%i] : memref<16xi32, 2 : i32>
            }
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<16xi32, 2 : i32>)
          memref.dealloc %in : memref<16xi32, 2 : i32>
          memref.dealloc %out : memref<16xi32, 2 : i32>
        }
      }
      air.channel.get @Out[%c0, %c0] (%y[%c0] [%c16] [%c1_l]) : (memref<32xi32>)
      air.channel.get @Out[%c1_l, %c0] (%y[%c16] [%c16] [%c1_l]) : (memref<32xi32>)
    }
    return
  }
}
