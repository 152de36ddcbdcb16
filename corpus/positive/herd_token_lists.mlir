// Pattern: affinity and concurrency lists on herds inside one segment.
//   Phase A: %co = air.token.alloc is the concurrency token of @producer and
//   @consumer, which must be co-resident because they stream 4 blocks to
//   each other over @pc (4 puts / 4 gets).
//   Phase B: %af = air.token.alloc is the affinity token of @refine_1 and
//   @refine_2: they use the same tiles, one after the other;
//   @refine_2 also depends on @refine_1 through its dependency list, and
//   phase B as a whole waits for phase A.
// Source: seed 000 (AIR compute model), Section 2.3 (herd syntax with
//   dependency/affinity/concurrency lists), Section 1.5 (semantics of the
//   three lists, air.token.alloc) and Section 2.5 (put and get in different
//   concurrently executing herds).
module {
  air.channel @pc []
  func.func @phases(%buf: memref<1024xf32>) {
    air.launch () in () args(%lb=%buf) : memref<1024xf32> {
      air.segment @phases_seg args(%sb=%lb) : memref<1024xf32> {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %ta, %l2 = air.execute -> (memref<1024xf32, 1 : i32>) {
          %m = memref.alloc() : memref<1024xf32, 1 : i32>
          air.execute_terminator %m : memref<1024xf32, 1 : i32>
        }
        %din = air.dma_memcpy_nd async [%ta] (%l2[] [] [], %sb[] [] []) {id = 1 : i32} : (memref<1024xf32, 1 : i32>, memref<1024xf32>)
        // The consumer writes its results to a buffer of its own: written
        // back into %l2, they would meet the producer's reads of %l2 only
        // through @pc's transfers, which data-race does not follow (unknown).
        %tb, %scaled = air.execute -> (memref<1024xf32, 1 : i32>) {
          %m = memref.alloc() : memref<1024xf32, 1 : i32>
          air.execute_terminator %m : memref<1024xf32, 1 : i32>
        }
        // phase A: co-resident producer/consumer
        %co = air.token.alloc : !air.token
        %hp = air.herd @producer async tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hl=%l2) : memref<1024xf32, 1 : i32> [dependency = [%din]] [concurrency = [%co]] {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %blk = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c1024 step %c256 {
            air.dma_memcpy_nd (%blk[] [] [], %hl[%k] [%c256] [%c1_h]) {id = 2 : i32} : (memref<256xf32, 2 : i32>, memref<1024xf32, 1 : i32>)
            air.channel.put @pc[] (%blk[] [] []) {id = 3 : i32} : (memref<256xf32, 2 : i32>)
          }
          memref.dealloc %blk : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %hc = air.herd @consumer async tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hl=%scaled) : memref<1024xf32, 1 : i32> [dependency = [%din, %tb]] [concurrency = [%co]] {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c1024 = arith.constant 1024 : index
          %ten = arith.constant 10.0 : f32
          %blk = memref.alloc() : memref<256xf32, 2 : i32>
          scf.for %k = %c0_h to %c1024 step %c256 {
            air.channel.get @pc[] (%blk[] [] []) {id = 4 : i32} : (memref<256xf32, 2 : i32>)
            scf.for %i = %c0_h to %c256 step %c1_h {
              %v = memref.load %blk[%i] : memref<256xf32, 2 : i32>
              %w = arith.mulf %v, %ten : f32
              memref.store %w, %blk[%i] : memref<256xf32, 2 : i32>
            }
            air.dma_memcpy_nd (%hl[%k] [%c256] [%c1_h], %blk[] [] []) {id = 5 : i32} : (memref<1024xf32, 1 : i32>, memref<256xf32, 2 : i32>)
          }
          memref.dealloc %blk : memref<256xf32, 2 : i32>
          air.herd_terminator
        }
        %phase_a = air.wait_all async [%hp, %hc]
        // phase B: two refinements on the same tiles, in order
        %af = air.token.alloc : !air.token
        %r1 = air.herd @refine_1 async tile (%tx, %ty) in (%nx=%c1, %ny=%c2) args(%hl=%l2) : memref<1024xf32, 1 : i32> [dependency = [%phase_a]] [affinity = [%af]] {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %bias = arith.constant 1.0 : f32
          %off = arith.muli %ty, %c512 : index
          %blk = memref.alloc() : memref<512xf32, 2 : i32>
          air.dma_memcpy_nd (%blk[] [] [], %hl[%off] [%c512] [%c1_h]) {id = 6 : i32} : (memref<512xf32, 2 : i32>, memref<1024xf32, 1 : i32>)
          scf.for %i = %c0_h to %c512 step %c1_h {
            %v = memref.load %blk[%i] : memref<512xf32, 2 : i32>
            %w = arith.addf %v, %bias : f32
            memref.store %w, %blk[%i] : memref<512xf32, 2 : i32>
          }
          air.dma_memcpy_nd (%hl[%off] [%c512] [%c1_h], %blk[] [] []) {id = 7 : i32} : (memref<1024xf32, 1 : i32>, memref<512xf32, 2 : i32>)
          memref.dealloc %blk : memref<512xf32, 2 : i32>
          air.herd_terminator
        }
        %r2 = air.herd @refine_2 async tile (%tx, %ty) in (%nx=%c1, %ny=%c2) args(%hl=%l2) : memref<1024xf32, 1 : i32> [dependency = [%r1]] [affinity = [%af]] {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %off = arith.muli %ty, %c512 : index
          %blk = memref.alloc() : memref<512xf32, 2 : i32>
          air.dma_memcpy_nd (%blk[] [] [], %hl[%off] [%c512] [%c1_h]) {id = 8 : i32} : (memref<512xf32, 2 : i32>, memref<1024xf32, 1 : i32>)
          scf.for %i = %c0_h to %c512 step %c1_h {
            %v = memref.load %blk[%i] : memref<512xf32, 2 : i32>
            %w = math.sqrt %v : f32
            memref.store %w, %blk[%i] : memref<512xf32, 2 : i32>
          }
          air.dma_memcpy_nd (%hl[%off] [%c512] [%c1_h], %blk[] [] []) {id = 9 : i32} : (memref<1024xf32, 1 : i32>, memref<512xf32, 2 : i32>)
          memref.dealloc %blk : memref<512xf32, 2 : i32>
          air.herd_terminator
        }
        %dout = air.dma_memcpy_nd async [%r2] (%sb[] [] [], %l2[] [] []) {id = 10 : i32} : (memref<1024xf32>, memref<1024xf32, 1 : i32>)
        air.wait_all [%dout]
        memref.dealloc %l2 : memref<1024xf32, 1 : i32>
        memref.dealloc %scaled : memref<1024xf32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
