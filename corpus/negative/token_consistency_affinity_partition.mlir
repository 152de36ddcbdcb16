// What is wrong: %aff binds @narrow and @wide to one hardware partition.
//   @narrow declares its partition, 2 columns x 4 rows (x_size, y_size),
//   but @wide's herd needs 4 x 4 tiles: it does not fit the partition it
//   must share.
// Rule broken: seed 000 section 1.5 (affinity: the ops are placed on the
//   same hardware resources) and 2.2 (x_size / y_size are authoritative
//   for a segment's footprint).
// Fix: declare x_size = 4 on @narrow, or give @wide a 2 x 4 herd, or drop
//   the affinity lists.
module {
  func.func @two_stages(%x: memref<1024xi32>) {
    air.launch () in () args(%a=%x) : memref<1024xi32> {
      %aff = air.token.alloc : !air.token
      // expected-error@+2 {{token constraints cannot all hold: affinity %aff binds @narrow (2x4 columns x rows, its x_size and y_size) and @wide (4x4 tiles for its herd) to one hardware partition}}
      // expected-note@+1 {{@narrow: affinity %aff: shares one partition, reserves 2x4 (x_size, y_size)}}
      %s1 = air.segment @narrow async args(%sa=%a) : memref<1024xi32> [affinity = [%aff]] attributes {x_loc = 0 : i64, x_size = 2 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        air.herd @small tile (%tx, %ty) in (%sx=%c2, %sy=%c4) args(%ha=%sa) : memref<1024xi32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16_h = arith.constant 16 : index
          %l1 = memref.alloc() : memref<16xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %ha[%c0_h] [%c16_h] [%c1_h]) : (memref<16xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<16xi32, 2>
        }
      }
      // expected-note@+1 {{@wide: affinity %aff: shares one partition, needs 4x4 tiles for its herd}}
      %s2 = air.segment @wide async args(%sa=%a) : memref<1024xi32> [dependency = [%s1]] [affinity = [%aff]] {
        %c4 = arith.constant 4 : index
        air.herd @large tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%ha=%sa) : memref<1024xi32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16_h = arith.constant 16 : index
          %l1 = memref.alloc() : memref<16xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %ha[%c0_h] [%c16_h] [%c1_h]) : (memref<16xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<16xi32, 2>
        }
      }
      air.wait_all [%s2]
    }
    return
  }
}
