// Pattern: the full memory hierarchy with channels only (no DMA ops).
//   L3 -> L2: the launch body puts a 64x64 row panel on @l3_l2; the segment
//             gets it into an L2 buffer.
//   L2 -> L1: the segment puts one 32x32 block per tile on @l2_l1 [2, 2] (a
//             reduced scf.parallel); each tile of the 2x2 herd gets its block.
//   L1 -> L2 -> L3: tiles put the result (exp of each element) on
//             @l1_l2 [2, 2]; the segment gathers the blocks into L2 and puts
//             the panel on @l2_l3, which the launch body gets into L3.
//   Every channel has one producer body and one consumer body at different
//   hierarchy levels; no consumer depends on its producer's enclosing op.
// Source: seed 002 (paper) Section 5.2.2 ("air.channel operation references
//   can cross levels of the AIR construct hierarchy", put/get placed in the
//   regions local to their memory) and Section 7.4 (decoupled put/get
//   replacing memcpy); seed 000 (AIR compute model), Section 1.3 and 2.5.
#mul64 = affine_map<()[s0] -> (s0 * 64)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @l3_l2 []
  air.channel @l2_l1 [2, 2]
  air.channel @l1_l2 [2, 2]
  air.channel @l2_l3 []
  func.func @exp_2d(%src: memref<128x64xf32>, %dst: memref<128x64xf32>) {
    %c2 = arith.constant 2 : index
    %tl = air.launch async (%lx) in (%nlx=%c2) args(%a=%src, %b=%dst) : memref<128x64xf32>, memref<128x64xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %row = affine.apply #mul64()[%lx]
      %p_in = air.channel.put async @l3_l2[] (%a[%row, %c0] [%c64, %c64] [%c64, %c1]) {id = 1 : i32} : (memref<128x64xf32>)
      %seg = air.segment @exp_seg async {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64_s = arith.constant 64 : index
        %t1, %pin = air.execute -> (memref<64x64xf32, 1 : i32>) {
          %m = memref.alloc() : memref<64x64xf32, 1 : i32>
          air.execute_terminator %m : memref<64x64xf32, 1 : i32>
        }
        %t2, %pout = air.execute -> (memref<64x64xf32, 1 : i32>) {
          %m = memref.alloc() : memref<64x64xf32, 1 : i32>
          air.execute_terminator %m : memref<64x64xf32, 1 : i32>
        }
        %g_in = air.channel.get async [%t1] @l3_l2[] (%pin[] [] []) {id = 2 : i32} : (memref<64x64xf32, 1 : i32>)
        %scatter = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c2_s, %c2_s) step (%c1_s, %c1_s) init (%g_in) -> !air.async.token {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %p = air.channel.put async [%g_in] @l2_l1[%i, %j] (%pin[%r, %q] [%c32, %c32] [%c64_s, %c1_s]) {id = 3 : i32} : (memref<64x64xf32, 1 : i32>)
          scf.reduce(%p : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @exp_herd async tile (%tx, %ty) in (%sx=%c2_s, %sy=%c2_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %ta, %blk = air.execute -> (memref<32x32xf32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xf32, 2 : i32>
            air.execute_terminator %m : memref<32x32xf32, 2 : i32>
          }
          %g = air.channel.get async [%ta] @l2_l1[%tx, %ty] (%blk[] [] []) {id = 4 : i32} : (memref<32x32xf32, 2 : i32>)
          %e = air.execute [%g] {
            scf.for %u = %c0_h to %c32_h step %c1_h {
              scf.for %v = %c0_h to %c32_h step %c1_h {
                %x = memref.load %blk[%u, %v] : memref<32x32xf32, 2 : i32>
                %y = math.exp %x : f32
                memref.store %y, %blk[%u, %v] : memref<32x32xf32, 2 : i32>
              }
            }
          }
          %p = air.channel.put async [%e] @l1_l2[%tx, %ty] (%blk[] [] []) {id = 5 : i32} : (memref<32x32xf32, 2 : i32>)
          %f = air.execute [%p] {
            memref.dealloc %blk : memref<32x32xf32, 2 : i32>
          }
          air.herd_terminator
        }
        %gather = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c2_s, %c2_s) step (%c1_s, %c1_s) init (%t2) -> !air.async.token {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %g = air.channel.get async [%t2] @l1_l2[%i, %j] (%pout[%r, %q] [%c32, %c32] [%c64_s, %c1_s]) {id = 6 : i32} : (memref<64x64xf32, 1 : i32>)
          scf.reduce(%g : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %p_out = air.channel.put async [%gather] @l2_l3[] (%pout[] [] []) {id = 7 : i32} : (memref<64x64xf32, 1 : i32>)
        %f1 = air.execute [%scatter] {
          memref.dealloc %pin : memref<64x64xf32, 1 : i32>
        }
        %f2 = air.execute [%p_out] {
          memref.dealloc %pout : memref<64x64xf32, 1 : i32>
        }
        air.wait_all [%h, %f1, %f2]
        air.segment_terminator
      }
      %g_out = air.channel.get async @l2_l3[] (%b[%row, %c0] [%c64, %c64] [%c64, %c1]) {id = 8 : i32} : (memref<128x64xf32>)
      air.wait_all [%p_in, %seg, %g_out]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
