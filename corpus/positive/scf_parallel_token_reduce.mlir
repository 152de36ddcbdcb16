// Pattern: scf.parallel with an init token and a token reduction. Each
//   instance of a 2x2 scf.parallel in the segment body puts one 16x16 block
//   of an L2 tile into @to_tiles[%i, %j]; every instance waits for the same
//   init token (the DMA that filled L2), and scf.reduce merges the instance
//   tokens pairwise with air.wait_all. A matching 2x2 herd gets its block at
//   [%tx, %ty], negates it and returns it on @from_tiles, which a second
//   reduced scf.parallel drains back into L2.
//   Per index: one put and one get on each channel.
// Source: seed 000 (AIR compute model), Section 2.2 "scf.parallel --
//   broadcast and tree-reduction of tokens" (init token, scf.reduce with
//   air.wait_all); seed 002 (paper) Section 7.3.1, Fig. 4(c)/(f).
#mul16 = affine_map<()[s0] -> (s0 * 16)>
module {
  air.channel @to_tiles [2, 2]
  air.channel @from_tiles [2, 2]
  func.func @negate_blocks(%arg0: memref<32x32xf32>, %arg1: memref<32x32xf32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%src=%arg0, %dst=%arg1) : memref<32x32xf32>, memref<32x32xf32> {
      %ts = air.segment @seg_0 async args(%ssrc=%src, %sdst=%dst) : memref<32x32xf32>, memref<32x32xf32> {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c16 = arith.constant 16 : index
        %c32 = arith.constant 32 : index
        %ta, %l2 = air.execute -> (memref<32x32xf32, 1 : i32>) {
          %m = memref.alloc() : memref<32x32xf32, 1 : i32>
          air.execute_terminator %m : memref<32x32xf32, 1 : i32>
        }
        %t_in = air.dma_memcpy_nd async [%ta] (%l2[] [] [], %ssrc[] [] []) {id = 1 : i32} : (memref<32x32xf32, 1 : i32>, memref<32x32xf32>)
        %t_out = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1_s, %c1_s) init (%t_in) -> !air.token {
          %r = affine.apply #mul16()[%i]
          %q = affine.apply #mul16()[%j]
          %t_instance = air.channel.put async [%t_in] @to_tiles[%i, %j] (%l2[%r, %q] [%c16, %c16] [%c32, %c1_s]) {id = 2 : i32} : (memref<32x32xf32, 1 : i32>)
          scf.reduce(%t_instance : !air.token) {
          ^bb0(%a: !air.token, %b: !air.token):
            %t_merge = air.wait_all async [%a, %b]
            scf.reduce.return %t_merge : !air.token
          }
        }
        %h = air.herd @negate async tile (%tx, %ty) in (%sx=%c2, %sy=%c2) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16_h = arith.constant 16 : index
          %t1, %blk = air.execute -> (memref<16x16xf32, 2 : i32>) {
            %m = memref.alloc() : memref<16x16xf32, 2 : i32>
            air.execute_terminator %m : memref<16x16xf32, 2 : i32>
          }
          %g = air.channel.get async [%t1] @to_tiles[%tx, %ty] (%blk[] [] []) {id = 3 : i32} : (memref<16x16xf32, 2 : i32>)
          %e = air.execute [%g] {
            scf.for %u = %c0_h to %c16_h step %c1_h {
              scf.for %v = %c0_h to %c16_h step %c1_h {
                %x = memref.load %blk[%u, %v] : memref<16x16xf32, 2 : i32>
                %y = arith.negf %x : f32
                memref.store %y, %blk[%u, %v] : memref<16x16xf32, 2 : i32>
              }
            }
          }
          %p = air.channel.put async [%e] @from_tiles[%tx, %ty] (%blk[] [] []) {id = 4 : i32} : (memref<16x16xf32, 2 : i32>)
          %f = air.execute [%p] {
            memref.dealloc %blk : memref<16x16xf32, 2 : i32>
          }
          air.herd_terminator
        }
        %t_back = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1_s, %c1_s) init (%t_out) -> !air.token {
          %r = affine.apply #mul16()[%i]
          %q = affine.apply #mul16()[%j]
          %g = air.channel.get async [%t_out] @from_tiles[%i, %j] (%l2[%r, %q] [%c16, %c16] [%c32, %c1_s]) {id = 5 : i32} : (memref<32x32xf32, 1 : i32>)
          scf.reduce(%g : !air.token) {
          ^bb0(%a: !air.token, %b: !air.token):
            %t_merge = air.wait_all async [%a, %b]
            scf.reduce.return %t_merge : !air.token
          }
        }
        %t_wb = air.dma_memcpy_nd async [%t_back] (%sdst[] [] [], %l2[] [] []) {id = 6 : i32} : (memref<32x32xf32>, memref<32x32xf32, 1 : i32>)
        %t_free = air.execute [%t_wb, %h] {
          memref.dealloc %l2 : memref<32x32xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
