// Pattern: GEMM after air-ping-pong-transform. In the segment, the L2 staging
//   of A k-chunks is unrolled by two into explicit "ping" and "pong" L2
//   buffers. The scf.for carries four tokens: ping buffer free, pong buffer
//   free, producer order (gets from L3) and consumer order (puts to L1), so
//   filling pong from L3 overlaps with draining ping to the herd.
//   Counts per channel index: @A_l3 4 puts (launch) / 2 x 2 gets (segment);
//   @A_l1 source [i, 0]: 2 x (2 + 2) = 8 puts / herd: 8 gets per tile.
//   B is staged with a plain DMA and read by the herd with DMAs; C goes back
//   through L2 with DMAs.
// Source: seed 003 (GEMM case study), sections "air-label-scf-for-to-ping-pong"
//   and "air-ping-pong-transform" (scf.for with multiple iter_arg token
//   chains, two L2 buffers per stream); seed 002 (paper) Section 7.4.1
//   (ping-pong buffering: producer/consumer dataflow and resource tokens).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @A_l3 [1, 1]
  air.channel @A_l1 [4, 1] {broadcast_shape = [4, 4]}
  func.func @gemm_ping_pong(%arg0: memref<256x256xi32>, %arg1: memref<256x256xi32>, %arg2: memref<256x256xi32>) {
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
        %tp, %ping = air.execute -> (memref<128x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x64xi32, 1 : i32>
          air.execute_terminator %m : memref<128x64xi32, 1 : i32>
        }
        %tq, %pong = air.execute [%tp] -> (memref<128x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x64xi32, 1 : i32>
          air.execute_terminator %m : memref<128x64xi32, 1 : i32>
        }
        %tb, %l2b = air.execute -> (memref<256x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<256x128xi32, 1 : i32>
          air.execute_terminator %m : memref<256x128xi32, 1 : i32>
        }
        %tc, %l2c = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %m : memref<128x128xi32, 1 : i32>
        }
        %dB = air.dma_memcpy_nd async [%tb] (%l2b[] [] [], %sB[%c0_s, %scol] [%c256_s, %c128_s] [%c256_s, %c1_s]) {id = 2 : i32} : (memref<256x128xi32, 1 : i32>, memref<256x256xi32>)
        %init = air.wait_all async [%tp, %tq]
        %r:4 = scf.for %k = %c0_s to %c256_s step %c128_s iter_args(%ping_free = %init, %pong_free = %init, %prod = %init, %cons = %init) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
          // ping: producer (L3 -> L2) then consumer (L2 -> L1 broadcast)
          %g0 = air.channel.get async [%ping_free, %prod] @A_l3[] (%ping[] [] []) {id = 3 : i32} : (memref<128x64xi32, 1 : i32>)
          %w0 = air.wait_all async [%g0, %cons]
          %drain0 = scf.for %kk = %c0_s to %c64_s step %c32 iter_args(%t = %w0) -> (!air.async.token) {
            %pp = scf.parallel (%i) = (%c0_s) to (%c4) step (%c1_s) init (%t) -> !air.async.token {
              %rr = affine.apply #mul32()[%i]
              %p = air.channel.put async [%t] @A_l1[%i, %c0_s] (%ping[%rr, %kk] [%c32, %c32] [%c64_s, %c1_s]) {id = 4 : i32} : (memref<128x64xi32, 1 : i32>)
              scf.reduce(%p : !air.async.token) {
              ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
                %m = air.wait_all async [%lhs, %rhs]
                scf.reduce.return %m : !air.async.token
              }
            }
            scf.yield %pp : !air.async.token
          }
          // pong: producer overlaps with the ping drain above
          %g1 = air.channel.get async [%pong_free, %g0] @A_l3[] (%pong[] [] []) {id = 5 : i32} : (memref<128x64xi32, 1 : i32>)
          %w1 = air.wait_all async [%g1, %drain0]
          %drain1 = scf.for %kk = %c0_s to %c64_s step %c32 iter_args(%t = %w1) -> (!air.async.token) {
            %pp = scf.parallel (%i) = (%c0_s) to (%c4) step (%c1_s) init (%t) -> !air.async.token {
              %rr = affine.apply #mul32()[%i]
              %p = air.channel.put async [%t] @A_l1[%i, %c0_s] (%pong[%rr, %kk] [%c32, %c32] [%c64_s, %c1_s]) {id = 6 : i32} : (memref<128x64xi32, 1 : i32>)
              scf.reduce(%p : !air.async.token) {
              ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
                %m = air.wait_all async [%lhs, %rhs]
                scf.reduce.return %m : !air.async.token
              }
            }
            scf.yield %pp : !air.async.token
          }
          scf.yield %drain0, %drain1, %g1, %drain1 : !air.async.token, !air.async.token, !air.async.token, !air.async.token
        } {unroll = 2 : i32}
        %h = air.herd @herd_0 async [%dB, %tc] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hB=%l2b, %hC=%l2c) : memref<256x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %c128_h = arith.constant 128 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %r0 = affine.apply #mul32()[%tx]
          %q0 = affine.apply #mul32()[%ty]
          %t1, %acc = air.execute -> (memref<32x32xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x32xi32, 2 : i32>
            air.execute_terminator %m : memref<32x32xi32, 2 : i32>
          }
          %t2 = air.execute [%t1] {
            linalg.fill ins(%zero : i32) outs(%acc : memref<32x32xi32, 2 : i32>)
          }
          %kl = scf.for %k = %c0_h to %c256_h step %c32_h iter_args(%tk = %t2) -> (!air.async.token) {
            %t3, %l1a = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            }
            %t4, %l1b = air.execute -> (memref<32x32xi32, 2 : i32>) {
              %m = memref.alloc() : memref<32x32xi32, 2 : i32>
              air.execute_terminator %m : memref<32x32xi32, 2 : i32>
            }
            %ga = air.channel.get async [%t3, %tk] @A_l1[%tx, %ty] (%l1a[] [] []) {id = 7 : i32} : (memref<32x32xi32, 2 : i32>)
            %db = air.dma_memcpy_nd async [%t4, %tk] (%l1b[] [] [], %hB[%k, %q0] [%c32_h, %c32_h] [%c128_h, %c1_h]) {id = 8 : i32} : (memref<32x32xi32, 2 : i32>, memref<256x128xi32, 1 : i32>)
            %mm = air.execute [%ga, %db] {
              linalg.matmul ins(%l1a, %l1b : memref<32x32xi32, 2 : i32>, memref<32x32xi32, 2 : i32>) outs(%acc : memref<32x32xi32, 2 : i32>)
            }
            %fa = air.execute [%mm] {
              memref.dealloc %l1a : memref<32x32xi32, 2 : i32>
            }
            %fb = air.execute [%mm] {
              memref.dealloc %l1b : memref<32x32xi32, 2 : i32>
            }
            %y = air.wait_all async [%fa, %fb]
            scf.yield %y : !air.async.token
          }
          %dc = air.dma_memcpy_nd async [%kl] (%hC[%r0, %q0] [%c32_h, %c32_h] [%c128_h, %c1_h], %acc[] [] []) {id = 9 : i32} : (memref<128x128xi32, 1 : i32>, memref<32x32xi32, 2 : i32>)
          %fc = air.execute [%dc] {
            memref.dealloc %acc : memref<32x32xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %dC = air.dma_memcpy_nd async [%h] (%sC[%srow, %scol] [%c128_s, %c128_s] [%c256_s, %c1_s], %l2c[] [] []) {id = 10 : i32} : (memref<256x256xi32>, memref<128x128xi32, 1 : i32>)
        %f1 = air.execute [%r#0] {
          memref.dealloc %ping : memref<128x64xi32, 1 : i32>
        }
        %f2 = air.execute [%r#1] {
          memref.dealloc %pong : memref<128x64xi32, 1 : i32>
        }
        %f3 = air.execute [%h] {
          memref.dealloc %l2b : memref<256x128xi32, 1 : i32>
        }
        %f4 = air.execute [%dC] {
          memref.dealloc %l2c : memref<128x128xi32, 1 : i32>
        }
        air.wait_all [%r#2, %r#3, %f1, %f2, %f3, %f4]
        air.segment_terminator
      }
      air.wait_all [%pA, %seg]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
