// Pattern: from sequential to asynchronous data movement in one segment.
//   (1) Two synchronous DMAs: each blocks, so they run one after the other.
//   (2) The same two DMAs in async form with no dependency between them;
//       air.wait_all joins their tokens, so they may run at the same time.
//   (3) An scf.parallel started by one init token (%init = air.wait_all async
//       with no operands): each instance copies row i of x into L2 with
//       a DMA and then runs an air.execute that scales that row; scf.reduce
//       joins the instance tokens with air.wait_all.
// Source: seed 002 (paper) Section 7.3.1, Listings 4 and 5 (synchronous vs.
//   explicit asynchronous air.memcpy), Fig. 4(c) and listing (f) (scf.parallel
//   with init token and air.wait_all reduction); seed 000 (AIR compute
//   model), Section 1.4 (asynchrony, air.wait_all as a join node).
module {
  func.func @acdg_memcpy(%x: memref<4x64xf32>, %y: memref<4x64xf32>, %u: memref<64xf32>, %v: memref<64xf32>) {
    air.launch () in () args(%lx=%x, %ly=%y, %lu=%u, %lv=%v) : memref<4x64xf32>, memref<4x64xf32>, memref<64xf32>, memref<64xf32> {
      air.segment @acdg_seg args(%sx=%lx, %sy=%ly, %su=%lu, %sv=%lv) : memref<4x64xf32>, memref<4x64xf32>, memref<64xf32>, memref<64xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c64 = arith.constant 64 : index
        %scale = arith.constant 3.0 : f32
        %bu = memref.alloc() : memref<64xf32, 1 : i32>
        %bv = memref.alloc() : memref<64xf32, 1 : i32>
        %rows = memref.alloc() : memref<4x64xf32, 1 : i32>
        // (1) sequential
        air.dma_memcpy_nd (%bu[] [] [], %su[] [] []) {id = 1 : i32} : (memref<64xf32, 1 : i32>, memref<64xf32>)
        air.dma_memcpy_nd (%bv[] [] [], %sv[] [] []) {id = 2 : i32} : (memref<64xf32, 1 : i32>, memref<64xf32>)
        // (2) explicit asynchronous dependencies
        %t1 = air.dma_memcpy_nd async (%su[] [] [], %bv[] [] []) {id = 3 : i32} : (memref<64xf32>, memref<64xf32, 1 : i32>)
        %t2 = air.dma_memcpy_nd async (%sv[] [] [], %bu[] [] []) {id = 4 : i32} : (memref<64xf32>, memref<64xf32, 1 : i32>)
        air.wait_all [%t1, %t2]
        // (3) parallel loop with init token and reduction tree
        %init = air.wait_all async
        %tp = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%init) -> !air.async.token {
          %td = air.dma_memcpy_nd async [%init] (%rows[%i, %c0] [%c1, %c64] [%c64, %c1], %sx[%i, %c0] [%c1, %c64] [%c64, %c1]) {id = 5 : i32} : (memref<4x64xf32, 1 : i32>, memref<4x64xf32>)
          %tc = air.execute [%td] {
            scf.for %j = %c0 to %c64 step %c1 {
              %e = memref.load %rows[%i, %j] : memref<4x64xf32, 1 : i32>
              %s = arith.mulf %e, %scale : f32
              memref.store %s, %rows[%i, %j] : memref<4x64xf32, 1 : i32>
            }
          }
          scf.reduce(%tc : !air.async.token) {
          ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
            %tj = air.wait_all async [%lhs, %rhs]
            scf.reduce.return %tj : !air.async.token
          }
        }
        %tw = air.dma_memcpy_nd async [%tp] (%sy[] [] [], %rows[] [] []) {id = 6 : i32} : (memref<4x64xf32>, memref<4x64xf32, 1 : i32>)
        air.wait_all [%tw]
        memref.dealloc %bu : memref<64xf32, 1 : i32>
        memref.dealloc %bv : memref<64xf32, 1 : i32>
        memref.dealloc %rows : memref<4x64xf32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
