// A launch adds one to %in into %out; then the host copies %in over %out.
// What %out holds at the end is %in: the launch's result is lost. The
// lowering cannot run host code, and this copy is no copy it may leave
// out (%out has another writer), so compile refuses the program; the
// same program without its last copy compiles (host-copies.test).
module {
  func.func @add_one(%in: memref<64xi32>, %out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%la=%in, %lo=%out) : memref<64xi32>, memref<64xi32> {
      air.segment @seg args(%sa=%la, %so=%lo) : memref<64xi32>, memref<64xi32> {
        %c1_0 = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) args(%ha=%sa, %ho=%so) : memref<64xi32>, memref<64xi32> {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %n = arith.constant 64 : index
          %k1 = arith.constant 1 : i32
          %buf = memref.alloc() : memref<64xi32, 2>
          air.dma_memcpy_nd (%buf[] [] [], %ha[] [] []) : (memref<64xi32, 2>, memref<64xi32>)
          scf.for %i = %z to %n step %one {
            %v = memref.load %buf[%i] : memref<64xi32, 2>
            %w = arith.addi %v, %k1 : i32
            memref.store %w, %buf[%i] : memref<64xi32, 2>
          }
          air.dma_memcpy_nd (%ho[] [] [], %buf[] [] []) : (memref<64xi32>, memref<64xi32, 2>)
          memref.dealloc %buf : memref<64xi32, 2>
        }
      }
    }
    memref.copy %in, %out : memref<64xi32> to memref<64xi32>
    return
  }
}
