// Pattern: element-wise vector add, synchronous form (no tokens anywhere).
//   A launch with no iteration space holds one segment; a 1x2 herd splits the
//   vectors between two tiles. Each tile loops over its half, pulling 1 KiB
//   chunks of a and b from L3 into L1 with air.dma_memcpy_nd, adding them
//   with a plain scf.for, and pushing the result chunk back to L3.
// Source: seed 002 (MLIR-AIR paper), Section 6 "AIR Dialect Constructs in Use"
//   and Appendix A/B (Listings 7 and 8: the vector-add input program and the
//   Python-bindings version with herd sizes [1, 2] and per-tile offsets
//   offset = iv + ty * tile_n).
#tile_off = affine_map<()[s0, s1] -> (s0 + s1 * 1024)>
module {
  func.func @eltwise_add(%arg0: memref<65536xf32>, %arg1: memref<65536xf32>, %arg2: memref<65536xf32>) {
    air.launch () in () args(%a=%arg0, %b=%arg1, %c=%arg2) : memref<65536xf32>, memref<65536xf32>, memref<65536xf32> {
      air.segment @eltwise_add_seg args(%sa=%a, %sb=%b, %sc=%c) : memref<65536xf32>, memref<65536xf32>, memref<65536xf32> {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%ha=%sa, %hb=%sb, %hc=%sc) : memref<65536xf32>, memref<65536xf32>, memref<65536xf32> {
          %c0 = arith.constant 0 : index
          %c1_0 = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %c2048 = arith.constant 2048 : index
          %c65536 = arith.constant 65536 : index
          %la = memref.alloc() : memref<1024xf32, 2>
          %lb = memref.alloc() : memref<1024xf32, 2>
          %lc = memref.alloc() : memref<1024xf32, 2>
          scf.for %iv = %c0 to %c65536 step %c2048 {
            %off = affine.apply #tile_off()[%iv, %ty]
            air.dma_memcpy_nd (%la[] [] [], %ha[%off] [%c1024] [%c1_0]) {id = 1 : i32} : (memref<1024xf32, 2>, memref<65536xf32>)
            air.dma_memcpy_nd (%lb[] [] [], %hb[%off] [%c1024] [%c1_0]) {id = 2 : i32} : (memref<1024xf32, 2>, memref<65536xf32>)
            scf.for %i = %c0 to %c1024 step %c1_0 {
              %x = memref.load %la[%i] : memref<1024xf32, 2>
              %y = memref.load %lb[%i] : memref<1024xf32, 2>
              %s = arith.addf %x, %y : f32
              memref.store %s, %lc[%i] : memref<1024xf32, 2>
            }
            air.dma_memcpy_nd (%hc[%off] [%c1024] [%c1_0], %lc[] [] []) {id = 3 : i32} : (memref<65536xf32>, memref<1024xf32, 2>)
          }
          memref.dealloc %la : memref<1024xf32, 2>
          memref.dealloc %lb : memref<1024xf32, 2>
          memref.dealloc %lc : memref<1024xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
