// shared_l1_handoff (corpus/positive) with a second reader: @scale writes
// the segment's scratch, then @offset and @double read it, in that order
// (their tokens chain them; two readers with no order between them would
// be refused by compile). Validation reads the turns in the ring's order.
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  air.channel @Out2 [1, 1]
  func.func @handoff(%a: memref<64xi32>, %b: memref<64xi32>, %c: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b, %z=%c) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
      air.channel.put @In[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %scratch = memref.alloc() : memref<64xi32, 2 : i32>
        %h1 = air.herd @scale async tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
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
        %h2 = air.herd @offset async [%h1] tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
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
        %h3 = air.herd @double async [%h2] tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 4 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %i = %c0 to %c64 step %c1_h {
            %v = memref.load %s[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @Out2[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
        air.wait_all [%h3]
        memref.dealloc %scratch : memref<64xi32, 2 : i32>
      }
      air.channel.get @Out[] (%y[] [] []) : (memref<64xi32>)
      air.channel.get @Out2[] (%z[] [] []) : (memref<64xi32>)
    }
    return
  }
}
