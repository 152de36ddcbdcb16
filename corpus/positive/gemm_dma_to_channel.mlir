// Pattern: GEMM after air-dma-to-channel with broadcast channels.
//   L3 -> L2: the launch body streams k-chunks of the A and B panels into
//   @A_l3 / @B_l3 (puts in the launch body, gets in the segment).
//   L2 -> L1: @A_l1 [4, 1] {broadcast_shape = [4, 4]} and
//   @B_l1 [1, 4] {broadcast_shape = [4, 4]}: for every k step the segment
//   issues one put per source index (scf.parallel over the 4 sources) and
//   every tile of the 4x4 herd issues one get at [tx, ty]; source [i, 0]
//   reaches all destinations [i, *] (resp. [0, j] reaches [*, j]).
//   L1 -> L2 -> L3: @C_l1 [4, 4] (herd put, segment scf.parallel get) and
//   @C_l3 (segment put, launch-body get). No consumer waits on the token of
//   its own producer's enclosing op, so every put/get pair can progress.
// Source: seed 003 (GEMM case study), section "air-dma-to-channel" (channels
//   with broadcast_shape, puts in the launch body / segment, gets in the
//   segment / herd) and "air-dependency-canonicalize" (scf.parallel of gets
//   reduced with air.wait_all).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  air.channel @A_l3 [1, 1]
  air.channel @B_l3 [1, 1]
  air.channel @A_l1 [4, 1] {broadcast_shape = [4, 4]}
  air.channel @B_l1 [1, 4] {broadcast_shape = [4, 4]}
  air.channel @C_l1 [4, 4]
  air.channel @C_l3 [1, 1]
  func.func @gemm_channels(%arg0: memref<256x256xi32>, %arg1: memref<256x256xi32>, %arg2: memref<256x256xi32>) {
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
      %pB = scf.for %k = %c0 to %c256 step %c64 iter_args(%tk = %t0) -> (!air.async.token) {
        %p = air.channel.put async [%tk] @B_l3[] (%B[%k, %col] [%c64, %c128] [%c256, %c1]) {id = 2 : i32} : (memref<256x256xi32>)
        scf.yield %p : !air.async.token
      }
      %seg = air.segment @segment_0 async attributes {id = 2 : i32} {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c32 = arith.constant 32 : index
        %c64_s = arith.constant 64 : index
        %c128_s = arith.constant 128 : index
        %c256_s = arith.constant 256 : index
        %ta, %l2a = air.execute -> (memref<128x256xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x256xi32, 1 : i32>
          air.execute_terminator %m : memref<128x256xi32, 1 : i32>
        }
        %tb, %l2b = air.execute -> (memref<256x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<256x128xi32, 1 : i32>
          air.execute_terminator %m : memref<256x128xi32, 1 : i32>
        }
        %tc, %l2c = air.execute -> (memref<128x128xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x128xi32, 1 : i32>
          air.execute_terminator %m : memref<128x128xi32, 1 : i32>
        }
        %gA = scf.for %k = %c0_s to %c256_s step %c64_s iter_args(%tk = %ta) -> (!air.async.token) {
          %g = air.channel.get async [%tk] @A_l3[] (%l2a[%c0_s, %k] [%c128_s, %c64_s] [%c256_s, %c1_s]) {id = 3 : i32} : (memref<128x256xi32, 1 : i32>)
          scf.yield %g : !air.async.token
        }
        %gB = scf.for %k = %c0_s to %c256_s step %c64_s iter_args(%tk = %tb) -> (!air.async.token) {
          %g = air.channel.get async [%tk] @B_l3[] (%l2b[%k, %c0_s] [%c64_s, %c128_s] [%c128_s, %c1_s]) {id = 4 : i32} : (memref<256x128xi32, 1 : i32>)
          scf.yield %g : !air.async.token
        }
        %pA1 = scf.for %k = %c0_s to %c256_s step %c32 iter_args(%tk = %gA) -> (!air.async.token) {
          %pp = scf.parallel (%i) = (%c0_s) to (%c4) step (%c1_s) init (%tk) -> !air.async.token {
            %r = affine.apply #mul32()[%i]
            %p = air.channel.put async [%tk] @A_l1[%i, %c0_s] (%l2a[%r, %k] [%c32, %c32] [%c256_s, %c1_s]) {id = 5 : i32} : (memref<128x256xi32, 1 : i32>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
              %m = air.wait_all async [%lhs, %rhs]
              scf.reduce.return %m : !air.async.token
            }
          }
          scf.yield %pp : !air.async.token
        }
        %pB1 = scf.for %k = %c0_s to %c256_s step %c32 iter_args(%tk = %gB) -> (!air.async.token) {
          %pp = scf.parallel (%j) = (%c0_s) to (%c4) step (%c1_s) init (%tk) -> !air.async.token {
            %q = affine.apply #mul32()[%j]
            %p = air.channel.put async [%tk] @B_l1[%c0_s, %j] (%l2b[%k, %q] [%c32, %c32] [%c128_s, %c1_s]) {id = 6 : i32} : (memref<256x128xi32, 1 : i32>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
              %m = air.wait_all async [%lhs, %rhs]
              scf.reduce.return %m : !air.async.token
            }
          }
          scf.yield %pp : !air.async.token
        }
        %h = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c4, %sy=%c4) attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c32_h = arith.constant 32 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
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
            %gb = air.channel.get async [%t4, %tk] @B_l1[%tx, %ty] (%l1b[] [] []) {id = 8 : i32} : (memref<32x32xi32, 2 : i32>)
            %mm = air.execute [%ga, %gb] {
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
          %pc = air.channel.put async [%kl] @C_l1[%tx, %ty] (%acc[] [] []) {id = 9 : i32} : (memref<32x32xi32, 2 : i32>)
          %fc = air.execute [%pc] {
            memref.dealloc %acc : memref<32x32xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %gC1 = scf.parallel (%i, %j) = (%c0_s, %c0_s) to (%c4, %c4) step (%c1_s, %c1_s) init (%tc) -> !air.async.token {
          %r = affine.apply #mul32()[%i]
          %q = affine.apply #mul32()[%j]
          %g = air.channel.get async [%tc] @C_l1[%i, %j] (%l2c[%r, %q] [%c32, %c32] [%c128_s, %c1_s]) {id = 10 : i32} : (memref<128x128xi32, 1 : i32>)
          scf.reduce(%g : !air.async.token) {
          ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
            %m = air.wait_all async [%lhs, %rhs]
            scf.reduce.return %m : !air.async.token
          }
        }
        %pC = air.channel.put async [%gC1] @C_l3[] (%l2c[] [] []) {id = 11 : i32} : (memref<128x128xi32, 1 : i32>)
        %f1 = air.execute [%pA1] {
          memref.dealloc %l2a : memref<128x256xi32, 1 : i32>
        }
        %f2 = air.execute [%pB1] {
          memref.dealloc %l2b : memref<256x128xi32, 1 : i32>
        }
        %f3 = air.execute [%pC] {
          memref.dealloc %l2c : memref<128x128xi32, 1 : i32>
        }
        air.wait_all [%h, %f1, %f2, %f3]
        air.segment_terminator
      }
      %gC = air.channel.get async [%t0] @C_l3[] (%C[%row, %col] [%c128, %c128] [%c256, %c1]) {id = 12 : i32} : (memref<256x256xi32>)
      air.wait_all [%pA, %pB, %seg, %gC]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
