// Pattern: a segment with its own iteration space and placement attributes.
//   air.segment @stamp unroll(%si, %sj) in (%nsi=%c2, %nsj=%c1) stamps out
//   two co-resident instances; x_loc/y_loc/x_size/y_size describe the
//   footprint of one instance (2 columns x 4 rows starting at column 0,
//   row 2). Each instance gets its half of the input from @seg_in[%si, %sj]
//   (the launch body puts to both indices from a reduced scf.parallel), runs
//   a 1x2 herd placed inside the footprint, and returns its half on
//   @seg_out[%si, %sj]. Per index: one put and one get on each channel.
// Source: seed 000 (AIR compute model), Section 2.2 (segment iteration space:
//   "every instance is active simultaneously"; placement attributes x_loc,
//   y_loc, x_size, y_size describe one instance) and Section 3 (placement);
//   seed 003 (GEMM case study), section "air-place-herds" (segment and herd
//   placement attributes).
#mul2048 = affine_map<()[s0] -> (s0 * 2048)>
#mul1024 = affine_map<()[s0] -> (s0 * 1024)>
module {
  air.channel @seg_in [2, 1]
  air.channel @seg_out [2, 1]
  func.func @stamped_square(%src: memref<4096xi32>, %dst: memref<4096xi32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%a=%src, %b=%dst) : memref<4096xi32>, memref<4096xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c2048 = arith.constant 2048 : index
      %t0 = air.wait_all async
      %pin = scf.parallel (%i) = (%c0) to (%c2) step (%c1_l) init (%t0) -> !air.async.token {
        %off = affine.apply #mul2048()[%i]
        %p = air.channel.put async [%t0] @seg_in[%i, %c0] (%a[%off] [%c2048] [%c1_l]) {id = 1 : i32} : (memref<4096xi32>)
        scf.reduce(%p : !air.async.token) {
        ^bb0(%x: !air.async.token, %y: !air.async.token):
          %m = air.wait_all async [%x, %y]
          scf.reduce.return %m : !air.async.token
        }
      }
      %seg = air.segment @stamp async unroll(%si, %sj) in (%nsi=%c2, %nsj=%c1_l) attributes {x_loc = 0 : i64, x_size = 2 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %t1, %l2 = air.execute -> (memref<2048xi32, 1 : i32>) {
          %m = memref.alloc() : memref<2048xi32, 1 : i32>
          air.execute_terminator %m : memref<2048xi32, 1 : i32>
        }
        %g = air.channel.get async [%t1] @seg_in[%si, %sj] (%l2[] [] []) {id = 2 : i32} : (memref<2048xi32, 1 : i32>)
        %h = air.herd @square async [%g] tile (%tx, %ty) in (%nx=%c1_s, %ny=%c2_s) args(%hl=%l2) : memref<2048xi32, 1 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %off = affine.apply #mul1024()[%ty]
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %hl[%off] [%c1024] [%c1_h]) {id = 3 : i32} : (memref<1024xi32, 2 : i32>, memref<2048xi32, 1 : i32>)
          scf.for %k = %c0_h to %c1024 step %c1_h {
            %v = memref.load %buf[%k] : memref<1024xi32, 2 : i32>
            %w = arith.muli %v, %v : i32
            memref.store %w, %buf[%k] : memref<1024xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hl[%off] [%c1024] [%c1_h], %buf[] [] []) {id = 4 : i32} : (memref<2048xi32, 1 : i32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
          air.herd_terminator
        }
        %p = air.channel.put async [%h] @seg_out[%si, %sj] (%l2[] [] []) {id = 5 : i32} : (memref<2048xi32, 1 : i32>)
        %f = air.execute [%p] {
          memref.dealloc %l2 : memref<2048xi32, 1 : i32>
        }
        air.segment_terminator
      }
      %gout = scf.parallel (%i) = (%c0) to (%c2) step (%c1_l) init (%t0) -> !air.async.token {
        %off = affine.apply #mul2048()[%i]
        %g = air.channel.get async [%t0] @seg_out[%i, %c0] (%b[%off] [%c2048] [%c1_l]) {id = 6 : i32} : (memref<4096xi32>)
        scf.reduce(%g : !air.async.token) {
        ^bb0(%x: !air.async.token, %y: !air.async.token):
          %m = air.wait_all async [%x, %y]
          scf.reduce.return %m : !air.async.token
        }
      }
      air.wait_all [%pin, %seg, %gout]
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
