// Pattern: the segment's L2 data movement after air-loop-fusion and
//   air-label-scf-for-to-ping-pong. One fused scf.for walks the four 64-wide
//   k chunks of A: per iteration it allocates the L2 chunk (hoist_alloc),
//   gets it from L3, runs an inner scf.for of broadcast puts to the herd
//   and frees the chunk with a dealloc that depends on those puts. The buffer
//   lives only within one iteration, so the loop is labelled
//   {unroll = 2 : i32} as a ping-pong candidate. The herd pulls B from L2
//   with DMAs.
//   Counts: @A_l3 4 / 4; @A_l1 per source index 4 x 2 = 8 puts, 8 gets per
//   tile.
// Source: seed 003 (GEMM case study), sections "air-loop-fusion" (alloc and
//   dealloc moved into the fused loop, channel get followed by an inner put
//   loop) and "air-label-scf-for-to-ping-pong" (hoist_alloc attribute and
//   {unroll = 2 : i32} on the scf.for).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @A_l3 [1, 1]
  air.channel @A_l1 [4, 1] {broadcast_shape = [4, 4]}
  func.func @gemm_fused(%arg0: memref<256x256xi32>, %arg1: memref<256x256xi32>, %arg2: memref<256x256xi32>) {
    %c2 = arith.constant 2 : index
    %tl = air.launch async (%lx, %ly) in (%nlx=%c2, %nly=%c2) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<256x256xi32>, memref<256x256xi32>, memref<256x256xi32> attributes {id = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %row = affine.apply #mul128()[%lx]
      %col = affine.apply #mul128()[%ly]
      %t0 = air.wait_all async
      %pA = scf.for %k = %c0 to %c256 step %c64 iter_args(%tk = %t0) -> (!air.async.token) {
        %p = air.channel.put async [%tk] @A_l3[] (%A[%row, %k] [%c128, %c64] [%c256, %c1]) {id = 1 : i32} : (memref<256x256xi32>)
        scf.yield %p : !air.async.token
      }
      %seg = air.segment @segment_0 async args(%srow=%row, %scol=%col, %sB=%B, %sC=%C) : index, index, memref<256x256xi32>, memref<256x256xi32> attributes {id = 2 : i32} {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c32 = arith.constant 32 : index
        %c64_s = arith.constant 64 : index
        %c128_s = arith.constant 128 : index
        %c256_s = arith.constant 256 : index
        %tb, %l2b = air.execute -> (memref<256x128xi32, 1>) {
          %m = memref.alloc() : memref<256x128xi32, 1>
          air.execute_terminator %m : memref<256x128xi32, 1>
        }
        %tc, %l2c = air.execute -> (memref<128x128xi32, 1>) {
          %m = memref.alloc() : memref<128x128xi32, 1>
          air.execute_terminator %m : memref<128x128xi32, 1>
        }
        %dB = air.dma_memcpy_nd async [%tb] (%l2b[] [] [], %sB[%c0_s, %scol] [%c256_s, %c128_s] [%c256_s, %c1_s]) {id = 2 : i32} : (memref<256x128xi32, 1>, memref<256x256xi32>)
        %t_start = air.wait_all async
        %fused = scf.for %k = %c0_s to %c256_s step %c64_s iter_args(%tk = %t_start) -> (!air.async.token) {
          %ta, %chunk = air.execute [%tk] -> (memref<128x64xi32, 1>) {
            %m = memref.alloc() {hoist_alloc = true} : memref<128x64xi32, 1>
            air.execute_terminator %m : memref<128x64xi32, 1>
          }
          %g = air.channel.get async [%ta] @A_l3[] (%chunk[] [] []) {id = 3 : i32} : (memref<128x64xi32, 1>)
          %drain = scf.for %kk = %c0_s to %c64_s step %c32 iter_args(%t = %g) -> (!air.async.token) {
            %pp = scf.parallel (%i) = (%c0_s) to (%c4) step (%c1_s) init (%t) -> !air.async.token {
              %rr = affine.apply #mul32()[%i]
              %p = air.channel.put async [%t] @A_l1[%i, %c0_s] (%chunk[%rr, %kk] [%c32, %c32] [%c64_s, %c1_s]) {id = 4 : i32} : (memref<128x64xi32, 1>)
              scf.reduce(%p : !air.async.token) {
              ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
                %m = air.wait_all async [%lhs, %rhs]
                scf.reduce.return %m : !air.async.token
              }
            }
            scf.yield %pp : !air.async.token
          }
          %free = air.execute [%drain] {
            memref.dealloc %chunk : memref<128x64xi32, 1>
          }
          scf.yield %free : !air.async.token
        } {unroll = 2 : i32}
        %h = air.herd @herd_0 async [%dB, %tc] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hB=%l2b, %hC=%l2c) : memref<256x128xi32, 1>, memref<128x128xi32, 1> attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %c128_h = arith.constant 128 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %r0 = affine.apply #mul32()[%tx]
          %q0 = affine.apply #mul32()[%ty]
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
            %ga = air.channel.get async [%t3, %tk] @A_l1[%tx, %ty] (%la[] [] []) {id = 5 : i32} : (memref<32x32xi32, 2>)
            %db = air.dma_memcpy_nd async [%t4, %tk] (%lb[] [] [], %hB[%k, %q0] [%c32_h, %c32_h] [%c128_h, %c1_h]) {id = 6 : i32} : (memref<32x32xi32, 2>, memref<256x128xi32, 1>)
            %mm = air.execute [%ga, %db] {
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
          %dc = air.dma_memcpy_nd async [%kl] (%hC[%r0, %q0] [%c32_h, %c32_h] [%c128_h, %c1_h], %acc[] [] []) {id = 7 : i32} : (memref<128x128xi32, 1>, memref<32x32xi32, 2>)
          %fc = air.execute [%dc] {
            memref.dealloc %acc : memref<32x32xi32, 2>
          }
          air.herd_terminator
        }
        %dC = air.dma_memcpy_nd async [%h] (%sC[%srow, %scol] [%c128_s, %c128_s] [%c256_s, %c1_s], %l2c[] [] []) {id = 8 : i32} : (memref<256x256xi32>, memref<128x128xi32, 1>)
        %f1 = air.execute [%h] {
          memref.dealloc %l2b : memref<256x128xi32, 1>
        }
        %f2 = air.execute [%dC] {
          memref.dealloc %l2c : memref<128x128xi32, 1>
        }
        air.wait_all [%fused, %f1, %f2]
        air.segment_terminator
      }
      air.wait_all [%pA, %seg]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
