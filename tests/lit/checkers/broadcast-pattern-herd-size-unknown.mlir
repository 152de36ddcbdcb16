// The herd's width is loaded from memory, so the tiles a broadcast_pattern
// must cover are not an affine set: coverage is unknown, never a pass.
// RUN: air-check lint --verify-diagnostics %s
#bcast = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0, -d1 >= 0, s0 >= 0)>
func.func @loaded_width(%sizes: memref<1xindex>, %src: memref<64xi32>) {
  air.launch () in () args(%ls=%sizes, %lsrc=%src) : memref<1xindex>, memref<64xi32> {
    air.segment @s args(%ss=%ls, %ssrc=%lsrc) : memref<1xindex>, memref<64xi32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %w = memref.load %ss[%c0] : memref<1xindex>
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      air.herd @h tile (%x, %y) in (%nx=%w, %ny=%c1) args(%hl2=%l2) : memref<64xi32, 1 : i32> {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        // expected-warning @+1 {{broadcast coverage is unknown: the herd's size is not an affine function of the parameters}}
        air.dma_memcpy_nd (%l1[] [] [], %hl2[] [] []) {broadcast_pattern = #bcast} : (memref<64xi32, 2 : i32>, memref<64xi32, 1 : i32>)
      }
    }
  }
  return
}
