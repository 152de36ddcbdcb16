// Pattern: compute-model token lists on air.launch, and the explicit sync
//   keyword. A host-level %part = air.token.alloc is the affinity token of
//   two async launches (same hardware partition, so they run one after the
//   other); the second also has a dependency list. A dependency token (%t1)
//   is passed into the second launch body through args(...) and used there
//   in a segment's dependency list; dependency tokens are the only kind
//   allowed to cross the launch boundary. A final `air.launch sync` blocks
//   the host until it completes. No launch carries a concurrency list.
// Source: seed 000 (AIR compute model), Section 2.1 (syntax of the async and
//   sync forms, "Allowed token lists": dependency and affinity only),
//   Section 1.5 "Scope rule" and "Token creation".
#mul256 = affine_map<()[s0] -> (s0 * 256)>
module {
  func.func @partitioned_launches(%A: memref<512xf32>, %B: memref<512xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %part = air.token.alloc : !air.token
    %t1 = air.launch async (%i) in (%n=%c2) args(%la=%A) : memref<512xf32> [affinity = [%part]] {
      air.segment @neg_seg args(%si=%i, %sa=%la) : index, memref<512xf32> {
        %c1_s = arith.constant 1 : index
        air.herd @neg tile (%tx, %ty) in (%nx=%c1_s, %ny=%c1_s) args(%hi=%si, %ha=%sa) : index, memref<512xf32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %off = affine.apply #mul256()[%hi]
          %buf = memref.alloc() : memref<256xf32, 2>
          air.dma_memcpy_nd (%buf[] [] [], %ha[%off] [%c256] [%c1_h]) {id = 1 : i32} : (memref<256xf32, 2>, memref<512xf32>)
          scf.for %k = %c0 to %c256 step %c1_h {
            %v = memref.load %buf[%k] : memref<256xf32, 2>
            %w = arith.negf %v : f32
            memref.store %w, %buf[%k] : memref<256xf32, 2>
          }
          air.dma_memcpy_nd (%ha[%off] [%c256] [%c1_h], %buf[] [] []) {id = 2 : i32} : (memref<512xf32>, memref<256xf32, 2>)
          memref.dealloc %buf : memref<256xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    %t2 = air.launch async (%i) in (%n=%c2) args(%la=%A, %lb=%B, %dep=%t1) : memref<512xf32>, memref<512xf32>, !air.token [dependency = [%t1]] [affinity = [%part]] {
      %s = air.segment @copy_seg async args(%si=%i, %sa=%la, %sb=%lb) : index, memref<512xf32>, memref<512xf32> [dependency = [%dep]] {
        %c1_s = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %off = affine.apply #mul256()[%si]
        %l2 = memref.alloc() : memref<256xf32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[%off] [%c256] [%c1_s]) {id = 3 : i32} : (memref<256xf32, 1>, memref<512xf32>)
        air.dma_memcpy_nd (%sb[%off] [%c256] [%c1_s], %l2[] [] []) {id = 4 : i32} : (memref<512xf32>, memref<256xf32, 1>)
        memref.dealloc %l2 : memref<256xf32, 1>
        air.segment_terminator
      }
      air.wait_all [%s]
      air.launch_terminator
    }
    air.launch sync (%i) in (%n=%c1) args(%lb=%B) : memref<512xf32> [dependency = [%t2]] {
      air.segment @scale_seg args(%sb=%lb) : memref<512xf32> {
        %c2_s = arith.constant 2 : index
        %c1_s = arith.constant 1 : index
        air.herd @scale tile (%tx, %ty) in (%nx=%c1_s, %ny=%c2_s) args(%hb=%sb) : memref<512xf32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %half = arith.constant 0.5 : f32
          %off = affine.apply #mul256()[%ty]
          %buf = memref.alloc() : memref<256xf32, 2>
          air.dma_memcpy_nd (%buf[] [] [], %hb[%off] [%c256] [%c1_h]) {id = 5 : i32} : (memref<256xf32, 2>, memref<512xf32>)
          scf.for %k = %c0 to %c256 step %c1_h {
            %v = memref.load %buf[%k] : memref<256xf32, 2>
            %w = arith.mulf %v, %half : f32
            memref.store %w, %buf[%k] : memref<256xf32, 2>
          }
          air.dma_memcpy_nd (%hb[%off] [%c256] [%c1_h], %buf[] [] []) {id = 6 : i32} : (memref<512xf32>, memref<256xf32, 2>)
          memref.dealloc %buf : memref<256xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
