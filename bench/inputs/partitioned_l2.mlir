// Bench input for bench/lint_cost.py: a GEMM-like program whose L2 buffers
// are partitioned, in the forms air-split-l2-memref and the broadcast
// specialisation leave behind.
//   * %a2 (L2) is filled by four gets of @a_l3 at row offsets 0, 32, 64, 96,
//     and read back through four memref.subview partitions, each put on its
//     own broadcast channel @a_r<i> with empty offsets but explicit sizes and
//     strides; the herd picks its row's channel with a chain of affine.if ...
//     else.
//   * %b2 (L2) is put per herd column on @b_l1 at column offsets.
//   * %c2 (L2) gathers the 4x4 herd's tiles, is read again through subview
//     row panels by a second herd, whose rows %o2 gathers at row offsets.
// Counts per index: @a_l3 8/8, @b_l3 8/8, @a_r<i> 8/8 at each of its four
// destinations, @b_l1 8/8, @c_l1 1/1, @n_l1 1/1, @o_l1 1/1, @c_l3 1/1.
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
#by32 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @a_l3 [4, 1]
  air.channel @b_l3 [1, 1]
  air.channel @a_r0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r2 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r3 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @b_l1 [1, 4] {broadcast_shape = [4, 4]}
  air.channel @c_l1 [4, 4]
  air.channel @n_l1 [4, 1]
  air.channel @o_l1 [4, 1]
  air.channel @c_l3 [1, 1]
  func.func @partitioned_l2(%A: memref<128x512xbf16>, %B: memref<512x128xbf16>, %C: memref<128x128xf32>) {
    %one = arith.constant 1 : index
    %l = air.launch async (%lx, %ly) in (%nx=%one, %ny=%one) args(%a=%A, %b=%B, %c=%C) : memref<128x512xbf16>, memref<512x128xbf16>, memref<128x128xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c96 = arith.constant 96 : index
      %c128 = arith.constant 128 : index
      %c512 = arith.constant 512 : index
      scf.for %k = %c0 to %c512 step %c64 {
        air.channel.put @a_l3[%c0, %c0] (%a[%c0, %k] [%c32, %c64] [%c512, %c1]) : (memref<128x512xbf16>)
        air.channel.put @a_l3[%c1, %c0] (%a[%c32, %k] [%c32, %c64] [%c512, %c1]) : (memref<128x512xbf16>)
        air.channel.put @a_l3[%c2, %c0] (%a[%c64, %k] [%c32, %c64] [%c512, %c1]) : (memref<128x512xbf16>)
        air.channel.put @a_l3[%c3, %c0] (%a[%c96, %k] [%c32, %c64] [%c512, %c1]) : (memref<128x512xbf16>)
        air.channel.put @b_l3[] (%b[%k, %c0] [%c64, %c128] [%c128, %c1]) : (memref<512x128xbf16>)
      }
      %s = air.segment @seg async {
        %z = arith.constant 0 : index
        %o = arith.constant 1 : index
        %two = arith.constant 2 : index
        %three = arith.constant 3 : index
        %four = arith.constant 4 : index
        %eight = arith.constant 8 : index
        %s32 = arith.constant 32 : index
        %s64 = arith.constant 64 : index
        %s96 = arith.constant 96 : index
        %s128 = arith.constant 128 : index
        %a2 = memref.alloc() : memref<128x64xbf16, 1>
        %b2 = memref.alloc() : memref<64x128xbf16, 1>
        %c2s = memref.alloc() : memref<128x128xf32, 1>
        %o2 = memref.alloc() : memref<128x128xf32, 1>
        %mm = air.herd @mm async tile (%x, %y) in (%hx=%four, %hy=%four) args(%trips=%eight) : index {
          %hz = arith.constant 0 : index
          %ho = arith.constant 1 : index
          %la = memref.alloc() : memref<32x64xbf16, 2>
          %lb = memref.alloc() : memref<64x32xbf16, 2>
          %acc = memref.alloc() : memref<32x32xf32, 2>
          scf.for %t = %hz to %trips step %ho {
            affine.if #row0()[%x, %y] {
              air.channel.get @a_r0[%x, %y] (%la[] [] []) : (memref<32x64xbf16, 2>)
            } else {
              affine.if #row1()[%x, %y] {
                air.channel.get @a_r1[%x, %y] (%la[] [] []) : (memref<32x64xbf16, 2>)
              } else {
                affine.if #row2()[%x, %y] {
                  air.channel.get @a_r2[%x, %y] (%la[] [] []) : (memref<32x64xbf16, 2>)
                } else {
                  air.channel.get @a_r3[%x, %y] (%la[] [] []) : (memref<32x64xbf16, 2>)
                }
              }
            }
            air.channel.get @b_l1[%x, %y] (%lb[] [] []) : (memref<64x32xbf16, 2>)
          }
          air.channel.put @c_l1[%x, %y] (%acc[] [] []) : (memref<32x32xf32, 2>)
        }
        %norm = air.herd @norm async tile (%x, %y) in (%hx=%four, %hy=%o) {
          %row = memref.alloc() : memref<32x128xf32, 2>
          air.channel.get @n_l1[%x, %y] (%row[] [] []) : (memref<32x128xf32, 2>)
          air.channel.put @o_l1[%x, %y] (%row[] [] []) : (memref<32x128xf32, 2>)
        }
        %a2p0 = memref.subview %a2[0, 0] [32, 64] [1, 1] : memref<128x64xbf16, 1> to memref<32x64xbf16, strided<[64, 1]>, 1>
        %a2p1 = memref.subview %a2[32, 0] [32, 64] [1, 1] : memref<128x64xbf16, 1> to memref<32x64xbf16, strided<[64, 1], offset: 2048>, 1>
        %a2p2 = memref.subview %a2[64, 0] [32, 64] [1, 1] : memref<128x64xbf16, 1> to memref<32x64xbf16, strided<[64, 1], offset: 4096>, 1>
        %a2p3 = memref.subview %a2[96, 0] [32, 64] [1, 1] : memref<128x64xbf16, 1> to memref<32x64xbf16, strided<[64, 1], offset: 6144>, 1>
        scf.for %k = %z to %eight step %o {
          air.channel.get @a_l3[%z, %z] (%a2[%z, %z] [%s32, %s64] [%s64, %o]) : (memref<128x64xbf16, 1>)
          air.channel.get @a_l3[%o, %z] (%a2[%s32, %z] [%s32, %s64] [%s64, %o]) : (memref<128x64xbf16, 1>)
          air.channel.get @a_l3[%two, %z] (%a2[%s64, %z] [%s32, %s64] [%s64, %o]) : (memref<128x64xbf16, 1>)
          air.channel.get @a_l3[%three, %z] (%a2[%s96, %z] [%s32, %s64] [%s64, %o]) : (memref<128x64xbf16, 1>)
          air.channel.get @b_l3[] (%b2[] [] []) : (memref<64x128xbf16, 1>)
          air.channel.put @a_r0[] (%a2p0[] [%s32, %s64] [%s64, %o]) : (memref<32x64xbf16, strided<[64, 1]>, 1>)
          air.channel.put @a_r1[] (%a2p1[] [%s32, %s64] [%s64, %o]) : (memref<32x64xbf16, strided<[64, 1], offset: 2048>, 1>)
          air.channel.put @a_r2[] (%a2p2[] [%s32, %s64] [%s64, %o]) : (memref<32x64xbf16, strided<[64, 1], offset: 4096>, 1>)
          air.channel.put @a_r3[] (%a2p3[] [%s32, %s64] [%s64, %o]) : (memref<32x64xbf16, strided<[64, 1], offset: 6144>, 1>)
          scf.parallel (%j) = (%z) to (%four) step (%o) {
            %col = affine.apply #by32()[%j]
            air.channel.put @b_l1[%z, %j] (%b2[%z, %col] [%s64, %s32] [%s128, %o]) : (memref<64x128xbf16, 1>)
            scf.reduce
          }
        }
        scf.parallel (%i, %j) = (%z, %z) to (%four, %four) step (%o, %o) {
          %r = affine.apply #by32()[%i]
          %col = affine.apply #by32()[%j]
          air.channel.get @c_l1[%i, %j] (%c2s[%r, %col] [%s32, %s32] [%s128, %o]) : (memref<128x128xf32, 1>)
          scf.reduce
        }
        scf.parallel (%i) = (%z) to (%four) step (%o) {
          %r = affine.apply #by32()[%i]
          %panel = memref.subview %c2s[%r, 0] [32, 128] [1, 1] : memref<128x128xf32, 1> to memref<32x128xf32, strided<[128, 1], offset: ?>, 1>
          air.channel.put @n_l1[%i, %z] (%panel[] [%s32, %s128] [%s128, %o]) : (memref<32x128xf32, strided<[128, 1], offset: ?>, 1>)
          scf.reduce
        }
        air.channel.get @o_l1[%z, %z] (%o2[%z, %z] [%s32, %s128] [%s128, %o]) : (memref<128x128xf32, 1>)
        air.channel.get @o_l1[%o, %z] (%o2[%s32, %z] [%s32, %s128] [%s128, %o]) : (memref<128x128xf32, 1>)
        air.channel.get @o_l1[%two, %z] (%o2[%s64, %z] [%s32, %s128] [%s128, %o]) : (memref<128x128xf32, 1>)
        air.channel.get @o_l1[%three, %z] (%o2[%s96, %z] [%s32, %s128] [%s128, %o]) : (memref<128x128xf32, 1>)
        air.channel.put @c_l3[] (%o2[] [%s128, %s128] [%s128, %o]) : (memref<128x128xf32, 1>)
      }
      air.channel.get @c_l3[] (%c[] [%c128, %c128] [%c128, %c1]) : (memref<128x128xf32>)
    }
    return
  }
}
