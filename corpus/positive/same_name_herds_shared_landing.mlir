// Two passes of one herd name over one landing buffer. A segment loads a
// 128-element vector into L2 and broadcasts its two halves, one per pass, to
// a 2x1 herd @pass. The landing buffer is allocated in the segment, so each
// tile holds one copy of it (seed 000 4b), and both herd ops of the name run
// on the same tiles one after the other (upstream's placement): the first
// pass scales the first half by 3, the second adds 7 to the second half.
// Each tile writes its results to its own slice of the output.
//
// Compile gives each tile one buffer with one lock pair for the landing
// copy, and one S2MM channel that takes both passes' broadcasts in the run's
// order (docs/compile.md, MergeStreams).
module {
  air.channel @Vec [1, 1]
  air.channel @First [1, 1] {broadcast_shape = [2, 1]}
  air.channel @Second [1, 1] {broadcast_shape = [2, 1]}
  air.channel @Scaled [2, 1]
  air.channel @Shifted [2, 1]
  func.func @two_passes(%in: memref<128xi32>, %out: memref<256xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%src=%in, %dst=%out) : memref<128xi32>, memref<256xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c64_l = arith.constant 64 : index
      %c128_l = arith.constant 128 : index
      %c192_l = arith.constant 192 : index
      air.channel.put @Vec[] (%src[] [] []) : (memref<128xi32>)
      air.segment @passes {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c64 = arith.constant 64 : index
        %vec = memref.alloc() : memref<128xi32, 1 : i32>
        %landing = memref.alloc() : memref<64xi32, 2 : i32>
        air.channel.get @Vec[] (%vec[] [] []) : (memref<128xi32, 1 : i32>)
        air.channel.put @First[] (%vec[%c0] [%c64] [%c1_s]) : (memref<128xi32, 1 : i32>)
        air.herd @pass tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) args(%l=%landing) : memref<64xi32, 2 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64_h = arith.constant 64 : index
          %c3 = arith.constant 3 : i32
          %res = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @First[%tx, %ty] (%l[] [] []) : (memref<64xi32, 2 : i32>)
          scf.for %i = %c0_h to %c64_h step %c1_h {
            %v = memref.load %l[%i] : memref<64xi32, 2 : i32>
            %w = arith.muli %v, %c3 : i32
            memref.store %w, %res[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @Scaled[%tx, %ty] (%res[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %res : memref<64xi32, 2 : i32>
        }
        air.channel.put @Second[] (%vec[%c64] [%c64] [%c1_s]) : (memref<128xi32, 1 : i32>)
        air.herd @pass tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) args(%l=%landing) : memref<64xi32, 2 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64_h = arith.constant 64 : index
          %c7 = arith.constant 7 : i32
          %res = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @Second[%tx, %ty] (%l[] [] []) : (memref<64xi32, 2 : i32>)
          scf.for %i = %c0_h to %c64_h step %c1_h {
            %v = memref.load %l[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %c7 : i32
            memref.store %w, %res[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @Shifted[%tx, %ty] (%res[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %res : memref<64xi32, 2 : i32>
        }
        memref.dealloc %landing : memref<64xi32, 2 : i32>
        memref.dealloc %vec : memref<128xi32, 1 : i32>
      }
      air.channel.get @Scaled[%c0_l, %c0_l] (%dst[%c0_l] [%c64_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Scaled[%c1_l, %c0_l] (%dst[%c64_l] [%c64_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Shifted[%c0_l, %c0_l] (%dst[%c128_l] [%c64_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Shifted[%c1_l, %c0_l] (%dst[%c192_l] [%c64_l] [%c1_l]) : (memref<256xi32>)
    }
    return
  }
}
