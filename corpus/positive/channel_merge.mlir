// Pattern: time-multiplexed data movement through a merged channel. Two
//   dataflows (chunks of x and chunks of w) that would otherwise need two
//   channels share @merged: the segment interleaves them in one loop (put x
//   chunk, then w chunk) and the herd gets them in the same order, so the
//   FIFO order on the shared channel matches. The herd accumulates the dot
//   product x . w and returns it on @dot. Per iteration: 2 puts / 2 gets on
//   @merged (8 iterations); 1 put / 1 get on @dot.
// Source: seed 002 (paper) Section 7.4.2 "Time-multiplexed Data Movement via
//   air.channel Merging" (two loop nests fused and interleaved onto shared
//   channels when their iteration domains match) and Fig. 9.
module {
  air.channel @merged []
  air.channel @dot []
  func.func @dot_product(%x: memref<2048xf32>, %w: memref<2048xf32>, %out: memref<1xf32>) {
    air.launch () in () args(%lx=%x, %lw=%w, %lo=%out) : memref<2048xf32>, memref<2048xf32>, memref<1xf32> {
      air.segment @merge_seg args(%sx=%lx, %sw=%lw, %so=%lo) : memref<2048xf32>, memref<2048xf32>, memref<1xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %c2048 = arith.constant 2048 : index
        %bx = memref.alloc() : memref<2048xf32, 1 : i32>
        %bw = memref.alloc() : memref<2048xf32, 1 : i32>
        %res = memref.alloc() : memref<1xf32, 1 : i32>
        %dx = air.dma_memcpy_nd async (%bx[] [] [], %sx[] [] []) {id = 1 : i32} : (memref<2048xf32, 1 : i32>, memref<2048xf32>)
        %dw = air.dma_memcpy_nd async (%bw[] [] [], %sw[] [] []) {id = 2 : i32} : (memref<2048xf32, 1 : i32>, memref<2048xf32>)
        %ready = air.wait_all async [%dx, %dw]
        %stream = scf.for %k = %c0 to %c2048 step %c256 iter_args(%tk = %ready) -> (!air.async.token) {
          %p0 = air.channel.put async [%tk] @merged[] (%bx[%k] [%c256] [%c1]) {id = 3 : i32} : (memref<2048xf32, 1 : i32>)
          %p1 = air.channel.put async [%p0] @merged[] (%bw[%k] [%c256] [%c1]) {id = 4 : i32} : (memref<2048xf32, 1 : i32>)
          scf.yield %p1 : !air.async.token
        }
        %h = air.herd @dot_herd async tile (%tx, %ty) in (%nx=%c1, %ny=%c1) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c256_h = arith.constant 256 : index
          %fz = arith.constant 0.0 : f32
          %lx_ = memref.alloc() : memref<256xf32, 2 : i32>
          %lw_ = memref.alloc() : memref<256xf32, 2 : i32>
          %lo_ = memref.alloc() : memref<1xf32, 2 : i32>
          %total = scf.for %k = %c0_h to %c8 step %c1_h iter_args(%acc = %fz) -> (f32) {
            air.channel.get @merged[] (%lx_[] [] []) {id = 5 : i32} : (memref<256xf32, 2 : i32>)
            air.channel.get @merged[] (%lw_[] [] []) {id = 6 : i32} : (memref<256xf32, 2 : i32>)
            %part = scf.for %i = %c0_h to %c256_h step %c1_h iter_args(%a = %acc) -> (f32) {
              %u = memref.load %lx_[%i] : memref<256xf32, 2 : i32>
              %v = memref.load %lw_[%i] : memref<256xf32, 2 : i32>
              %p = arith.mulf %u, %v : f32
              %s = arith.addf %a, %p : f32
              scf.yield %s : f32
            }
            scf.yield %part : f32
          }
          memref.store %total, %lo_[%c0_h] : memref<1xf32, 2 : i32>
          air.channel.put @dot[] (%lo_[] [] []) {id = 7 : i32} : (memref<1xf32, 2 : i32>)
          memref.dealloc %lx_ : memref<256xf32, 2 : i32>
          memref.dealloc %lw_ : memref<256xf32, 2 : i32>
          memref.dealloc %lo_ : memref<1xf32, 2 : i32>
          air.herd_terminator
        }
        %g = air.channel.get async @dot[] (%res[] [] []) {id = 8 : i32} : (memref<1xf32, 1 : i32>)
        %wb = air.dma_memcpy_nd async [%g] (%so[] [] [], %res[] [] []) {id = 9 : i32} : (memref<1xf32>, memref<1xf32, 1 : i32>)
        air.wait_all [%stream, %h, %wb]
        memref.dealloc %bx : memref<2048xf32, 1 : i32>
        memref.dealloc %bw : memref<2048xf32, 1 : i32>
        memref.dealloc %res : memref<1xf32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
