// Two tiles that receive the same 16 elements, add one to them and write
// them back to the rows their ids name. Each also computes an index from
// its ids in an air.execute whose value nothing uses (upstream's
// dma-to-channel outputs keep such leftovers). Which instance a core runs
// cannot be told from its data, and need not be: their code uses the ids
// only in transfers and in that dead value, so they compute the same.
#row = affine_map<()[s0] -> (s0 * 16)>
module {
  func.func @dead_id(%in: memref<16xi32>, %out: memref<2x16xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%lsx=%c1) args(%a=%in, %o=%out) : memref<16xi32>, memref<2x16xi32> {
      air.segment @seg args(%sa=%a, %so=%o) : memref<16xi32>, memref<2x16xi32> {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c2_s) args(%ha=%sa, %ho=%so) : memref<16xi32>, memref<2x16xi32> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %one = arith.constant 1 : i32
          %t, %unused = air.execute -> (index) {
            %r = affine.apply #row()[%ty]
            air.execute_terminator %r : index
          }
          %b = memref.alloc() : memref<16xi32, 2 : i32>
          air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
          scf.for %i = %c0 to %c16 step %c1 {
            %v = memref.load %b[%i] : memref<16xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %b[%i] : memref<16xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%ho[%ty, %c0] [%c1, %c16] [%c16, %c1], %b[] [] []) : (memref<2x16xi32>, memref<16xi32, 2 : i32>)
          memref.dealloc %b : memref<16xi32, 2 : i32>
        }
      }
    }
    return
  }
}
