// Pattern: two herds of one segment share an affinity token: @scale and
//   then @offset run on the same 4x4 tiles, one after the other (@offset
//   also waits for @scale's token, which fixes the order). The segment's
//   peak is one herd's 16 tiles, not the sum: token-consistency proves the
//   constraints hold (--show-proofs prints a schedule), and with
//   --device=npu1_4col the segment fits the 16 compute tiles.
// Source: seed 000 (AIR compute model), Section 1.5 (affinity: same
//   hardware partition, disjoint resource and execution lifespans) and
//   Section 2.2 (resource analysis: ops linked only by dependency tokens
//   are sequential and may reuse resources).
#tile64 = affine_map<(d0, d1) -> (d0 * 256 + d1 * 64)>
module {
  func.func @scale_then_offset(%buf: memref<1024xi32>) {
    air.launch () in () args(%data=%buf) : memref<1024xi32> {
      air.segment @stages args(%d=%data) : memref<1024xi32> {
        %c4 = arith.constant 4 : index
        %aff = air.token.alloc : !air.token
        %h1 = air.herd @scale async tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hd=%d) : memref<1024xi32> [affinity = [%aff]] {
          %c1 = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %off = affine.apply #tile64(%tx, %ty)
          %l1 = memref.alloc() : memref<64xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hd[%off] [%c64] [%c1]) : (memref<64xi32, 2>, memref<1024xi32>)
          air.dma_memcpy_nd (%hd[%off] [%c64] [%c1], %l1[] [] []) : (memref<1024xi32>, memref<64xi32, 2>)
          memref.dealloc %l1 : memref<64xi32, 2>
        }
        %h2 = air.herd @offset async [%h1] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hd=%d) : memref<1024xi32> [affinity = [%aff]] {
          %c1 = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %off = affine.apply #tile64(%tx, %ty)
          %l1 = memref.alloc() : memref<64xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hd[%off] [%c64] [%c1]) : (memref<64xi32, 2>, memref<1024xi32>)
          air.dma_memcpy_nd (%hd[%off] [%c64] [%c1], %l1[] [] []) : (memref<1024xi32>, memref<64xi32, 2>)
          memref.dealloc %l1 : memref<64xi32, 2>
        }
        air.wait_all [%h2]
      }
    }
    return
  }
}
