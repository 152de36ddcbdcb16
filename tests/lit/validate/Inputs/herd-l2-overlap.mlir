// The L3 -> L2 -> L1 -> L2 -> L3 element-wise product with a race: every
// herd instance (tx, ty) writes its block back to columns 64..127 of the
// L2 result panel, whatever ty, so instances (tx, 0) and (tx, 1) write the
// same elements at once (lint's data-race reports it). What the result
// argument holds then depends on which write lands last: the program's
// symbolic results (ProgramStreams) do not cover it and say why.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#mul64 = affine_map<()[s0] -> (s0 * 64)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func @eltwise_mul_2d(%arg0: memref<128x128xi16>, %arg1: memref<128x128xi16>, %arg2: memref<128x128xi16>) {
    %c2 = arith.constant 2 : index
    air.launch (%lx) in (%nlx=%c2) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<128x128xi16>, memref<128x128xi16>, memref<128x128xi16> {
      air.segment @mul_seg args(%ix=%lx, %sA=%A, %sB=%B, %sC=%C) : index, memref<128x128xi16>, memref<128x128xi16>, memref<128x128xi16> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c64 = arith.constant 64 : index
        %c128 = arith.constant 128 : index
        %row = affine.apply #mul64()[%ix]
        %pa = memref.alloc() : memref<64x128xi16, 1>
        %pb = memref.alloc() : memref<64x128xi16, 1>
        %pc = memref.alloc() : memref<64x128xi16, 1>
        air.dma_memcpy_nd (%pa[] [] [], %sA[%row, %c0] [%c64, %c128] [%c128, %c1]) {id = 1 : i32} : (memref<64x128xi16, 1>, memref<128x128xi16>)
        air.dma_memcpy_nd (%pb[] [] [], %sB[%row, %c0] [%c64, %c128] [%c128, %c1]) {id = 2 : i32} : (memref<64x128xi16, 1>, memref<128x128xi16>)
        air.herd @mul_herd tile (%tx, %ty) in (%sx=%c2_s, %sy=%c2_s) args(%ha=%pa, %hb=%pb, %hc=%pc) : memref<64x128xi16, 1>, memref<64x128xi16, 1>, memref<64x128xi16, 1> {
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c64_h = arith.constant 64 : index
          %c128_h = arith.constant 128 : index
          %r = affine.apply #mul32()[%tx]
          %q = affine.apply #mul64()[%ty]
          %la = memref.alloc() : memref<32x64xi16, 2>
          %lb = memref.alloc() : memref<32x64xi16, 2>
          %lc = memref.alloc() : memref<32x64xi16, 2>
          air.dma_memcpy_nd (%la[] [] [], %ha[%r, %q] [%c32, %c64_h] [%c128_h, %c1_h]) {id = 3 : i32} : (memref<32x64xi16, 2>, memref<64x128xi16, 1>)
          air.dma_memcpy_nd (%lb[] [] [], %hb[%r, %q] [%c32, %c64_h] [%c128_h, %c1_h]) {id = 4 : i32} : (memref<32x64xi16, 2>, memref<64x128xi16, 1>)
          linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%la, %lb : memref<32x64xi16, 2>, memref<32x64xi16, 2>) outs(%lc : memref<32x64xi16, 2>) {
          ^bb0(%x: i16, %y: i16, %z: i16):
            %m = arith.muli %x, %y : i16
            linalg.yield %m : i16
          }
          air.dma_memcpy_nd (%hc[%r, %c64_h] [%c32, %c64_h] [%c128_h, %c1_h], %lc[] [] []) {id = 5 : i32} : (memref<64x128xi16, 1>, memref<32x64xi16, 2>)
          memref.dealloc %la : memref<32x64xi16, 2>
          memref.dealloc %lb : memref<32x64xi16, 2>
          memref.dealloc %lc : memref<32x64xi16, 2>
          air.herd_terminator
        }
        air.dma_memcpy_nd (%sC[%row, %c0] [%c64, %c128] [%c128, %c1], %pc[] [] []) {id = 6 : i32} : (memref<128x128xi16>, memref<64x128xi16, 1>)
        memref.dealloc %pa : memref<64x128xi16, 1>
        memref.dealloc %pb : memref<64x128xi16, 1>
        memref.dealloc %pc : memref<64x128xi16, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
