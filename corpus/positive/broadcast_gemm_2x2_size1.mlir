// Pattern: 2x2 GEMM whose L2 -> L1 broadcasts use the specialized form with
//   size-1 broadcast dimensions. Tile (tx, ty) computes the 32x32 block
//   C[tx, ty] and needs row block tx of A and column block ty of B.
//   @A0 / @A1 [1, 1] {broadcast_shape = [1, 2]} carry A's row block 0 / 1:
//   one put at [0, 0] reaches destinations [0, 0] and [0, 1], read by the
//   tiles of row tx == 0 (resp. tx == 1). @B0 / @B1 [1, 1]
//   {broadcast_shape = [2, 1]} carry B's column block 0 / 1 to the tiles of
//   column ty == 0 (resp. ty == 1). Every tile gets at its own ids,
//   @A1[%tx, %ty] and @B1[%tx, %ty] included, choosing the channel with an
//   affine.if ... else on its ids: in a dimension where broadcast_shape is 1
//   a get's index matches every destination (it is taken as 0, as
//   air-to-aie does when it matches a get to a destination), so tile (1, 1)
//   reads destination [0, 1] of @A1 and [1, 0] of @B1.
//   Counts per destination: @A0, @A1, @B0, @B1 4 puts / 4 gets (one per k
//   step); @C 1 / 1.
//   C[64x64] = A[64x128] * B[128x64] (i32), herd 2x2, k step 32.
// Source: seed 002 (paper) Section 7.2 (2x2 GEMM with broadcast channels
//   [1, 1] of broadcast_shape [2, 1] and [1, 2], gets at the tile ids under
//   affine.if); seed 003 (GEMM case study), "air-specialize-dma-broadcast"
//   and "air-dma-to-channel".
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 1 >= 0)>
#col0 = affine_set<()[s0, s1] : (s0 >= 0, -s0 + 1 >= 0, s1 == 0)>
module {
  air.channel @A0 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @A1 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @B0 [1, 1] {broadcast_shape = [2, 1]}
  air.channel @B1 [1, 1] {broadcast_shape = [2, 1]}
  air.channel @C [2, 2]
  func.func @gemm_2x2(%arg0: memref<64x128xi32>, %arg1: memref<128x64xi32>, %arg2: memref<64x64xi32>) {
    %tl = air.launch async () in () args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<64x128xi32>, memref<128x64xi32>, memref<64x64xi32> attributes {id = 1 : i32} {
      %seg = air.segment @segment_0 async args(%sA=%A, %sB=%B, %sC=%C) : memref<64x128xi32>, memref<128x64xi32>, memref<64x64xi32> attributes {id = 2 : i32} {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %c128 = arith.constant 128 : index
        %ta0, %a0 = air.execute -> (memref<32x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<32x128xi32, 1 : i32>
          air.execute_terminator %m : memref<32x128xi32, 1 : i32>
        }
        %ta1, %a1 = air.execute -> (memref<32x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<32x128xi32, 1 : i32>
          air.execute_terminator %m : memref<32x128xi32, 1 : i32>
        }
        %tb0, %b0 = air.execute -> (memref<128x32xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x32xi32, 1 : i32>
          air.execute_terminator %m : memref<128x32xi32, 1 : i32>
        }
        %tb1, %b1 = air.execute -> (memref<128x32xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x32xi32, 1 : i32>
          air.execute_terminator %m : memref<128x32xi32, 1 : i32>
        }
        %tc, %lc = air.execute -> (memref<64x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<64x64xi32, 1 : i32>
          air.execute_terminator %m : memref<64x64xi32, 1 : i32>
        }
        %da0 = air.dma_memcpy_nd async [%ta0] (%a0[] [] [], %sA[%c0, %c0] [%c32, %c128] [%c128, %c1]) {id = 1 : i32} : (memref<32x128xi32, 1 : i32>, memref<64x128xi32>)
        %da1 = air.dma_memcpy_nd async [%ta1] (%a1[] [] [], %sA[%c32, %c0] [%c32, %c128] [%c128, %c1]) {id = 2 : i32} : (memref<32x128xi32, 1 : i32>, memref<64x128xi32>)
        %db0 = air.dma_memcpy_nd async [%tb0] (%b0[] [] [], %sB[%c0, %c0] [%c128, %c32] [%c64, %c1]) {id = 3 : i32} : (memref<128x32xi32, 1 : i32>, memref<128x64xi32>)
        %db1 = air.dma_memcpy_nd async [%tb1] (%b1[] [] [], %sB[%c0, %c32] [%c128, %c32] [%c64, %c1]) {id = 4 : i32} : (memref<128x32xi32, 1 : i32>, memref<128x64xi32>)
        %wa = air.wait_all async [%da0, %da1]
        %wb = air.wait_all async [%db0, %db1]
        // Per k step: one put per broadcast channel, each reaching two tiles.
        %pA = scf.for %k = %c0 to %c128 step %c32 iter_args(%tk = %wa) -> (!air.async.token) {
          %p0 = air.channel.put async [%tk] @A0[%c0, %c0] (%a0[%c0, %k] [%c32, %c32] [%c128, %c1]) {id = 5 : i32} : (memref<32x128xi32, 1 : i32>)
          %p1 = air.channel.put async [%tk] @A1[%c0, %c0] (%a1[%c0, %k] [%c32, %c32] [%c128, %c1]) {id = 6 : i32} : (memref<32x128xi32, 1 : i32>)
          %w = air.wait_all async [%p0, %p1]
          scf.yield %w : !air.async.token
        }
        %pB = scf.for %k = %c0 to %c128 step %c32 iter_args(%tk = %wb) -> (!air.async.token) {
          %p0 = air.channel.put async [%tk] @B0[] (%b0[%k, %c0] [%c32, %c32] [%c32, %c1]) {id = 7 : i32} : (memref<128x32xi32, 1 : i32>)
          %p1 = air.channel.put async [%tk] @B1[] (%b1[%k, %c0] [%c32, %c32] [%c32, %c1]) {id = 8 : i32} : (memref<128x32xi32, 1 : i32>)
          %w = air.wait_all async [%p0, %p1]
          scf.yield %w : !air.async.token
        }
        %h = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c2, %sy=%c2) attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c32_h = arith.constant 32 : index
          %c128_h = arith.constant 128 : index
          %zero = arith.constant 0 : i32
          %t1, %acc = air.execute -> (memref<32x32xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xi32, 2 : i32>
            air.execute_terminator %m : memref<32x32xi32, 2 : i32>
          }
          %t2 = air.execute [%t1] {
            linalg.fill ins(%zero : i32) outs(%acc : memref<32x32xi32, 2 : i32>)
          }
          %kl = scf.for %k = %c0_h to %c128_h step %c32_h iter_args(%tk = %t2) -> (!air.async.token) {
            %t3, %la = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            }
            %t4, %lb = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            }
            %ga = affine.if #row0()[%tx, %ty] -> !air.async.token {
              %g = air.channel.get async [%t3, %tk] @A0[%tx, %ty] (%la[] [] []) {id = 9 : i32} : (memref<32x32xi32, 2 : i32>)
              affine.yield %g : !air.async.token
            } else {
              %g = air.channel.get async [%t3, %tk] @A1[%tx, %ty] (%la[] [] []) {id = 10 : i32} : (memref<32x32xi32, 2 : i32>)
              affine.yield %g : !air.async.token
            }
            %gb = affine.if #col0()[%tx, %ty] -> !air.async.token {
              %g = air.channel.get async [%t4, %tk] @B0[%tx, %ty] (%lb[] [] []) {id = 11 : i32} : (memref<32x32xi32, 2 : i32>)
              affine.yield %g : !air.async.token
            } else {
              %g = air.channel.get async [%t4, %tk] @B1[%tx, %ty] (%lb[] [] []) {id = 12 : i32} : (memref<32x32xi32, 2 : i32>)
              affine.yield %g : !air.async.token
            }
            %mm = air.execute [%ga, %gb] {
              linalg.matmul ins(%la, %lb : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%acc : memref<32x32xi32, 2 : i32>)
            }
            %fa = air.execute [%mm] {
              memref.dealloc %la : memref<32x32xi32, 2 : i32>
            }
            %fb = air.execute [%mm] {
              memref.dealloc %lb : memref<32x32xi32, 2 : i32>
            }
            %y = air.wait_all async [%fa, %fb]
            scf.yield %y : !air.async.token
          }
          %pc = air.channel.put async [%kl] @C[%tx, %ty] (%acc[] [] []) {id = 13 : i32} : (memref<32x32xi32, 2 : i32>)
          %fc = air.execute [%pc] {
            memref.dealloc %acc : memref<32x32xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %gC = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) init (%tc) -> !air.async.token {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %g = air.channel.get async [%tc] @C[%i, %j] (%lc[%r, %q] [%c32, %c32] [%c64, %c1]) {id = 14 : i32} : (memref<64x64xi32, 1 : i32>)
          scf.reduce(%g : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %dC = air.dma_memcpy_nd async [%gC] (%sC[] [] [], %lc[] [] []) {id = 15 : i32} : (memref<64x64xi32>, memref<64x64xi32, 1 : i32>)
        %fa = air.execute [%pA] {
          memref.dealloc %a0 : memref<32x128xi32, 1 : i32>
          memref.dealloc %a1 : memref<32x128xi32, 1 : i32>
        }
        %fb = air.execute [%pB] {
          memref.dealloc %b0 : memref<128x32xi32, 1 : i32>
          memref.dealloc %b1 : memref<128x32xi32, 1 : i32>
        }
        %fc = air.execute [%dC] {
          memref.dealloc %lc : memref<64x64xi32, 1 : i32>
        }
        air.wait_all [%h, %fa, %fb, %fc]
        air.segment_terminator
      }
      air.wait_all [%seg]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
