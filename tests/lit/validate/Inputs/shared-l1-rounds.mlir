// shared_l1_handoff (corpus/positive) with the segment's scratch allocated
// in a loop of two rounds: each round's scratch is handed from @scale to
// @offset, so the cores take four turns with the one buffer, two per
// round, in program order (docs/validate.md, "Shared L1": the allocating
// block runs as many times as the loops around it trip).
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @handoff(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      %c0_l = arith.constant 0 : index
      %c2_l = arith.constant 2 : index
      %c1_l = arith.constant 1 : index
      scf.for %r = %c0_l to %c2_l step %c1_l {
        air.channel.put @In[] (%x[] [] []) : (memref<64xi32>)
      }
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c0_r = arith.constant 0 : index
        %c2_r = arith.constant 2 : index
        %c1_r = arith.constant 1 : index
        scf.for %round = %c0_r to %c2_r step %c1_r {
          %scratch = memref.alloc() : memref<64xi32, 2 : i32>
          air.herd @scale tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
            %c0 = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c64 = arith.constant 64 : index
            %three = arith.constant 3 : i32
            %in = memref.alloc() : memref<64xi32, 2 : i32>
            air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
              %w = arith.muli %v, %three : i32
              memref.store %w, %s[%i] : memref<64xi32, 2 : i32>
            }
            memref.dealloc %in : memref<64xi32, 2 : i32>
          }
          air.herd @offset tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
            %c0 = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c64 = arith.constant 64 : index
            %one = arith.constant 1 : i32
            %out = memref.alloc() : memref<64xi32, 2 : i32>
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %s[%i] : memref<64xi32, 2 : i32>
              %w = arith.addi %v, %one : i32
              memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
            }
            air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
            memref.dealloc %out : memref<64xi32, 2 : i32>
          }
          memref.dealloc %scratch : memref<64xi32, 2 : i32>
        }
      }
      scf.for %r = %c0_l to %c2_l step %c1_l {
        air.channel.get @Out[] (%y[] [] []) : (memref<64xi32>)
      }
    }
    return
  }
}
