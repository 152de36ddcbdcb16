// Pattern: a channel with depth = 2 used for double buffering between L2 and
//   L1. The segment copies a 16x256 block into L2 once and then, in one
//   scf.for with a token chain per destination tile, puts the 16 rows to
//   @feed [1, 2] {depth = 2}: tile [0, j] receives the rows j*8 .. j*8+7. With
//   depth 2 the producer can be one transfer ahead of the consumer, so a put
//   can complete while the herd is still busy with the previous row. Each
//   herd tile gets 8 rows, sums each row and stores the sums in L2.
//   Per index: 8 puts (segment) and 8 gets (herd).
// Source: seed 000 (AIR compute model), Section 2.5 "Capacity and depth"
//   (depth 2 = double-buffering, producer one transfer ahead) and
//   "Flow control semantics".
module {
  air.channel @feed [1, 2] {channel_type = "dma_stream", depth = 2}
  func.func @row_sums(%src: memref<16x256xi32>, %dst: memref<16xi32>) {
    air.launch () in () args(%a=%src, %b=%dst) : memref<16x256xi32>, memref<16xi32> {
      air.segment @rows_seg args(%sa=%a, %sb=%b) : memref<16x256xi32>, memref<16xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c8 = arith.constant 8 : index
        %c256 = arith.constant 256 : index
        %ta, %l2 = air.execute -> (memref<16x256xi32, 1 : i32>) {
          %m = memref.alloc() : memref<16x256xi32, 1 : i32>
          air.execute_terminator %m : memref<16x256xi32, 1 : i32>
        }
        %tsum, %sums = air.execute -> (memref<16xi32, 1 : i32>) {
          %m = memref.alloc() : memref<16xi32, 1 : i32>
          air.execute_terminator %m : memref<16xi32, 1 : i32>
        }
        %tin = air.dma_memcpy_nd async [%ta] (%l2[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<16x256xi32, 1 : i32>, memref<16x256xi32>)
        %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%t0 = %tin, %t1 = %tin) -> (!air.async.token, !air.async.token) {
          %row1 = arith.addi %k, %c8 : index
          %p0 = air.channel.put async [%t0] @feed[%c0, %c0] (%l2[%k, %c0] [%c1, %c256] [%c256, %c1]) {id = 2 : i32} : (memref<16x256xi32, 1 : i32>)
          %p1 = air.channel.put async [%t1] @feed[%c0, %c1] (%l2[%row1, %c0] [%c1, %c256] [%c256, %c1]) {id = 3 : i32} : (memref<16x256xi32, 1 : i32>)
          scf.yield %p0, %p1 : !air.async.token, !air.async.token
        }
        %h = air.herd @row_sum async [%tsum] tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%hs=%sums) : memref<16xi32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8_h = arith.constant 8 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %row = memref.alloc() : memref<256xi32, 2 : i32>
          %acc = memref.alloc() : memref<8xi32, 2 : i32>
          %base = arith.muli %ty, %c8_h : index
          scf.for %k = %c0_h to %c8_h step %c1_h {
            air.channel.get @feed[%tx, %ty] (%row[] [] []) {id = 4 : i32} : (memref<256xi32, 2 : i32>)
            %s = scf.for %i = %c0_h to %c256_h step %c1_h iter_args(%part = %zero) -> (i32) {
              %v = memref.load %row[%i] : memref<256xi32, 2 : i32>
              %n = arith.addi %part, %v : i32
              scf.yield %n : i32
            }
            memref.store %s, %acc[%k] : memref<8xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hs[%base] [%c8_h] [%c1_h], %acc[] [] []) {id = 5 : i32} : (memref<16xi32, 1 : i32>, memref<8xi32, 2 : i32>)
          memref.dealloc %row : memref<256xi32, 2 : i32>
          memref.dealloc %acc : memref<8xi32, 2 : i32>
          air.herd_terminator
        }
        %tout = air.dma_memcpy_nd async [%h] (%sb[] [] [], %sums[] [] []) {id = 6 : i32} : (memref<16xi32>, memref<16xi32, 1 : i32>)
        air.wait_all [%r#0, %r#1, %tout]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
