// dma-volume-balance says `unknown`, never passes, where it cannot count:
// a size that depends on a tile id on one side only, and padding whose
// lists do not align with the pattern.
// RUN: air-check lint --verify-diagnostics --checks=dma-volume-balance %s
module {
  func.func @unknowns(%a: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%la=%a) : memref<64xi32> {
      air.segment @seg args(%sa=%la) : memref<64xi32> {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c8 = arith.constant 8 : index
        %l2 = memref.alloc() : memref<64xi32, 1>
        // expected-warning @+1 {{dma volume balance is unknown: 'air.dma_memcpy_nd' at 16:9: its padding (pad_before / pad_after) does not align with the pattern's dimensions}}
        air.dma_memcpy_nd (%l2[] [] [], %sa[%c0] [%c8] [%c1_s]) {pad_before = array<i32: 1>} : (memref<64xi32, 1>, memref<64xi32>)
        air.herd @h tile (%tx, %ty) in (%hx=%c2_s, %hy=%c1_s) args(%h2=%l2) : memref<64xi32, 1> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8_h = arith.constant 8 : index
          %n = arith.addi %tx, %c8_h : index
          %l1 = memref.alloc() : memref<16xi32, 2>
          // expected-warning @+1 {{dma volume balance is unknown: 'air.dma_memcpy_nd' at 24:11: a transfer size depends on an id or a loop variable}}
          air.dma_memcpy_nd (%l1[%c0_h] [%n] [%c1_h], %h2[%c0_h] [%c8_h] [%c1_h]) : (memref<16xi32, 2>, memref<64xi32, 1>)
          memref.dealloc %l1 : memref<16xi32, 2>
        }
        memref.dealloc %l2 : memref<64xi32, 1>
      }
    }
    return
  }
}
