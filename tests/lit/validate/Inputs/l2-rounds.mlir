// Four rounds through one L2 buffer: each round the segment copies a 2x64
// block of %src into L2 and puts its two rows to the two herd tiles, which
// sum them. The L2 buffer is rewritten every round, so each element a tile
// receives holds what the last copy before its put wrote (round k's block).
module {
  air.channel @feed [1, 2]
  func.func @rounds(%src: memref<4x2x64xi32>, %dst: memref<2x4xi32>) {
    air.launch () in () args(%a=%src, %b=%dst) : memref<4x2x64xi32>, memref<2x4xi32> {
      air.segment @seg args(%sa=%a, %sb=%b) : memref<4x2x64xi32>, memref<2x4xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        %c64 = arith.constant 64 : index
        %c128 = arith.constant 128 : index
        %ta, %l2 = air.execute -> (memref<2x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<2x64xi32, 1 : i32>
          air.execute_terminator %m : memref<2x64xi32, 1 : i32>
        }
        %ts, %sums = air.execute -> (memref<2x4xi32, 1 : i32>) {
          %m = memref.alloc() : memref<2x4xi32, 1 : i32>
          air.execute_terminator %m : memref<2x4xi32, 1 : i32>
        }
        %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%t = %ta) -> (!air.async.token) {
          %d = air.dma_memcpy_nd async [%t] (%l2[] [] [], %sa[%k, %c0, %c0] [%c1, %c2, %c64] [%c128, %c64, %c1]) {id = 1 : i32} : (memref<2x64xi32, 1 : i32>, memref<4x2x64xi32>)
          %p0 = air.channel.put async [%d] @feed[%c0, %c0] (%l2[%c0, %c0] [%c1, %c64] [%c64, %c1]) {id = 2 : i32} : (memref<2x64xi32, 1 : i32>)
          %p1 = air.channel.put async [%d] @feed[%c0, %c1] (%l2[%c1, %c0] [%c1, %c64] [%c64, %c1]) {id = 3 : i32} : (memref<2x64xi32, 1 : i32>)
          %w = air.wait_all async [%p0, %p1]
          scf.yield %w : !air.async.token
        }
        %h = air.herd @sum async [%ts] tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%hs=%sums) : memref<2x4xi32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4_h = arith.constant 4 : index
          %c64_h = arith.constant 64 : index
          %zero = arith.constant 0 : i32
          %row = memref.alloc() : memref<64xi32, 2 : i32>
          %acc = memref.alloc() : memref<4xi32, 2 : i32>
          scf.for %k = %c0_h to %c4_h step %c1_h {
            air.channel.get @feed[%tx, %ty] (%row[] [] []) {id = 4 : i32} : (memref<64xi32, 2 : i32>)
            %s = scf.for %i = %c0_h to %c64_h step %c1_h iter_args(%part = %zero) -> (i32) {
              %v = memref.load %row[%i] : memref<64xi32, 2 : i32>
              %n = arith.addi %part, %v : i32
              scf.yield %n : i32
            }
            memref.store %s, %acc[%k] : memref<4xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hs[%ty, %c0_h] [%c1_h, %c4_h] [%c4_h, %c1_h], %acc[] [] []) {id = 5 : i32} : (memref<2x4xi32, 1 : i32>, memref<4xi32, 2 : i32>)
          memref.dealloc %row : memref<64xi32, 2 : i32>
          memref.dealloc %acc : memref<4xi32, 2 : i32>
          air.herd_terminator
        }
        %tout = air.dma_memcpy_nd async [%h] (%sb[] [] [], %sums[] [] []) {id = 6 : i32} : (memref<2x4xi32>, memref<2x4xi32, 1 : i32>)
        air.wait_all [%r, %tout]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
