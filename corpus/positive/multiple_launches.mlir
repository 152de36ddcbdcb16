// Pattern: several launches in one host function. @produce (async, 2
//   instances) writes X = A + B; @consume (async) lists the first launch's
//   token in its dependency list and computes Y = 2 * X; a third launch is
//   synchronous (no result) and copies B to Z independently; the host joins
//   the async launches with air.wait_all. Each launch holds its own segment
//   and herd.
// Source: seed 000 (AIR compute model), Section 2.1 (air.launch synchrony:
//   async form returns a token, no-result form blocks; dependency list on a
//   launch); seed 002 (paper) Section 5.1.1 (air.launch groups work handed
//   to a runtime scheduler) and Section 5.3.1 (a launch's token is released
//   only when all operations within it have completed).
#mul512 = affine_map<()[s0] -> (s0 * 512)>
module {
  func.func @three_launches(%A: memref<1024xi32>, %B: memref<1024xi32>, %X: memref<1024xi32>, %Y: memref<1024xi32>, %Z: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %t1 = air.launch async (%i) in (%n=%c2) args(%la=%A, %lb=%B, %lx=%X) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> attributes {id = 1 : i32} {
      air.segment @produce_seg args(%si=%i, %sa=%la, %sb=%lb, %sx=%lx) : index, memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %c1_s = arith.constant 1 : index
        air.herd @add tile (%tx, %ty) in (%nx=%c1_s, %ny=%c1_s) args(%hi=%si, %ha=%sa, %hb=%sb, %hx=%sx) : index, memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %off = affine.apply #mul512()[%hi]
          %a = memref.alloc() : memref<512xi32, 2>
          %b = memref.alloc() : memref<512xi32, 2>
          air.dma_memcpy_nd (%a[] [] [], %ha[%off] [%c512] [%c1_h]) {id = 1 : i32} : (memref<512xi32, 2>, memref<1024xi32>)
          air.dma_memcpy_nd (%b[] [] [], %hb[%off] [%c512] [%c1_h]) {id = 2 : i32} : (memref<512xi32, 2>, memref<1024xi32>)
          scf.for %k = %c0 to %c512 step %c1_h {
            %u = memref.load %a[%k] : memref<512xi32, 2>
            %v = memref.load %b[%k] : memref<512xi32, 2>
            %w = arith.addi %u, %v : i32
            memref.store %w, %a[%k] : memref<512xi32, 2>
          }
          air.dma_memcpy_nd (%hx[%off] [%c512] [%c1_h], %a[] [] []) {id = 3 : i32} : (memref<1024xi32>, memref<512xi32, 2>)
          memref.dealloc %a : memref<512xi32, 2>
          memref.dealloc %b : memref<512xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    %t2 = air.launch async [%t1] (%i) in (%n=%c1) args(%lx=%X, %ly=%Y) : memref<1024xi32>, memref<1024xi32> attributes {id = 2 : i32} {
      air.segment @consume_seg args(%sx=%lx, %sy=%ly) : memref<1024xi32>, memref<1024xi32> {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        air.herd @double tile (%tx, %ty) in (%nx=%c1_s, %ny=%c2_s) args(%hx=%sx, %hy=%sy) : memref<1024xi32>, memref<1024xi32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %two = arith.constant 2 : i32
          %off = affine.apply #mul512()[%ty]
          %x = memref.alloc() : memref<512xi32, 2>
          air.dma_memcpy_nd (%x[] [] [], %hx[%off] [%c512] [%c1_h]) {id = 4 : i32} : (memref<512xi32, 2>, memref<1024xi32>)
          scf.for %k = %c0 to %c512 step %c1_h {
            %u = memref.load %x[%k] : memref<512xi32, 2>
            %w = arith.muli %u, %two : i32
            memref.store %w, %x[%k] : memref<512xi32, 2>
          }
          air.dma_memcpy_nd (%hy[%off] [%c512] [%c1_h], %x[] [] []) {id = 5 : i32} : (memref<1024xi32>, memref<512xi32, 2>)
          memref.dealloc %x : memref<512xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.launch (%i) in (%n=%c1) args(%lb=%B, %lz=%Z) : memref<1024xi32>, memref<1024xi32> attributes {id = 3 : i32} {
      air.segment @copy_seg args(%sb=%lb, %sz=%lz) : memref<1024xi32>, memref<1024xi32> {
        %staging = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%staging[] [] [], %sb[] [] []) {id = 6 : i32} : (memref<1024xi32, 1>, memref<1024xi32>)
        air.dma_memcpy_nd (%sz[] [] [], %staging[] [] []) {id = 7 : i32} : (memref<1024xi32>, memref<1024xi32, 1>)
        memref.dealloc %staging : memref<1024xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%t1, %t2]
    return
  }
}
