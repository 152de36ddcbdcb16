// What is wrong: the air.execute declares two results (a memref and an
//   index) but its terminator yields only the memref.
// Rule broken: seed 000 section 2.6: air.execute wraps a sequential region
//   whose values are returned through air.execute_terminator; the values it
//   yields must match the results it declares (beside its token).
// Fix: yield both values, `air.execute_terminator %m, %o : memref<32x32xi32,
//   2 : i32>, index`, or declare only the memref result.
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func @tile_alloc(%buf: memref<64x32xi32>) {
    air.launch () in () args(%lb=%buf) : memref<64x32xi32> {
      air.segment @seg args(%sb=%lb) : memref<64x32xi32> {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        air.herd @tiles tile (%tx, %ty) in (%sx=%c2, %sy=%c1) args(%hb=%sb) : memref<64x32xi32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          // expected-error@+1 {{'air.execute' op yields 1 value through 'air.execute_terminator' but declares 2 results of matching types}}
          %t0, %l1, %row = air.execute -> (memref<32x32xi32, 2 : i32>, index) {
            %m = memref.alloc() : memref<32x32xi32, 2 : i32>
            %o = affine.apply #mul32()[%tx]
            air.execute_terminator %m : memref<32x32xi32, 2 : i32>
          }
          %d = air.dma_memcpy_nd async [%t0] (%l1[] [] [], %hb[%row, %c0_h] [%c32, %c32] [%c32, %c1_h]) : (memref<32x32xi32, 2 : i32>, memref<64x32xi32>)
          %f = air.execute [%d] {
            memref.dealloc %l1 : memref<32x32xi32, 2 : i32>
          }
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
