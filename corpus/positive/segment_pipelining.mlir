// Pattern: segment-level pipelining inside one launch. Two kinds of segment
//   live in the same launch body: @prefetch gathers tile t+1 (a strided
//   column of X) through L2 into a contiguous L3 staging slot, while @compute
//   scales tile t from the other staging slot with a 1x4 herd and writes it
//   to Y. The launch body loop carries two dependency tokens (the prefetch
//   chain and the compute chain); compute(t) waits for prefetch(t), and
//   prefetch(t+1) waits only for compute(t-1), which last read that slot, so
//   prefetch(t+1) and compute(t) overlap. Segments in one launch are
//   co-resident, so this overlap is real. Prologue and epilogue segments
//   cover the first prefetch and the last compute.
// Source: seed 000 (AIR compute model), Section 2.1 "Expressing pipelining
//   between output tiles" (segment-level pipelining: a compute segment and a
//   prefetch segment connected by dependency tokens) and Section 1.5
//   (dependency list semantics).
#mul1024 = affine_map<()[s0] -> (s0 * 1024)>
module {
  func.func @scale_tiles(%X: memref<4096x8xf32>, %Y: memref<8x4096xf32>, %S: memref<2x4096xf32>) {
    %tl = air.launch async () in () args(%x=%X, %y=%Y, %stage=%S) : memref<4096x8xf32>, memref<8x4096xf32>, memref<2x4096xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %pf0 = air.segment @prefetch_first async args(%px=%x, %ps=%stage) : memref<4096x8xf32>, memref<2x4096xf32> {
        %c0_p = arith.constant 0 : index
        %c1_p = arith.constant 1 : index
        %c8_p = arith.constant 8 : index
        %c4096_p = arith.constant 4096 : index
        %buf = memref.alloc() : memref<4096xf32, 1 : i32>
        air.dma_memcpy_nd (%buf[] [] [], %px[%c0_p, %c0_p] [%c4096_p, %c1_p] [%c8_p, %c1_p]) {id = 1 : i32} : (memref<4096xf32, 1 : i32>, memref<4096x8xf32>)
        air.dma_memcpy_nd (%ps[%c0_p, %c0_p] [%c1_p, %c4096_p] [%c4096_p, %c1_p], %buf[] [] []) {id = 2 : i32} : (memref<2x4096xf32>, memref<4096xf32, 1 : i32>)
        memref.dealloc %buf : memref<4096xf32, 1 : i32>
        air.segment_terminator
      }
      %loop:2 = scf.for %t = %c0 to %c7 step %c1 iter_args(%pf_cur = %pf0, %cmp_prev = %pf0) -> (!air.async.token, !air.async.token) {
        %slot = arith.remui %t, %c2 : index
        %tn = arith.addi %t, %c1 : index
        %slot_n = arith.remui %tn, %c2 : index
        %cmp = air.segment @compute async [%pf_cur, %cmp_prev] args(%cs=%stage, %cy=%y, %ct=%t, %cslot=%slot) : memref<2x4096xf32>, memref<8x4096xf32>, index, index {
          %c0_c = arith.constant 0 : index
          %c1_c = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %c4096_c = arith.constant 4096 : index
          %buf = memref.alloc() : memref<4096xf32, 1 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %cs[%cslot, %c0_c] [%c1_c, %c4096_c] [%c4096_c, %c1_c]) {id = 3 : i32} : (memref<4096xf32, 1 : i32>, memref<2x4096xf32>)
          air.herd @scale tile (%tx, %ty) in (%sx=%c1_c, %sy=%c4) args(%hb=%buf) : memref<4096xf32, 1 : i32> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c1024 = arith.constant 1024 : index
            %two = arith.constant 2.0 : f32
            %off = affine.apply #mul1024()[%ty]
            %l1 = memref.alloc() : memref<1024xf32, 2 : i32>
            air.dma_memcpy_nd (%l1[] [] [], %hb[%off] [%c1024] [%c1_h]) {id = 4 : i32} : (memref<1024xf32, 2 : i32>, memref<4096xf32, 1 : i32>)
            scf.for %i = %c0_h to %c1024 step %c1_h {
              %v = memref.load %l1[%i] : memref<1024xf32, 2 : i32>
              %w = arith.mulf %v, %two : f32
              memref.store %w, %l1[%i] : memref<1024xf32, 2 : i32>
            }
            air.dma_memcpy_nd (%hb[%off] [%c1024] [%c1_h], %l1[] [] []) {id = 5 : i32} : (memref<4096xf32, 1 : i32>, memref<1024xf32, 2 : i32>)
            memref.dealloc %l1 : memref<1024xf32, 2 : i32>
            air.herd_terminator
          }
          air.dma_memcpy_nd (%cy[%ct, %c0_c] [%c1_c, %c4096_c] [%c4096_c, %c1_c], %buf[] [] []) {id = 6 : i32} : (memref<8x4096xf32>, memref<4096xf32, 1 : i32>)
          memref.dealloc %buf : memref<4096xf32, 1 : i32>
          air.segment_terminator
        }
        %pf = air.segment @prefetch async [%pf_cur, %cmp_prev] args(%px=%x, %ps=%stage, %pt=%tn, %pslot=%slot_n) : memref<4096x8xf32>, memref<2x4096xf32>, index, index {
          %c0_p = arith.constant 0 : index
          %c1_p = arith.constant 1 : index
          %c8_p = arith.constant 8 : index
          %c4096_p = arith.constant 4096 : index
          %buf = memref.alloc() : memref<4096xf32, 1 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %px[%c0_p, %pt] [%c4096_p, %c1_p] [%c8_p, %c1_p]) {id = 7 : i32} : (memref<4096xf32, 1 : i32>, memref<4096x8xf32>)
          air.dma_memcpy_nd (%ps[%pslot, %c0_p] [%c1_p, %c4096_p] [%c4096_p, %c1_p], %buf[] [] []) {id = 8 : i32} : (memref<2x4096xf32>, memref<4096xf32, 1 : i32>)
          memref.dealloc %buf : memref<4096xf32, 1 : i32>
          air.segment_terminator
        }
        scf.yield %pf, %cmp : !air.async.token, !air.async.token
      }
      %last = air.segment @compute_last async [%loop#0, %loop#1] args(%cs=%stage, %cy=%y) : memref<2x4096xf32>, memref<8x4096xf32> {
        %c0_c = arith.constant 0 : index
        %c1_c = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c7_c = arith.constant 7 : index
        %c4096_c = arith.constant 4096 : index
        %buf = memref.alloc() : memref<4096xf32, 1 : i32>
        air.dma_memcpy_nd (%buf[] [] [], %cs[%c1_c, %c0_c] [%c1_c, %c4096_c] [%c4096_c, %c1_c]) {id = 9 : i32} : (memref<4096xf32, 1 : i32>, memref<2x4096xf32>)
        air.herd @scale_last tile (%tx, %ty) in (%sx=%c1_c, %sy=%c4) args(%hb=%buf) : memref<4096xf32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %two = arith.constant 2.0 : f32
          %off = affine.apply #mul1024()[%ty]
          %l1 = memref.alloc() : memref<1024xf32, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %hb[%off] [%c1024] [%c1_h]) {id = 10 : i32} : (memref<1024xf32, 2 : i32>, memref<4096xf32, 1 : i32>)
          scf.for %i = %c0_h to %c1024 step %c1_h {
            %v = memref.load %l1[%i] : memref<1024xf32, 2 : i32>
            %w = arith.mulf %v, %two : f32
            memref.store %w, %l1[%i] : memref<1024xf32, 2 : i32>
          }
          air.dma_memcpy_nd (%hb[%off] [%c1024] [%c1_h], %l1[] [] []) {id = 11 : i32} : (memref<4096xf32, 1 : i32>, memref<1024xf32, 2 : i32>)
          memref.dealloc %l1 : memref<1024xf32, 2 : i32>
          air.herd_terminator
        }
        air.dma_memcpy_nd (%cy[%c7_c, %c0_c] [%c1_c, %c4096_c] [%c4096_c, %c1_c], %buf[] [] []) {id = 12 : i32} : (memref<8x4096xf32>, memref<4096xf32, 1 : i32>)
        memref.dealloc %buf : memref<4096xf32, 1 : i32>
        air.segment_terminator
      }
      air.wait_all [%last]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
