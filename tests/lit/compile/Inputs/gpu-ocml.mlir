// A herd computing tan: convert-gpu-to-rocdl makes it a call to ocml's
// __ocml_tan_f32, which needs ROCm's device libraries.
module {
  func.func @f(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
      air.segment @s args(%sa=%la) : memref<64xf32> {
        %c64 = arith.constant 64 : index
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%ntx=%c64, %nty=%c1_s) args(%ha=%sa) : memref<64xf32> {
          %c1_h = arith.constant 1 : index
          %c0_h = arith.constant 0 : index
          %v = memref.alloc() : memref<1xf32, 2>
          air.dma_memcpy_nd (%v[] [] [], %ha[%tx] [%c1_h] [%c1_h]) : (memref<1xf32, 2>, memref<64xf32>)
          %e = memref.load %v[%c0_h] : memref<1xf32, 2>
          %r = math.tan %e : f32
          memref.store %r, %v[%c0_h] : memref<1xf32, 2>
          air.dma_memcpy_nd (%ha[%tx] [%c1_h] [%c1_h], %v[] [] []) : (memref<64xf32>, memref<1xf32, 2>)
          memref.dealloc %v : memref<1xf32, 2>
        }
      }
    }
    return
  }
}
