// Pattern: two herds of a segment that hand one L1 buffer from one to the
//   other: @scale (one tile) computes into the segment's scratch, @offset
//   (another tile) reads it back and sends the result. The herds are
//   synchronous, so @scale completes before @offset starts, and the scratch
//   is never touched by two at once.
//   Lowered, the scratch is one buffer in the memory both cores reach, with
//   a ring of locks giving the cores turns in that order (docs/compile.md,
//   "Shared L1").
// Source: seed 000 (AIR compute model) 1.2 (an L1 allocation outside a herd
//   is visible to the herds it is passed to) and 2.3 (synchronous ops run
//   in program order); upstream's air-to-aie shares such a buffer between
//   cores with producer/consumer locks (AIRToAIEPass.cpp, shared L1).
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @handoff(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      air.channel.put @In[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
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
      air.channel.get @Out[] (%y[] [] []) : (memref<64xi32>)
    }
    return
  }
}
