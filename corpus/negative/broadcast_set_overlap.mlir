// What is wrong: the A-panel dma of the 4x4 herd is specialized per tile
//   row into an affine.if chain (rows 0, 1, 2, else); each dma carries the
//   broadcast_set of the tiles it feeds. The last (else) dma's set #rest
//   says rows 2..3, but row 2 already has its own dma (#row2): the tiles of
//   row 2 would receive the A tile twice. The else branch runs only for row
//   3, so its set should be row 3 alone.
// Rule broken: broadcast-coverage; the broadcast_set attributes of the dmas
//   that fill one buffer in a herd must partition the herd's tiles, each tile
//   fed exactly once (seed 003 air-specialize-dma-broadcast, seed 002
//   section 7.2; seed 000 section 2.3: herd tiles and their L1).
// Fix: make #rest (s0 - 3 == 0, s1 >= 0, -s1 + 3 >= 0).
#row0 = affine_set<()[s0, s1] : (s0 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row1 = affine_set<()[s0, s1] : (s0 - 1 == 0, s1 >= 0, -s1 + 3 >= 0)>
#row2 = affine_set<()[s0, s1] : (s0 - 2 == 0, s1 >= 0, -s1 + 3 >= 0)>
#rest = affine_set<()[s0, s1] : (s0 - 2 >= 0, -s0 + 3 >= 0, s1 >= 0, -s1 + 3 >= 0)>
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
            %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c0_h, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row0} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
            affine.yield %d : !air.async.token
          } else {
            %e1 = affine.if #row1()[%tx, %ty] -> !air.async.token {
              %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c32, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row1} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
              affine.yield %d : !air.async.token
            } else {
              %e2 = affine.if #row2()[%tx, %ty] -> !air.async.token {
                // expected-note@+1 {{the other dma}}
                %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c64, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #row2} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
                affine.yield %d : !air.async.token
              } else {
                // expected-error@+1 {{broadcast_set overlaps another dma's: tile [2, 3] receives the buffer twice}}
                %d = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%c96, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_set = #rest} : (memref<32x64xi32, 2 : i32>, memref<128x64xi32, 1 : i32>)
                affine.yield %d : !air.async.token
              }
              affine.yield %e2 : !air.async.token
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
