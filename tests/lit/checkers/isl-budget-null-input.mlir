// An isl context past its operation budget fails every later call, even
// allocating a space; wrapping the NULL such a call returns made the next
// call fail with isl's "NULL input", which escaped the channel model and
// turned every channel check into an "internal error". Now each raw isl
// call is checked (the budget's own error is reported), the instance set is
// built inside its try, and each channel access gets a fresh budget: the
// accesses that exceed it are `unknown` with the reason, the others are
// still decided. The affine.if ... else chain below (five rows, as the
// broadcast specialisation emits one) is cheap at the default budget and
// over a tiny one for its deeper gets.
// RUN: air-check lint %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: air-check lint --isl-max-operations=20000 %s 2>&1 | FileCheck %s --check-prefix=TINY
// DEFAULT: air-check: 1 file, 0 errors, 0 warnings
// TINY-NOT: NULL input
// TINY-NOT: internal error
// TINY-NOT: @a_r0 is unknown
// TINY: the put/get balance of channel @{{a_r[1-4]}} is unknown: {{.*}}maximal number of operations exceeded
// TINY-NOT: NULL input
// TINY-NOT: internal error
#row0 = affine_set<()[s0, s1] : (s0 - 0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row3 = affine_set<()[s0, s1] : (s0 - 3 == 0, s1 >= 0, -s1 + 3 >= 0)>
module {
  air.channel @a_r0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r2 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r3 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @a_r4 [1, 1] {broadcast_shape = [1, 4]}
  func.func @f() {
    %one = arith.constant 1 : index
    %l = air.launch async (%lx) in (%nx=%one) {
      %s = air.segment @seg async {
        %z = arith.constant 0 : index
        %o = arith.constant 1 : index
        %four = arith.constant 4 : index
        %rr = arith.constant 5 : index
        %eight = arith.constant 8 : index
        %s32 = arith.constant 32 : index
        %a2 = memref.alloc() : memref<32xbf16, 1>
        %mm = air.herd @mm async tile (%x, %y) in (%hx=%rr, %hy=%four) args(%trips=%eight) : index {
          %hz = arith.constant 0 : index
          %ho = arith.constant 1 : index
          %la = memref.alloc() : memref<32xbf16, 2>
          scf.for %t = %hz to %trips step %ho {
            affine.if #row0()[%x, %y] {
              air.channel.get @a_r0[%x, %y] (%la[] [] []) : (memref<32xbf16, 2>)
            } else {
              affine.if #row1()[%x, %y] {
                air.channel.get @a_r1[%x, %y] (%la[] [] []) : (memref<32xbf16, 2>)
              } else {
                affine.if #row2()[%x, %y] {
                  air.channel.get @a_r2[%x, %y] (%la[] [] []) : (memref<32xbf16, 2>)
                } else {
                  affine.if #row3()[%x, %y] {
                    air.channel.get @a_r3[%x, %y] (%la[] [] []) : (memref<32xbf16, 2>)
                  } else {
                    air.channel.get @a_r4[%x, %y] (%la[] [] []) : (memref<32xbf16, 2>)
                  }
                }
              }
            }
          }
        }
        scf.for %k = %z to %eight step %o {
          air.channel.put @a_r0[] (%a2[] [%s32] [%o]) : (memref<32xbf16, 1>)
          air.channel.put @a_r1[] (%a2[] [%s32] [%o]) : (memref<32xbf16, 1>)
          air.channel.put @a_r2[] (%a2[] [%s32] [%o]) : (memref<32xbf16, 1>)
          air.channel.put @a_r3[] (%a2[] [%s32] [%o]) : (memref<32xbf16, 1>)
          air.channel.put @a_r4[] (%a2[] [%s32] [%o]) : (memref<32xbf16, 1>)
        }
      }
    }
    return
  }
}
