// Pattern: a cascade channel between two single-tile herds placed on
//   neighbouring tiles (@west at column 0, @east at column 1, both on row 2).
//   Matrix-vector product y = M x with M 4x512 f32, split along K: @west
//   computes 16-lane partial sums over columns 0..255 of each row and puts
//   them on @casc {channel_type = "cascade"}; @east computes columns
//   256..511, gets the west partials, adds, reduces the lanes to one value
//   per row and writes y. Both herds are async and independent, so they
//   run concurrently; 4 puts / 4 gets.
// Source: seed 000 (AIR compute model), Section 2.5 (channel_type "cascade":
//   "Core-to-core cascade connections between adjacent tiles") and Section 3
//   (placement: herd tile (x, y) at (x_loc + x, y_loc + y); cascade ->
//   direct register-to-register core interface).
module {
  air.channel @casc [] {channel_type = "cascade"}
  func.func @matvec_split_k(%M: memref<4x512xf32>, %x: memref<512xf32>, %y: memref<4xf32>) {
    air.launch () in () args(%lm=%M, %lx=%x, %ly=%y) : memref<4x512xf32>, memref<512xf32>, memref<4xf32> {
      %ts = air.segment @casc_seg async args(%sm=%lm, %sx=%lx, %sy=%ly) : memref<4x512xf32>, memref<512xf32>, memref<4xf32> attributes {x_loc = 0 : i64, x_size = 2 : i64, y_loc = 2 : i64, y_size = 1 : i64} {
        %c1 = arith.constant 1 : index
        %t1, %l2m = air.execute -> (memref<4x512xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4x512xf32, 1 : i32>
          air.execute_terminator %m : memref<4x512xf32, 1 : i32>
        }
        %t2, %l2y = air.execute -> (memref<4xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4xf32, 1 : i32>
          air.execute_terminator %m : memref<4xf32, 1 : i32>
        }
        %dm = air.dma_memcpy_nd async [%t1] (%l2m[] [] [], %sm[] [] []) {id = 1 : i32} : (memref<4x512xf32, 1 : i32>, memref<4x512xf32>)
        %hw = air.herd @west async [%dm] tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hm=%l2m, %hx=%sx) : memref<4x512xf32, 1 : i32>, memref<512xf32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %c16 = arith.constant 16 : index
          %c256 = arith.constant 256 : index
          %c512 = arith.constant 512 : index
          %fz = arith.constant 0.0 : f32
          %xv = memref.alloc() : memref<256xf32, 2 : i32>
          %row = memref.alloc() : memref<256xf32, 2 : i32>
          %acc = memref.alloc() : memref<16xf32, 2 : i32>
          air.dma_memcpy_nd (%xv[] [] [], %hx[%c0] [%c256] [%c1_h]) {id = 2 : i32} : (memref<256xf32, 2 : i32>, memref<512xf32>)
          scf.for %r = %c0 to %c4 step %c1_h {
            air.dma_memcpy_nd (%row[] [] [], %hm[%r, %c0] [%c1_h, %c256] [%c512, %c1_h]) {id = 3 : i32} : (memref<256xf32, 2 : i32>, memref<4x512xf32, 1 : i32>)
            linalg.fill ins(%fz : f32) outs(%acc : memref<16xf32, 2 : i32>)
            scf.for %i = %c0 to %c256 step %c1_h {
              %lane = arith.remui %i, %c16 : index
              %a = memref.load %row[%i] : memref<256xf32, 2 : i32>
              %b = memref.load %xv[%i] : memref<256xf32, 2 : i32>
              %s = memref.load %acc[%lane] : memref<16xf32, 2 : i32>
              %p = arith.mulf %a, %b : f32
              %n = arith.addf %s, %p : f32
              memref.store %n, %acc[%lane] : memref<16xf32, 2 : i32>
            }
            air.channel.put @casc[] (%acc[] [] []) {id = 4 : i32} : (memref<16xf32, 2 : i32>)
          }
          memref.dealloc %xv : memref<256xf32, 2 : i32>
          memref.dealloc %row : memref<256xf32, 2 : i32>
          memref.dealloc %acc : memref<16xf32, 2 : i32>
          air.herd_terminator
        }
        %he = air.herd @east async [%dm, %t2] tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hm=%l2m, %hx=%sx, %hy=%l2y) : memref<4x512xf32, 1 : i32>, memref<512xf32>, memref<4xf32, 1 : i32> attributes {x_loc = 1 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %c16 = arith.constant 16 : index
          %c256 = arith.constant 256 : index
          %c512 = arith.constant 512 : index
          %fz = arith.constant 0.0 : f32
          %xv = memref.alloc() : memref<256xf32, 2 : i32>
          %row = memref.alloc() : memref<256xf32, 2 : i32>
          %acc = memref.alloc() : memref<16xf32, 2 : i32>
          %west = memref.alloc() : memref<16xf32, 2 : i32>
          %out = memref.alloc() : memref<4xf32, 2 : i32>
          air.dma_memcpy_nd (%xv[] [] [], %hx[%c256] [%c256] [%c1_h]) {id = 5 : i32} : (memref<256xf32, 2 : i32>, memref<512xf32>)
          scf.for %r = %c0 to %c4 step %c1_h {
            air.dma_memcpy_nd (%row[] [] [], %hm[%r, %c256] [%c1_h, %c256] [%c512, %c1_h]) {id = 6 : i32} : (memref<256xf32, 2 : i32>, memref<4x512xf32, 1 : i32>)
            linalg.fill ins(%fz : f32) outs(%acc : memref<16xf32, 2 : i32>)
            scf.for %i = %c0 to %c256 step %c1_h {
              %lane = arith.remui %i, %c16 : index
              %a = memref.load %row[%i] : memref<256xf32, 2 : i32>
              %b = memref.load %xv[%i] : memref<256xf32, 2 : i32>
              %s = memref.load %acc[%lane] : memref<16xf32, 2 : i32>
              %p = arith.mulf %a, %b : f32
              %n = arith.addf %s, %p : f32
              memref.store %n, %acc[%lane] : memref<16xf32, 2 : i32>
            }
            air.channel.get @casc[] (%west[] [] []) {id = 7 : i32} : (memref<16xf32, 2 : i32>)
            %tot = scf.for %l = %c0 to %c16 step %c1_h iter_args(%sum = %fz) -> (f32) {
              %u = memref.load %acc[%l] : memref<16xf32, 2 : i32>
              %v = memref.load %west[%l] : memref<16xf32, 2 : i32>
              %uv = arith.addf %u, %v : f32
              %ns = arith.addf %sum, %uv : f32
              scf.yield %ns : f32
            }
            memref.store %tot, %out[%r] : memref<4xf32, 2 : i32>
          }
          air.dma_memcpy_nd (%hy[] [] [], %out[] [] []) {id = 8 : i32} : (memref<4xf32, 1 : i32>, memref<4xf32, 2 : i32>)
          memref.dealloc %xv : memref<256xf32, 2 : i32>
          memref.dealloc %row : memref<256xf32, 2 : i32>
          memref.dealloc %acc : memref<16xf32, 2 : i32>
          memref.dealloc %west : memref<16xf32, 2 : i32>
          memref.dealloc %out : memref<4xf32, 2 : i32>
          air.herd_terminator
        }
        %dy = air.dma_memcpy_nd async [%he] (%sy[] [] [], %l2y[] [] []) {id = 9 : i32} : (memref<4xf32>, memref<4xf32, 1 : i32>)
        %f1 = air.execute [%hw, %he] {
          memref.dealloc %l2m : memref<4x512xf32, 1 : i32>
        }
        %f2 = air.execute [%dy] {
          memref.dealloc %l2y : memref<4xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.wait_all [%ts]
      air.launch_terminator
    }
    return
  }
}
