// What is wrong: the broadcast_pattern of the A-panel dma in the 4x4 herd
//   lets the destination column d1 range over [0, 4], so every source row
//   s0 also sends to tile (s0, 4), which is not a tile of the herd.
// Rule broken: broadcast-coverage; a broadcast_pattern relates each source
//   s0 to destination tiles (d0, d1) of the enclosing herd (seed 002 section
//   7.2, seed 003 air-dependency-schedule-opt), and a herd's tiles are its
//   iteration space %sx x %sy (seed 000 section 2.3): every destination must
//   be a tile of the herd.
// Fix: bound the destination column by the herd width: -d1 + 3 >= 0.
#mul32 = affine_map<()[s0] -> (s0 * 32)>
#bcast_a = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 + 4 >= 0, s0 >= 0, -s0 + 3 >= 0)>
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
          // expected-error@+1 {{broadcast_pattern sends to tile [3, 4], outside the herd}}
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
