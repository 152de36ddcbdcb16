// Pattern: 4-D wrap-and-stride access patterns on channels (loop nests
//   folded into offsets/sizes/strides). The launch body streams a 128x128
//   matrix block by block with one put whose pattern is
//   [4, 4, 32, 32] / [4096, 32, 128, 1]; the segment receives the stream into
//   a contiguous 16x32x32 block buffer with one get, hands block (i, j) to
//   tile (i, j) of a 4x4 herd, collects the scaled blocks and streams them
//   back; the launch body's get uses the inverse 4-D pattern to restore the
//   row-major layout. Each channel index carries exactly one put and one get.
// Source: seed 003 (GEMM case study), section
//   "air-specialize-channel-wrap-and-stride" (perfect scf.for nests folded
//   into extra wrap/stride dimensions, e.g. [%c4, %c4, %c32, %c32]
//   [%c4096, %c32, %c128, %c1]); seed 000 Section 2.4 (offsets/sizes/strides
//   semantics).
#blk = affine_map<()[s0, s1] -> (s0 * 4 + s1)>
module {
  air.channel @w_in []
  air.channel @w_l1 [4, 4]
  air.channel @w_back [4, 4]
  air.channel @w_out []
  func.func @blocked_scale(%A: memref<128x128xf32>, %C: memref<128x128xf32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%a=%A, %c=%C) : memref<128x128xf32>, memref<128x128xf32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c4096 = arith.constant 4096 : index
      %p = air.channel.put async @w_in[] (%a[%c0, %c0, %c0, %c0] [%c4, %c4, %c32, %c32] [%c4096, %c32, %c128, %c1_l]) {id = 1 : i32} : (memref<128x128xf32>)
      %seg = air.segment @blocked_seg async {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4_s = arith.constant 4 : index
        %c32_s = arith.constant 32 : index
        %c1024 = arith.constant 1024 : index
        %ta, %blocks = air.execute -> (memref<16x32x32xf32, 1 : i32>) {
          %m = memref.alloc() : memref<16x32x32xf32, 1 : i32>
          air.execute_terminator %m : memref<16x32x32xf32, 1 : i32>
        }
        %g = air.channel.get async [%ta] @w_in[] (%blocks[] [] []) {id = 2 : i32} : (memref<16x32x32xf32, 1 : i32>)
        %scatter = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c4_s, %c4_s) step (%c1_s, %c1_s) init (%g) -> !air.async.token {
          %b = affine.apply #blk()[%i, %j]
          %pp = air.channel.put async [%g] @w_l1[%i, %j] (%blocks[%b, %c0_s, %c0_s] [%c1_s, %c32_s, %c32_s] [%c1024, %c32_s, %c1_s]) {id = 3 : i32} : (memref<16x32x32xf32, 1 : i32>)
          scf.reduce(%pp : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @scale_blocks async tile (%tx, %ty) in (%nx=%c4_s, %ny=%c4_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %k = arith.constant 0.25 : f32
          %tb, %t = air.execute -> (memref<32x32xf32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xf32, 2 : i32>
            air.execute_terminator %m : memref<32x32xf32, 2 : i32>
          }
          %gg = air.channel.get async [%tb] @w_l1[%tx, %ty] (%t[] [] []) {id = 4 : i32} : (memref<32x32xf32, 2 : i32>)
          %e = air.execute [%gg] {
            scf.for %u = %c0_h to %c32_h step %c1_h {
              scf.for %v = %c0_h to %c32_h step %c1_h {
                %x = memref.load %t[%u, %v] : memref<32x32xf32, 2 : i32>
                %y = arith.mulf %x, %k : f32
                memref.store %y, %t[%u, %v] : memref<32x32xf32, 2 : i32>
              }
            }
          }
          %pb = air.channel.put async [%e] @w_back[%tx, %ty] (%t[] [] []) {id = 5 : i32} : (memref<32x32xf32, 2 : i32>)
          %f = air.execute [%pb] {
            memref.dealloc %t : memref<32x32xf32, 2 : i32>
          }
          air.herd_terminator
        }
        %gather = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c4_s, %c4_s) step (%c1_s, %c1_s) init (%scatter) -> !air.async.token {
          %b = affine.apply #blk()[%i, %j]
          %gg = air.channel.get async [%scatter] @w_back[%i, %j] (%blocks[%b, %c0_s, %c0_s] [%c1_s, %c32_s, %c32_s] [%c1024, %c32_s, %c1_s]) {id = 6 : i32} : (memref<16x32x32xf32, 1 : i32>)
          scf.reduce(%gg : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %po = air.channel.put async [%gather] @w_out[] (%blocks[] [] []) {id = 7 : i32} : (memref<16x32x32xf32, 1 : i32>)
        %f = air.execute [%po] {
          memref.dealloc %blocks : memref<16x32x32xf32, 1 : i32>
        }
        air.wait_all [%h, %f]
        air.segment_terminator
      }
      %go = air.channel.get async @w_out[] (%c[%c0, %c0, %c0, %c0] [%c4, %c4, %c32, %c32] [%c4096, %c32, %c128, %c1_l]) {id = 8 : i32} : (memref<128x128xf32>)
      air.wait_all [%p, %seg, %go]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
