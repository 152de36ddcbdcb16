// Pattern: a one-dimensional herd. air.herd tile (%tx) in (%sx=%c4) has a
//   single tile coordinate. One-dimensional channels @chunks [4] and
//   @partials [4] are indexed by it: the segment scatters four 1024-element
//   chunks (a 1-D scf.parallel with a token reduction), each tile computes
//   the maximum of its chunk and puts a one-element result back; the
//   segment gathers the four partial maxima into L2 and copies them to L3.
//   Per index: one put and one get on each channel.
// Source: seed 000 (AIR compute model), Section 2.3 ("air.herd defines a 1D
//   or 2D array of processing elements"); seed 003 (GEMM case study), section
//   "air-collapse-herd" (herd shapes reduced to a single column).
#mul1024 = affine_map<()[s0] -> (s0 * 1024)>
module {
  air.channel @chunks [4]
  air.channel @partials [4]
  func.func @chunk_max(%src: memref<4096xf32>, %dst: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%a=%src, %b=%dst) : memref<4096xf32>, memref<4xf32> {
      %ts = air.segment @max_seg async args(%sa=%a, %sb=%b) : memref<4096xf32>, memref<4xf32> {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c1024 = arith.constant 1024 : index
        %t1, %l2 = air.execute -> (memref<4096xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4096xf32, 1 : i32>
          air.execute_terminator %m : memref<4096xf32, 1 : i32>
        }
        %t2, %res = air.execute -> (memref<4xf32, 1 : i32>) {
          %m = memref.alloc() : memref<4xf32, 1 : i32>
          air.execute_terminator %m : memref<4xf32, 1 : i32>
        }
        %din = air.dma_memcpy_nd async [%t1] (%l2[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<4096xf32, 1 : i32>, memref<4096xf32>)
        %scatter = scf.parallel (%i) = (%c0) to (%c4) step (%c1_s) init (%din) -> !air.async.token {
          %off = affine.apply #mul1024()[%i]
          %p = air.channel.put async [%din] @chunks[%i] (%l2[%off] [%c1024] [%c1_s]) {id = 2 : i32} : (memref<4096xf32, 1 : i32>)
          scf.reduce(%p : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @max_1d async tile (%tx) in (%sx=%c4) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024_h = arith.constant 1024 : index
          %ninf = arith.constant 0xFF800000 : f32
          %ta, %buf = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %tb, %out = air.execute -> (memref<1xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1xf32, 2 : i32>
            air.execute_terminator %m : memref<1xf32, 2 : i32>
          }
          %g = air.channel.get async [%ta] @chunks[%tx] (%buf[] [] []) {id = 3 : i32} : (memref<1024xf32, 2 : i32>)
          %e = air.execute [%g, %tb] {
            %mx = scf.for %i = %c0_h to %c1024_h step %c1_h iter_args(%acc = %ninf) -> (f32) {
              %v = memref.load %buf[%i] : memref<1024xf32, 2 : i32>
              %n = arith.maximumf %acc, %v : f32
              scf.yield %n : f32
            }
            memref.store %mx, %out[%c0_h] : memref<1xf32, 2 : i32>
          }
          %p = air.channel.put async [%e] @partials[%tx] (%out[] [] []) {id = 4 : i32} : (memref<1xf32, 2 : i32>)
          %f1 = air.execute [%p] {
            memref.dealloc %buf : memref<1024xf32, 2 : i32>
          }
          %f2 = air.execute [%p] {
            memref.dealloc %out : memref<1xf32, 2 : i32>
          }
          air.herd_terminator
        }
        %gather = scf.parallel (%i) = (%c0) to (%c4) step (%c1_s) init (%t2) -> !air.async.token {
          %g = air.channel.get async [%t2] @partials[%i] (%res[%i] [%c1_s] [%c1_s]) {id = 5 : i32} : (memref<4xf32, 1 : i32>)
          scf.reduce(%g : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %dout = air.dma_memcpy_nd async [%gather] (%sb[] [] [], %res[] [] []) {id = 6 : i32} : (memref<4xf32>, memref<4xf32, 1 : i32>)
        %f1 = air.execute [%scatter, %h] {
          memref.dealloc %l2 : memref<4096xf32, 1 : i32>
        }
        %f2 = air.execute [%dout] {
          memref.dealloc %res : memref<4xf32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
