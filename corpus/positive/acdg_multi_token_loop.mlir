// Pattern: an scf.for carrying four independent tokens (the multi-token
//   loop of the ACDG). Per iteration, inside a segment:
//     t1 = DMA   x[i]  -> in     deps [tb, tc]  (previous readers of `in`)
//     t2 = herd  in    -> mid    deps [t1, td]  (td: previous reader of `mid`)
//     t3 = DMA   in    -> log[i] deps [ta, t1]
//     t4 = DMA   mid   -> y[i]   deps [t3, t2]
//     scf.yield t4, t2, t3, t4
//   The four iter_args are four threads of execution; ops of iteration i+1
//   that do not depend on a still-running op of iteration i may overlap it.
// Source: seed 002 (paper) Section 7.3.1 "Capturing Dependencies using
//   ACDGs", Fig. 4(b) and listing (e) (scf.for with iter_args
//   (%ta, %tb, %tc, %td) and yield %t4, %t2, %t3, %t4); seed 000 (AIR compute
//   model), Section 2.2 (D > 2 independent in-flight streams).
module {
  func.func @acdg_four_tokens(%x: memref<8x256xf32>, %y: memref<8x256xf32>, %log: memref<8x256xf32>) {
    air.launch () in () args(%lx=%x, %ly=%y, %ll=%log) : memref<8x256xf32>, memref<8x256xf32>, memref<8x256xf32> {
      %ts = air.segment @acdg_seg async args(%sx=%lx, %sy=%ly, %sl=%ll) : memref<8x256xf32>, memref<8x256xf32>, memref<8x256xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c8 = arith.constant 8 : index
        %c256 = arith.constant 256 : index
        %t_in, %in = air.execute -> (memref<256xf32, 1 : i32>) {
          %m = memref.alloc() : memref<256xf32, 1 : i32>
          air.execute_terminator %m : memref<256xf32, 1 : i32>
        }
        %t_mid, %mid = air.execute -> (memref<256xf32, 1 : i32>) {
          %m = memref.alloc() : memref<256xf32, 1 : i32>
          air.execute_terminator %m : memref<256xf32, 1 : i32>
        }
        %init = air.wait_all async [%t_in, %t_mid]
        %r:4 = scf.for %i = %c0 to %c8 step %c1 iter_args(%ta = %init, %tb = %init, %tc = %init, %td = %init) -> (!air.async.token, !air.async.token, !air.async.token, !air.async.token) {
          %t1 = air.dma_memcpy_nd async [%tb, %tc] (%in[] [] [], %sx[%i, %c0] [%c1, %c256] [%c256, %c1]) {id = 1 : i32} : (memref<256xf32, 1 : i32>, memref<8x256xf32>)
          %t2 = air.herd @square async [%t1, %td] tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hin=%in, %hmid=%mid) : memref<256xf32, 1 : i32>, memref<256xf32, 1 : i32> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c256_h = arith.constant 256 : index
            %buf = memref.alloc() : memref<256xf32, 2 : i32>
            air.dma_memcpy_nd (%buf[] [] [], %hin[] [] []) {id = 2 : i32} : (memref<256xf32, 2 : i32>, memref<256xf32, 1 : i32>)
            scf.for %k = %c0_h to %c256_h step %c1_h {
              %v = memref.load %buf[%k] : memref<256xf32, 2 : i32>
              %w = arith.mulf %v, %v : f32
              memref.store %w, %buf[%k] : memref<256xf32, 2 : i32>
            }
            air.dma_memcpy_nd (%hmid[] [] [], %buf[] [] []) {id = 3 : i32} : (memref<256xf32, 1 : i32>, memref<256xf32, 2 : i32>)
            memref.dealloc %buf : memref<256xf32, 2 : i32>
            air.herd_terminator
          }
          %t3 = air.dma_memcpy_nd async [%ta, %t1] (%sl[%i, %c0] [%c1, %c256] [%c256, %c1], %in[] [] []) {id = 4 : i32} : (memref<8x256xf32>, memref<256xf32, 1 : i32>)
          %t4 = air.dma_memcpy_nd async [%t3, %t2] (%sy[%i, %c0] [%c1, %c256] [%c256, %c1], %mid[] [] []) {id = 5 : i32} : (memref<8x256xf32>, memref<256xf32, 1 : i32>)
          scf.yield %t4, %t2, %t3, %t4 : !air.async.token, !air.async.token, !air.async.token, !air.async.token
        }
        %done = air.wait_all async [%r#0, %r#1, %r#2, %r#3]
        %f1 = air.execute [%done] {
          memref.dealloc %in : memref<256xf32, 1 : i32>
        }
        %f2 = air.execute [%done] {
          memref.dealloc %mid : memref<256xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.wait_all [%ts]
      air.launch_terminator
    }
    return
  }
}
