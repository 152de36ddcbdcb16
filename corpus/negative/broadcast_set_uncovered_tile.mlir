// What is wrong: the herd is 4x4, but the A-panel dma is specialized into
//   an affine.if chain written for three tile rows: row 0, row 1, and an
//   else dma whose broadcast_set is row 2 only. The broadcast_sets leave the
//   tiles of row 3 without a source for their A tile (the else dma runs for
//   row 3 too, but its set does not include it).
// Rule broken: broadcast-coverage; the broadcast_set attributes of the dmas
//   that fill one buffer in a herd must partition the herd's tiles, every
//   tile fed exactly once (seed 003 air-specialize-dma-broadcast, seed 002
//   section 7.2; seed 000 section 2.3: every tile of %sx x %sy runs).
// Fix: add a branch for row 3 (affine.if #row2 ... else dma with a #row3
//   set, source rows 96..127), as the herd has 4 rows.
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
module {
  func.func @gemm_a_bcast_set(%a: memref<128x64xi32>) {
    air.launch () in () args(%la=%a) : memref<128x64xi32> {
      air.segment @bs_seg args(%sa=%la) : memref<128x64xi32> {
        %c4 = arith.constant 4 : index
        %t0, %l2a = air.execute -> (memref<128x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<128x64xi32, 1 : i32>
          air.execute_terminator %m : memref<128x64xi32, 1 : i32>
        }
        %d0 = air.dma_memcpy_nd async [%t0] (%l2a[] [] [], %sa[] [] []) : (memref<128x64xi32, 1 : i32>, memref<128x64xi32>)
        // expected-note@+1 {{the herd whose tiles must be covered}}
        %h = air.herd @mm async [%d0] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%ha=%l2a) : memref<128x64xi32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %c96 = arith.constant 96 : index
          %t1, %l1a = air.execute -> (memref<32x64xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x64xi32, 2 : i32>
            air.execute_terminator %m : memref<32x64xi32, 2 : i32>
          }
          %ga = affine.if #row0()[%tx, %ty] -> !air.async.token {
            // expected-error@+1 {{the broadcast_set attributes of the dmas filling this buffer leave tile [3, 0] without data}}
            %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c0_h, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row0} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
            affine.yield %d : !air.async.token
          } else {
            %e1 = affine.if #row1()[%tx, %ty] -> !air.async.token {
              // expected-note@+1 {{another dma of the group}}
              %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c32, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row1} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
              affine.yield %d : !air.async.token
            } else {
              // expected-note@+1 {{another dma of the group}}
              %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c64, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row2} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
              affine.yield %d : !air.async.token
            }
            affine.yield %e1 : !air.async.token
          }
          %f = air.execute [%ga] {
            memref.dealloc %l1a : memref<32x64xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %f2 = air.execute [%h] {
          memref.dealloc %l2a : memref<128x64xi32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
