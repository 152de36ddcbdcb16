// Pattern: a three-stage spatial pipeline of herds in one segment, chained
//   by channels. @reader (1x1) pulls 8 blocks from L2 and puts them on @s1;
//   @filter (1-D, 1 tile) gets from @s1, applies a 3-tap smoothing filter
//   and puts on @s2 (depth 2); @writer (1x1) gets from @s2 and writes the
//   result to L2. The three herds are async with no dependency between
//   them, so all three run at the same time and each channel has exactly one
//   producer herd and one consumer herd. 8 puts / 8 gets on each channel.
// Source: seed 002 (paper) Section 5.2.2 (channels decouple producers and
//   consumers; back pressure synchronizes them) and Section 7.4.1 (producer
//   and consumer stages overlapping in a hardware pipeline); seed 000 (AIR
//   compute model), Section 2.5 (depth, deadlock freedom, acyclic
//   communication graph).
module {
  air.channel @s1 []
  air.channel @s2 [] {depth = 2}
  func.func @smooth(%src: memref<2048xf32>, %dst: memref<2048xf32>) {
    air.launch () in () args(%a=%src, %b=%dst) : memref<2048xf32>, memref<2048xf32> {
      air.segment @pipe_seg args(%sa=%a, %sb=%b) : memref<2048xf32>, memref<2048xf32> {
        %c1 = arith.constant 1 : index
        %ti, %l2in = air.execute -> (memref<2048xf32, 1 : i32>) {
          %m = memref.alloc() : memref<2048xf32, 1 : i32>
          air.execute_terminator %m : memref<2048xf32, 1 : i32>
        }
        %to, %l2out = air.execute -> (memref<2048xf32, 1 : i32>) {
          %m = memref.alloc() : memref<2048xf32, 1 : i32>
          air.execute_terminator %m : memref<2048xf32, 1 : i32>
        }
        %din = air.dma_memcpy_nd async [%ti] (%l2in[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<2048xf32, 1 : i32>, memref<2048xf32>)
        %h1 = air.herd @reader async [%din] tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hin=%l2in) : memref<2048xf32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          %buf = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c2048 step %c256 {
            air.dma_memcpy_nd (%buf[] [] [], %hin[%k] [%c256] [%c1_h]) {id = 2 : i32} : (memref<256xf32, 2 : i32>, memref<2048xf32, 1 : i32>)
            air.channel.put @s1[] (%buf[] [] []) {id = 3 : i32} : (memref<256xf32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %h2 = air.herd @filter async tile (%tx) in (%nx=%c1) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c255 = arith.constant 255 : index
          %third = arith.constant 0.333333343 : f32
          %in = memref.alloc() : memref<256xf32, 2 : i32>
          %out = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c8 step %c1_h {
            air.channel.get @s1[] (%in[] [] []) {id = 4 : i32} : (memref<256xf32, 2 : i32>)
            %first = memref.load %in[%c0_h] : memref<256xf32, 2 : i32>
            memref.store %first, %out[%c0_h] : memref<256xf32, 2 : i32>
            %last = memref.load %in[%c255] : memref<256xf32, 2 : i32>
            memref.store %last, %out[%c255] : memref<256xf32, 2 : i32>
            scf.for %i = %c1_h to %c255 step %c1_h {
              %im1 = arith.subi %i, %c1_h : index
              %ip1 = arith.addi %i, %c1_h : index
              %l = memref.load %in[%im1] : memref<256xf32, 2 : i32>
              %m = memref.load %in[%i] : memref<256xf32, 2 : i32>
              %r = memref.load %in[%ip1] : memref<256xf32, 2 : i32>
              %s1 = arith.addf %l, %m : f32
              %s2 = arith.addf %s1, %r : f32
              %avg = arith.mulf %s2, %third : f32
              memref.store %avg, %out[%i] : memref<256xf32, 2 : i32>
            }
            air.channel.put @s2[] (%out[] [] []) {id = 5 : i32} : (memref<256xf32, 2 : i32>)
          }
          memref.dealloc %in : memref<256xf32, 2 : i32>
          memref.dealloc %out : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %h3 = air.herd @writer async [%to] tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hout=%l2out) : memref<2048xf32, 1 : i32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          %buf = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c2048 step %c256 {
            air.channel.get @s2[] (%buf[] [] []) {id = 6 : i32} : (memref<256xf32, 2 : i32>)
            air.dma_memcpy_nd (%hout[%k] [%c256] [%c1_h], %buf[] [] []) {id = 7 : i32} : (memref<2048xf32, 1 : i32>, memref<256xf32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %dout = air.dma_memcpy_nd async [%h3] (%sb[] [] [], %l2out[] [] []) {id = 8 : i32} : (memref<2048xf32>, memref<2048xf32, 1 : i32>)
        air.wait_all [%h1, %h2, %dout]
        memref.dealloc %l2in : memref<2048xf32, 1 : i32>
        memref.dealloc %l2out : memref<2048xf32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
