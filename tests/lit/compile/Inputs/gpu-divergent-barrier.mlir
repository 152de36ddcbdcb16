// A herd whose gpu.barrier only tile 0 reaches: tiles are threads, so the
// other threads never arrive. The program's fault: refused (exit 1).
module {
  func.func @f(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%nx=%c1) args(%la=%a) : memref<64xf32> {
      air.segment @s args(%sa=%la) : memref<64xf32> {
        %c64 = arith.constant 64 : index
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%ntx=%c64, %nty=%c1_s) args(%ha=%sa) : memref<64xf32> {
          %c0_h = arith.constant 0 : index
          %first = arith.cmpi eq, %tx, %c0_h : index
          scf.if %first {
            gpu.barrier
          }
        }
      }
    }
    return
  }
}
