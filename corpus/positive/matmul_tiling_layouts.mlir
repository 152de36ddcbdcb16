// Pattern: how the herd shape decides the broadcast channels of a tiled
//   matmul (C = A * B, 64x64 f32, k step 32 -> 2 steps).
//   @mm_2x2: a 2x2 herd; A rows go out on @a22 [2, 1] {broadcast_shape =
//            [2, 2]} (to every tile of a herd row) and B columns on
//            @b22 [1, 2] {broadcast_shape = [2, 2]} (to every tile of a
//            herd column): reuse in both directions.
//   @mm_1x4: a 1x4 herd; A goes to all four tiles on @a14 [1, 1]
//            {broadcast_shape = [1, 4]} while B needs four private channels
//            @b14 [1, 4]. Per k step: one put per source index in the
//            segment, one get per tile in the herd.
// Source: seed 002 (paper) Section 7.1 "Tiling and Parallelism Mapping" and
//   Fig. 3 (1x4, 2x2 and 4x1 layouts: A broadcast across column-aligned
//   cores, B privately transferred, two-dimensional reuse in 2x2); Section
//   7.2 (broadcast detection).
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#mul16 = affine_map<()[s0] -> (s0 * 16)>
module {
  air.channel @a22 [2, 1] {broadcast_shape = [2, 2]}
  air.channel @b22 [1, 2] {broadcast_shape = [2, 2]}
  air.channel @a14 [1, 1] {broadcast_shape = [1, 4]}
  air.channel @b14 [1, 4]
  func.func @mm_2x2(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
    air.launch () in () args(%la=%A, %lb=%B, %lc=%C) : memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32> {
      air.segment @seg_2x2 args(%sa=%la, %sb=%lb, %sc=%lc) : memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2a = memref.alloc() : memref<64x64xf32, 1>
        %l2b = memref.alloc() : memref<64x64xf32, 1>
        %l2c = memref.alloc() : memref<64x64xf32, 1>
        %da = air.dma_memcpy_nd async (%l2a[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<64x64xf32, 1>, memref<64x64xf32>)
        %db = air.dma_memcpy_nd async (%l2b[] [] [], %sb[] [] []) {id = 2 : i32} : (memref<64x64xf32, 1>, memref<64x64xf32>)
        %pa = scf.for %k = %c0 to %c64 step %c32 iter_args(%tk = %da) -> (!air.async.token) {
          %pp = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%tk) -> !air.async.token {
            %r = affine.apply #mul32()[%i]
            %p = air.channel.put async [%tk] @a22[%i, %c0] (%l2a[%r, %k] [%c32, %c32] [%c64, %c1]) {id = 3 : i32} : (memref<64x64xf32, 1>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%x: !air.async.token, %y: !air.async.token):
              %m = air.wait_all async [%x, %y]
              scf.reduce.return %m : !air.async.token
            }
          }
          scf.yield %pp : !air.async.token
        }
        %pb = scf.for %k = %c0 to %c64 step %c32 iter_args(%tk = %db) -> (!air.async.token) {
          %pp = scf.parallel (%j) = (%c0) to (%c2) step (%c1) init (%tk) -> !air.async.token {
            %q = affine.apply #mul32()[%j]
            %p = air.channel.put async [%tk] @b22[%c0, %j] (%l2b[%k, %q] [%c32, %c32] [%c64, %c1]) {id = 4 : i32} : (memref<64x64xf32, 1>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%x: !air.async.token, %y: !air.async.token):
              %m = air.wait_all async [%x, %y]
              scf.reduce.return %m : !air.async.token
            }
          }
          scf.yield %pp : !air.async.token
        }
        %h = air.herd @herd_2x2 async tile (%tx, %ty) in (%nx=%c2, %ny=%c2) args(%hc=%l2c) : memref<64x64xf32, 1> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %c64_h = arith.constant 64 : index
          %fz = arith.constant 0.0 : f32
          %r0 = affine.apply #mul32()[%tx]
          %q0 = affine.apply #mul32()[%ty]
          %acc = memref.alloc() : memref<32x32xf32, 2>
          %ta = memref.alloc() : memref<32x32xf32, 2>
          %tb = memref.alloc() : memref<32x32xf32, 2>
          linalg.fill ins(%fz : f32) outs(%acc : memref<32x32xf32, 2>)
          scf.for %k = %c0_h to %c64_h step %c32_h {
            air.channel.get @a22[%tx, %ty] (%ta[] [] []) {id = 5 : i32} : (memref<32x32xf32, 2>)
            air.channel.get @b22[%tx, %ty] (%tb[] [] []) {id = 6 : i32} : (memref<32x32xf32, 2>)
            linalg.matmul ins(%ta, %tb : memref<32x32xf32, 2>, memref<32x32xf32, 2>) outs(%acc : memref<32x32xf32, 2>)
          }
          air.dma_memcpy_nd (%hc[%r0, %q0] [%c32_h, %c32_h] [%c64_h, %c1_h], %acc[] [] []) {id = 7 : i32} : (memref<64x64xf32, 1>, memref<32x32xf32, 2>)
          memref.dealloc %acc : memref<32x32xf32, 2>
          memref.dealloc %ta : memref<32x32xf32, 2>
          memref.dealloc %tb : memref<32x32xf32, 2>
          air.herd_terminator
        }
        %dc = air.dma_memcpy_nd async [%h] (%sc[] [] [], %l2c[] [] []) {id = 8 : i32} : (memref<64x64xf32>, memref<64x64xf32, 1>)
        air.wait_all [%pa, %pb, %dc]
        memref.dealloc %l2a : memref<64x64xf32, 1>
        memref.dealloc %l2b : memref<64x64xf32, 1>
        memref.dealloc %l2c : memref<64x64xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
  func.func @mm_1x4(%A: memref<16x64xf32>, %B: memref<64x64xf32>, %C: memref<16x64xf32>) {
    air.launch () in () args(%la=%A, %lb=%B, %lc=%C) : memref<16x64xf32>, memref<64x64xf32>, memref<16x64xf32> {
      air.segment @seg_1x4 args(%sa=%la, %sb=%lb, %sc=%lc) : memref<16x64xf32>, memref<64x64xf32>, memref<16x64xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c16 = arith.constant 16 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2a = memref.alloc() : memref<16x64xf32, 1>
        %l2b = memref.alloc() : memref<64x64xf32, 1>
        %l2c = memref.alloc() : memref<16x64xf32, 1>
        %da = air.dma_memcpy_nd async (%l2a[] [] [], %sa[] [] []) {id = 9 : i32} : (memref<16x64xf32, 1>, memref<16x64xf32>)
        %db = air.dma_memcpy_nd async (%l2b[] [] [], %sb[] [] []) {id = 10 : i32} : (memref<64x64xf32, 1>, memref<64x64xf32>)
        %pa = scf.for %k = %c0 to %c64 step %c32 iter_args(%tk = %da) -> (!air.async.token) {
          %p = air.channel.put async [%tk] @a14[%c0, %c0] (%l2a[%c0, %k] [%c16, %c32] [%c64, %c1]) {id = 11 : i32} : (memref<16x64xf32, 1>)
          scf.yield %p : !air.async.token
        }
        %pb = scf.for %k = %c0 to %c64 step %c32 iter_args(%tk = %db) -> (!air.async.token) {
          %pp = scf.parallel (%j) = (%c0) to (%c4) step (%c1) init (%tk) -> !air.async.token {
            %q = affine.apply #mul16()[%j]
            %p = air.channel.put async [%tk] @b14[%c0, %j] (%l2b[%k, %q] [%c32, %c16] [%c64, %c1]) {id = 12 : i32} : (memref<64x64xf32, 1>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%x: !air.async.token, %y: !air.async.token):
              %m = air.wait_all async [%x, %y]
              scf.reduce.return %m : !air.async.token
            }
          }
          scf.yield %pp : !air.async.token
        }
        %h = air.herd @herd_1x4 async tile (%tx, %ty) in (%nx=%c1, %ny=%c4) args(%hc=%l2c) : memref<16x64xf32, 1> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16_h = arith.constant 16 : index
          %c32_h = arith.constant 32 : index
          %c64_h = arith.constant 64 : index
          %fz = arith.constant 0.0 : f32
          %q0 = affine.apply #mul16()[%ty]
          %acc = memref.alloc() : memref<16x16xf32, 2>
          %ta = memref.alloc() : memref<16x32xf32, 2>
          %tb = memref.alloc() : memref<32x16xf32, 2>
          linalg.fill ins(%fz : f32) outs(%acc : memref<16x16xf32, 2>)
          scf.for %k = %c0_h to %c64_h step %c32_h {
            air.channel.get @a14[%tx, %ty] (%ta[] [] []) {id = 13 : i32} : (memref<16x32xf32, 2>)
            air.channel.get @b14[%tx, %ty] (%tb[] [] []) {id = 14 : i32} : (memref<32x16xf32, 2>)
            linalg.matmul ins(%ta, %tb : memref<16x32xf32, 2>, memref<32x16xf32, 2>) outs(%acc : memref<16x16xf32, 2>)
          }
          air.dma_memcpy_nd (%hc[%c0_h, %q0] [%c16_h, %c16_h] [%c64_h, %c1_h], %acc[] [] []) {id = 15 : i32} : (memref<16x64xf32, 1>, memref<16x16xf32, 2>)
          memref.dealloc %acc : memref<16x16xf32, 2>
          memref.dealloc %ta : memref<16x32xf32, 2>
          memref.dealloc %tb : memref<32x16xf32, 2>
          air.herd_terminator
        }
        %dc = air.dma_memcpy_nd async [%h] (%sc[] [] [], %l2c[] [] []) {id = 16 : i32} : (memref<16x64xf32>, memref<16x64xf32, 1>)
        air.wait_all [%pa, %pb, %dc]
        memref.dealloc %l2a : memref<16x64xf32, 1>
        memref.dealloc %l2b : memref<64x64xf32, 1>
        memref.dealloc %l2c : memref<16x64xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
