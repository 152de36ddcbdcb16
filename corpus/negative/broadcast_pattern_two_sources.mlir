// What is wrong: the broadcast_pattern of the A-panel dma in the 4x4 herd
//   relates destination row d0 to sources s0 with s0 <= d0 <= s0 + 1, so
//   every tile of rows 1..3 is a destination of two sources (s0 = d0 - 1 and
//   s0 = d0) and would receive its A tile twice, from different rows.
// Rule broken: broadcast-coverage; a broadcast_pattern must give each
//   destination tile exactly one source (seed 002 section 7.2, seed 003
//   air-dependency-schedule-opt).
// Fix: tie each row to one source: d0 - s0 == 0 (drop -d0 + s0 + 1 >= 0 and
//   -d0 + 3 >= 0).
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#bcast_a = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, -d0 + s0 + 1 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0, s0 >= 0, -s0 + 3 >= 0)>
module {
  func.func @gemm_a_bcast(%a: memref<128x64xbf16>) {
    air.launch () in () args(%la=%a) : memref<128x64xbf16> {
      air.segment @bp_seg args(%sa=%la) : memref<128x64xbf16> {
        %c4 = arith.constant 4 : index
        %t0, %l2a = air.execute -> (memref<128x64xbf16, 1 : i32>) {
          %m = memref.alloc() : memref<128x64xbf16, 1 : i32>
          air.execute_terminator %m : memref<128x64xbf16, 1 : i32>
        }
        %d0 = air.dma_memcpy_nd async [%t0] (%l2a[] [] [], %sa[] [] []) : (memref<128x64xbf16, 1 : i32>, memref<128x64xbf16>)
        // expected-note@+1 {{destination tiles are those of this herd}}
        %h = air.herd @mm async [%d0] tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%ha=%l2a) : memref<128x64xbf16, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %row = affine.apply #mul32()[%tx]
          %t1, %l1a = air.execute -> (memref<32x64xbf16, 2 : i32>) {
            %m = memref.alloc() : memref<32x64xbf16, 2 : i32>
            air.execute_terminator %m : memref<32x64xbf16, 2 : i32>
          }
          // expected-error@+1 {{broadcast_pattern gives tile [1, 0] more than one source; each destination must receive from exactly one}}
          %da = air.dma_memcpy_nd async [%t1] (%l1a[] [] [], %ha[%row, %c0_h] [%c32, %c64] [%c64, %c1_h]) {broadcast_pattern = #bcast_a} : (memref<32x64xbf16, 2 : i32>, memref<128x64xbf16, 1 : i32>)
          %f = air.execute [%da] {
            memref.dealloc %l1a : memref<32x64xbf16, 2 : i32>
          }
          air.herd_terminator
        }
        %f2 = air.execute [%h] {
          memref.dealloc %l2a : memref<128x64xbf16, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
