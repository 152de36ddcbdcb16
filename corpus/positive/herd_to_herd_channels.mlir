// Pattern: channels between two herds in one segment (L1 -> L1 streaming).
//   @stage1 (1x4) reads its slice of an L2 buffer, scales it and puts each
//   256-element chunk on @h2h[%tx, %ty]; @stage2 (1x4) gets from the same
//   index, adds a bias and writes to an L2 result buffer. Both herds are
//   async and neither lists the other in its dependency list, so they run
//   at the same time and every put meets its get. 4 puts / 4 gets per index.
// Source: seed 000 (AIR compute model), Section 2.5 ("put and get on the same
//   channel must appear in different herds ... any context that allows them
//   to execute concurrently"); seed 002 (paper) Section 5.2.3 (neighboring
//   workers in a herd communicating through local resources).
#slice = affine_map<()[s0, s1] -> (s0 * 1024 + s1)>
module {
  air.channel @h2h [1, 4]
  func.func @scale_bias(%src: memref<4096xf32>, %dst: memref<4096xf32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%a=%src, %b=%dst) : memref<4096xf32>, memref<4096xf32> {
      %ts = air.segment @two_herds async args(%sa=%a, %sb=%b) : memref<4096xf32>, memref<4096xf32> {
        %c1_s = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %ti, %l2in = air.execute -> (memref<4096xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4096xf32, 1 : i32>
          air.execute_terminator %m : memref<4096xf32, 1 : i32>
        }
        %to, %l2out = air.execute -> (memref<4096xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4096xf32, 1 : i32>
          air.execute_terminator %m : memref<4096xf32, 1 : i32>
        }
        %din = air.dma_memcpy_nd async [%ti] (%l2in[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<4096xf32, 1 : i32>, memref<4096xf32>)
        %h1 = air.herd @stage1 async [%din] tile (%tx, %ty) in (%sx=%c1_s, %sy=%c4) args(%hin=%l2in) : memref<4096xf32, 1 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %scale = arith.constant 0.5 : f32
          %buf = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c1024 step %c256 {
            %off = affine.apply #slice()[%ty, %k]
            air.dma_memcpy_nd (%buf[] [] [], %hin[%off] [%c256] [%c1_h]) {id = 2 : i32} : (memref<256xf32, 2 : i32>, memref<4096xf32, 1 : i32>)
            scf.for %i = %c0_h to %c256 step %c1_h {
              %v = memref.load %buf[%i] : memref<256xf32, 2 : i32>
              %w = arith.mulf %v, %scale : f32
              memref.store %w, %buf[%i] : memref<256xf32, 2 : i32>
            }
            air.channel.put @h2h[%tx, %ty] (%buf[] [] []) {id = 3 : i32} : (memref<256xf32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %h2 = air.herd @stage2 async [%to] tile (%tx, %ty) in (%sx=%c1_s, %sy=%c4) args(%hout=%l2out) : memref<4096xf32, 1 : i32> attributes {x_loc = 1 : i64, y_loc = 2 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %bias = arith.constant 1.5 : f32
          %buf = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c1024 step %c256 {
            %off = affine.apply #slice()[%ty, %k]
            air.channel.get @h2h[%tx, %ty] (%buf[] [] []) {id = 4 : i32} : (memref<256xf32, 2 : i32>)
            scf.for %i = %c0_h to %c256 step %c1_h {
              %v = memref.load %buf[%i] : memref<256xf32, 2 : i32>
              %w = arith.addf %v, %bias : f32
              memref.store %w, %buf[%i] : memref<256xf32, 2 : i32>
            }
            air.dma_memcpy_nd (%hout[%off] [%c256] [%c1_h], %buf[] [] []) {id = 5 : i32} : (memref<4096xf32, 1 : i32>, memref<256xf32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %dout = air.dma_memcpy_nd async [%h2] (%sb[] [] [], %l2out[] [] []) {id = 6 : i32} : (memref<4096xf32>, memref<4096xf32, 1 : i32>)
        %f1 = air.execute [%h1] {
          memref.dealloc %l2in : memref<4096xf32, 1 : i32>
        }
        %f2 = air.execute [%dout] {
          memref.dealloc %l2out : memref<4096xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
