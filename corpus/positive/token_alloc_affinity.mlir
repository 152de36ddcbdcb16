// Pattern: explicit token allocation used as an affinity token on segments.
//   Inside the launch body, %aff = air.token.alloc groups two segments that
//   must run on the same hardware partition and hence one after the other:
//   @stage_add (x + 1) and @stage_mul (x * 3) both list %aff in their
//   affinity list; @stage_mul also lists @stage_add's result in its
//   dependency list, which fixes the order. The affinity token is created
//   inside the launch body; affinity tokens may not cross the launch boundary.
// Source: seed 000 (AIR compute model), Section 1.5 "Token creation"
//   (air.token.alloc), "Token consumption -- the three attribute lists"
//   (affinity: same resources, disjoint lifespans) and "Scope rule".
#mul256 = affine_map<()[s0] -> (s0 * 256)>
module {
  func.func @two_stage_same_partition(%buf: memref<2048xi32>) {
    %c2 = arith.constant 2 : index
    air.launch (%lx) in (%nlx=%c2) args(%data=%buf) : memref<2048xi32> {
      %aff = air.token.alloc : !air.token
      %s1 = air.segment @stage_add async args(%d=%data, %ix=%lx) : memref<2048xi32>, index [affinity = [%aff]] {
        %c4 = arith.constant 4 : index
        %c1 = arith.constant 1 : index
        air.herd @add_one tile (%tx, %ty) in (%sx=%c4, %sy=%c1) args(%hd=%d, %hix=%ix) : memref<2048xi32>, index {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %one = arith.constant 1 : i32
          %t = affine.apply #mul256()[%tx]
          %base = arith.muli %hix, %c1024 : index
          %off = arith.addi %base, %t : index
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hd[%off] [%c256] [%c1_h]) {id = 1 : i32} : (memref<256xi32, 2>, memref<2048xi32>)
          scf.for %i = %c0_h to %c256 step %c1_h {
            %v = memref.load %l1[%i] : memref<256xi32, 2>
            %w = arith.addi %v, %one : i32
            memref.store %w, %l1[%i] : memref<256xi32, 2>
          }
          air.dma_memcpy_nd (%hd[%off] [%c256] [%c1_h], %l1[] [] []) {id = 2 : i32} : (memref<2048xi32>, memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      %s2 = air.segment @stage_mul async args(%d=%data, %ix=%lx) : memref<2048xi32>, index [dependency = [%s1]] [affinity = [%aff]] {
        %c4 = arith.constant 4 : index
        %c1 = arith.constant 1 : index
        air.herd @mul_three tile (%tx, %ty) in (%sx=%c4, %sy=%c1) args(%hd=%d, %hix=%ix) : memref<2048xi32>, index {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %three = arith.constant 3 : i32
          %t = affine.apply #mul256()[%tx]
          %base = arith.muli %hix, %c1024 : index
          %off = arith.addi %base, %t : index
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hd[%off] [%c256] [%c1_h]) {id = 3 : i32} : (memref<256xi32, 2>, memref<2048xi32>)
          scf.for %i = %c0_h to %c256 step %c1_h {
            %v = memref.load %l1[%i] : memref<256xi32, 2>
            %w = arith.muli %v, %three : i32
            memref.store %w, %l1[%i] : memref<256xi32, 2>
          }
          air.dma_memcpy_nd (%hd[%off] [%c256] [%c1_h], %l1[] [] []) {id = 4 : i32} : (memref<2048xi32>, memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.wait_all [%s2]
      air.launch_terminator
    }
    return
  }
}
