// Pattern: GEMM after air-split-l2-memref. The L2 panels of A and B are split
//   into four sub-buffers each, one per herd row (A) or herd column (B), fed
//   by sub-channels of @A_l3 [4, 1] and @B_l3 [1, 4]; per k chunk the launch
//   body issues one put per sub-channel and the segment one get into the
//   matching sub-buffer. From L2 to L1, A uses four separate channels
//   @A_l1_<i> [1, 1] {broadcast_shape = [1, 4]}: tiles with tx == i take
//   their get from @A_l1_<i>[0, ty], chosen by an affine.if chain (the
//   specialized broadcast form). B uses a single @B_l1 [1, 4] with
//   broadcast_shape [4, 4]. C returns over @C_l1 [4, 4] and @C_l3.
//   Counts per index: @A_l3/@B_l3 2 / 2; @A_l1_<i> 8 puts / 8 gets at each
//   of its 4 destinations; @B_l1 8 / 8; @C_l1 1 / 1; @C_l3 1 / 1.
// Source: seed 003 (GEMM case study), sections "air-split-l2-memref" (L2
//   memref split into 32-row buffers, sub-channel puts/gets such as
//   @channel_12[%c1, %c0]), "air-specialize-dma-broadcast" and
//   "air-dma-to-channel" (channel_0..3 [1, 1] with broadcast_shape [1, 4]).
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
module {
  air.channel @A_l3 [4, 1]
  air.channel @B_l3 [1, 4]
  air.channel @A_l1_0 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @A_l1_1 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @A_l1_2 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @A_l1_3 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @B_l1 [1, 4] {broadcast_shape = [4, 4]}
  air.channel @C_l1 [4, 4]
  air.channel @C_l3 [1, 1]
  func.func @gemm_split(%arg0: memref<128x256xi32>, %arg1: memref<256x128xi32>, %arg2: memref<128x128xi32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx, %ly) in (%nlx=%c1, %nly=%c1) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<128x256xi32>, memref<256x128xi32>, memref<128x128xi32> attributes {id = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c96 = arith.constant 96 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %t0 = air.wait_all async
      %pA = scf.for %k = %c0 to %c256 step %c128 iter_args(%tk = %t0) -> (!air.async.token) {
        %p0 = air.channel.put async [%tk] @A_l3[%c0, %c0] (%A[%c0, %k] [%c32, %c128] [%c256, %c1_l]) {id = 1 : i32} : (memref<128x256xi32>)
        %p1 = air.channel.put async [%tk] @A_l3[%c1_l, %c0] (%A[%c32, %k] [%c32, %c128] [%c256, %c1_l]) {id = 2 : i32} : (memref<128x256xi32>)
        %p2 = air.channel.put async [%tk] @A_l3[%c2, %c0] (%A[%c64, %k] [%c32, %c128] [%c256, %c1_l]) {id = 3 : i32} : (memref<128x256xi32>)
        %p3 = air.channel.put async [%tk] @A_l3[%c3, %c0] (%A[%c96, %k] [%c32, %c128] [%c256, %c1_l]) {id = 4 : i32} : (memref<128x256xi32>)
        %w = air.wait_all async [%p0, %p1, %p2, %p3]
        scf.yield %w : !air.async.token
      }
      %pB = scf.for %k = %c0 to %c256 step %c128 iter_args(%tk = %t0) -> (!air.async.token) {
        %p0 = air.channel.put async [%tk] @B_l3[%c0, %c0] (%B[%k, %c0] [%c128, %c32] [%c128, %c1_l]) {id = 5 : i32} : (memref<256x128xi32>)
        %p1 = air.channel.put async [%tk] @B_l3[%c0, %c1_l] (%B[%k, %c32] [%c128, %c32] [%c128, %c1_l]) {id = 6 : i32} : (memref<256x128xi32>)
        %p2 = air.channel.put async [%tk] @B_l3[%c0, %c2] (%B[%k, %c64] [%c128, %c32] [%c128, %c1_l]) {id = 7 : i32} : (memref<256x128xi32>)
        %p3 = air.channel.put async [%tk] @B_l3[%c0, %c3] (%B[%k, %c96] [%c128, %c32] [%c128, %c1_l]) {id = 8 : i32} : (memref<256x128xi32>)
        %w = air.wait_all async [%p0, %p1, %p2, %p3]
        scf.yield %w : !air.async.token
      }
      %seg = air.segment @segment_0 async attributes {id = 2 : i32} {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c3_s = arith.constant 3 : index
        %c4 = arith.constant 4 : index
        %c32_s = arith.constant 32 : index
        %c128_s = arith.constant 128 : index
        %c256_s = arith.constant 256 : index
        %ta0, %a0 = air.execute -> (memref<32x256xi32, 1>) {
          %m = memref.alloc() : memref<32x256xi32, 1>
          air.execute_terminator %m : memref<32x256xi32, 1>
        }
        %ta1, %a1 = air.execute -> (memref<32x256xi32, 1>) {
          %m = memref.alloc() : memref<32x256xi32, 1>
          air.execute_terminator %m : memref<32x256xi32, 1>
        }
        %ta2, %a2 = air.execute -> (memref<32x256xi32, 1>) {
          %m = memref.alloc() : memref<32x256xi32, 1>
          air.execute_terminator %m : memref<32x256xi32, 1>
        }
        %ta3, %a3 = air.execute -> (memref<32x256xi32, 1>) {
          %m = memref.alloc() : memref<32x256xi32, 1>
          air.execute_terminator %m : memref<32x256xi32, 1>
        }
        %tb0, %b0 = air.execute -> (memref<256x32xi32, 1>) {
          %m = memref.alloc() : memref<256x32xi32, 1>
          air.execute_terminator %m : memref<256x32xi32, 1>
        }
        %tb1, %b1 = air.execute -> (memref<256x32xi32, 1>) {
          %m = memref.alloc() : memref<256x32xi32, 1>
          air.execute_terminator %m : memref<256x32xi32, 1>
        }
        %tb2, %b2 = air.execute -> (memref<256x32xi32, 1>) {
          %m = memref.alloc() : memref<256x32xi32, 1>
          air.execute_terminator %m : memref<256x32xi32, 1>
        }
        %tb3, %b3 = air.execute -> (memref<256x32xi32, 1>) {
          %m = memref.alloc() : memref<256x32xi32, 1>
          air.execute_terminator %m : memref<256x32xi32, 1>
        }
        %tc, %lc = air.execute -> (memref<128x128xi32, 1>) {
          %m = memref.alloc() : memref<128x128xi32, 1>
          air.execute_terminator %m : memref<128x128xi32, 1>
        }
        %wa = air.wait_all async [%ta0, %ta1, %ta2, %ta3]
        %wb = air.wait_all async [%tb0, %tb1, %tb2, %tb3]
        %gA = scf.for %k = %c0_s to %c256_s step %c128_s iter_args(%tk = %wa) -> (!air.async.token) {
          %g0 = air.channel.get async [%tk] @A_l3[%c0_s, %c0_s] (%a0[%c0_s, %k] [%c32_s, %c128_s] [%c256_s, %c1_s]) {id = 9 : i32} : (memref<32x256xi32, 1>)
          %g1 = air.channel.get async [%tk] @A_l3[%c1_s, %c0_s] (%a1[%c0_s, %k] [%c32_s, %c128_s] [%c256_s, %c1_s]) {id = 10 : i32} : (memref<32x256xi32, 1>)
          %g2 = air.channel.get async [%tk] @A_l3[%c2_s, %c0_s] (%a2[%c0_s, %k] [%c32_s, %c128_s] [%c256_s, %c1_s]) {id = 11 : i32} : (memref<32x256xi32, 1>)
          %g3 = air.channel.get async [%tk] @A_l3[%c3_s, %c0_s] (%a3[%c0_s, %k] [%c32_s, %c128_s] [%c256_s, %c1_s]) {id = 12 : i32} : (memref<32x256xi32, 1>)
          %w = air.wait_all async [%g0, %g1, %g2, %g3]
          scf.yield %w : !air.async.token
        }
        %gB = scf.for %k = %c0_s to %c256_s step %c128_s iter_args(%tk = %wb) -> (!air.async.token) {
          %g0 = air.channel.get async [%tk] @B_l3[%c0_s, %c0_s] (%b0[%k, %c0_s] [%c128_s, %c32_s] [%c32_s, %c1_s]) {id = 13 : i32} : (memref<256x32xi32, 1>)
          %g1 = air.channel.get async [%tk] @B_l3[%c0_s, %c1_s] (%b1[%k, %c0_s] [%c128_s, %c32_s] [%c32_s, %c1_s]) {id = 14 : i32} : (memref<256x32xi32, 1>)
          %g2 = air.channel.get async [%tk] @B_l3[%c0_s, %c2_s] (%b2[%k, %c0_s] [%c128_s, %c32_s] [%c32_s, %c1_s]) {id = 15 : i32} : (memref<256x32xi32, 1>)
          %g3 = air.channel.get async [%tk] @B_l3[%c0_s, %c3_s] (%b3[%k, %c0_s] [%c128_s, %c32_s] [%c32_s, %c1_s]) {id = 16 : i32} : (memref<256x32xi32, 1>)
          %w = air.wait_all async [%g0, %g1, %g2, %g3]
          scf.yield %w : !air.async.token
        }
        %pA1 = scf.for %k = %c0_s to %c256_s step %c32_s iter_args(%tk = %gA) -> (!air.async.token) {
          %p0 = air.channel.put async [%tk] @A_l1_0[%c0_s, %c0_s] (%a0[%c0_s, %k] [%c32_s, %c32_s] [%c256_s, %c1_s]) {id = 17 : i32} : (memref<32x256xi32, 1>)
          %p1 = air.channel.put async [%tk] @A_l1_1[%c0_s, %c0_s] (%a1[%c0_s, %k] [%c32_s, %c32_s] [%c256_s, %c1_s]) {id = 18 : i32} : (memref<32x256xi32, 1>)
          %p2 = air.channel.put async [%tk] @A_l1_2[%c0_s, %c0_s] (%a2[%c0_s, %k] [%c32_s, %c32_s] [%c256_s, %c1_s]) {id = 19 : i32} : (memref<32x256xi32, 1>)
          %p3 = air.channel.put async [%tk] @A_l1_3[%c0_s, %c0_s] (%a3[%c0_s, %k] [%c32_s, %c32_s] [%c256_s, %c1_s]) {id = 20 : i32} : (memref<32x256xi32, 1>)
          %w = air.wait_all async [%p0, %p1, %p2, %p3]
          scf.yield %w : !air.async.token
        }
        %pB1 = scf.for %k = %c0_s to %c256_s step %c32_s iter_args(%tk = %gB) -> (!air.async.token) {
          %p0 = air.channel.put async [%tk] @B_l1[%c0_s, %c0_s] (%b0[%k, %c0_s] [%c32_s, %c32_s] [%c32_s, %c1_s]) {id = 21 : i32} : (memref<256x32xi32, 1>)
          %p1 = air.channel.put async [%tk] @B_l1[%c0_s, %c1_s] (%b1[%k, %c0_s] [%c32_s, %c32_s] [%c32_s, %c1_s]) {id = 22 : i32} : (memref<256x32xi32, 1>)
          %p2 = air.channel.put async [%tk] @B_l1[%c0_s, %c2_s] (%b2[%k, %c0_s] [%c32_s, %c32_s] [%c32_s, %c1_s]) {id = 23 : i32} : (memref<256x32xi32, 1>)
          %p3 = air.channel.put async [%tk] @B_l1[%c0_s, %c3_s] (%b3[%k, %c0_s] [%c32_s, %c32_s] [%c32_s, %c1_s]) {id = 24 : i32} : (memref<256x32xi32, 1>)
          %w = air.wait_all async [%p0, %p1, %p2, %p3]
          scf.yield %w : !air.async.token
        }
        %h = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c4, %sy=%c4) attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c32_h = arith.constant 32 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %t1, %acc = air.execute -> (memref<32x32xi32, 2>) {
            %m = memref.alloc() : memref<32x32xi32, 2>
            air.execute_terminator %m : memref<32x32xi32, 2>
          }
          %t2 = air.execute [%t1] {
            linalg.fill ins(%zero : i32) outs(%acc : memref<32x32xi32, 2>)
          }
          %kl = scf.for %k = %c0_h to %c256_h step %c32_h iter_args(%tk = %t2) -> (!air.async.token) {
            %t3, %la = air.execute -> (memref<32x32xi32, 2>) {
              %m = memref.alloc() : memref<32x32xi32, 2>
              air.execute_terminator %m : memref<32x32xi32, 2>
            }
            %t4, %lb = air.execute -> (memref<32x32xi32, 2>) {
              %m = memref.alloc() : memref<32x32xi32, 2>
              air.execute_terminator %m : memref<32x32xi32, 2>
            }
            %ga = affine.if #row0()[%tx, %ty] -> !air.async.token {
              %g = air.channel.get async [%t3, %tk] @A_l1_0[%c0_h, %ty] (%la[] [] []) {id = 25 : i32} : (memref<32x32xi32, 2>)
              affine.yield %g : !air.async.token
            } else {
              %e1 = affine.if #row1()[%tx, %ty] -> !air.async.token {
                %g = air.channel.get async [%t3, %tk] @A_l1_1[%c0_h, %ty] (%la[] [] []) {id = 26 : i32} : (memref<32x32xi32, 2>)
                affine.yield %g : !air.async.token
              } else {
                %e2 = affine.if #row2()[%tx, %ty] -> !air.async.token {
                  %g = air.channel.get async [%t3, %tk] @A_l1_2[%c0_h, %ty] (%la[] [] []) {id = 27 : i32} : (memref<32x32xi32, 2>)
                  affine.yield %g : !air.async.token
                } else {
                  %g = air.channel.get async [%t3, %tk] @A_l1_3[%c0_h, %ty] (%la[] [] []) {id = 28 : i32} : (memref<32x32xi32, 2>)
                  affine.yield %g : !air.async.token
                }
                affine.yield %e2 : !air.async.token
              }
              affine.yield %e1 : !air.async.token
            }
            %gb = air.channel.get async [%t4, %tk] @B_l1[%tx, %ty] (%lb[] [] []) {id = 29 : i32} : (memref<32x32xi32, 2>)
            %mm = air.execute [%ga, %gb] {
              linalg.matmul ins(%la, %lb : memref<32x32xi32, 2>, memref<32x32xi32, 2>) outs(%acc : memref<32x32xi32, 2>)
            }
            %fa = air.execute [%mm] {
              memref.dealloc %la : memref<32x32xi32, 2>
            }
            %fb = air.execute [%mm] {
              memref.dealloc %lb : memref<32x32xi32, 2>
            }
            %y = air.wait_all async [%fa, %fb]
            scf.yield %y : !air.async.token
          }
          %pc = air.channel.put async [%kl] @C_l1[%tx, %ty] (%acc[] [] []) {id = 30 : i32} : (memref<32x32xi32, 2>)
          %fc = air.execute [%pc] {
            memref.dealloc %acc : memref<32x32xi32, 2>
          }
          air.herd_terminator
        }
        %gC = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c4, %c4) step (%c1_s, %c1_s) init (%tc) -> !air.async.token {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %g = air.channel.get async [%tc] @C_l1[%i, %j] (%lc[%r, %q] [%c32_s, %c32_s] [%c128_s, %c1_s]) {id = 31 : i32} : (memref<128x128xi32, 1>)
          scf.reduce(%g : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %pC = air.channel.put async [%gC] @C_l3[] (%lc[] [] []) {id = 32 : i32} : (memref<128x128xi32, 1>)
        %fa = air.execute [%pA1] {
          memref.dealloc %a0 : memref<32x256xi32, 1>
          memref.dealloc %a1 : memref<32x256xi32, 1>
          memref.dealloc %a2 : memref<32x256xi32, 1>
          memref.dealloc %a3 : memref<32x256xi32, 1>
        }
        %fb = air.execute [%pB1] {
          memref.dealloc %b0 : memref<256x32xi32, 1>
          memref.dealloc %b1 : memref<256x32xi32, 1>
          memref.dealloc %b2 : memref<256x32xi32, 1>
          memref.dealloc %b3 : memref<256x32xi32, 1>
        }
        %fc = air.execute [%pC] {
          memref.dealloc %lc : memref<128x128xi32, 1>
        }
        air.wait_all [%h, %fa, %fb, %fc]
        air.segment_terminator
      }
      %gC3 = air.channel.get async [%t0] @C_l3[] (%C[] [] []) {id = 33 : i32} : (memref<128x128xi32>)
      air.wait_all [%pA, %pB, %seg, %gC3]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
