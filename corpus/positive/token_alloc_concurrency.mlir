// Pattern: concurrency token forcing two segments to be co-resident so that
//   a channel can stream between them. %cc = air.token.alloc appears in the
//   concurrency list of @producer and @consumer, so both must have
//   overlapping execution lifetimes and separate resources. The producer
//   herd squares 512-element chunks and puts them on @xfer; the consumer
//   herd gets them, adds 1 and writes them to L3. The put and get live in
//   two different concurrently running segments. 8 puts / 8 gets on @xfer.
// Source: seed 000 (AIR compute model), Section 1.5 (concurrency list:
//   overlapping lifespans, distinct simultaneously live resources; "ensuring
//   two segments are stamped out on hardware at the same time") and
//   Section 2.5 (deadlock freedom: put and get in different contexts).
module {
  air.channel @xfer [] {channel_type = "dma_stream"}
  func.func @square_then_inc(%in: memref<4096xf32>, %out: memref<4096xf32>) {
    air.launch () in () args(%a=%in, %b=%out) : memref<4096xf32>, memref<4096xf32> {
      %cc = air.token.alloc : !air.token
      %p = air.segment @producer async args(%pa=%a) : memref<4096xf32> [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        air.herd @square tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%ha=%pa) : memref<4096xf32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %c4096 = arith.constant 4096 : index
          %l1 = memref.alloc() : memref<512xf32, 2>
          scf.for %k = %c0_h to %c4096 step %c512 {
            air.dma_memcpy_nd (%l1[] [] [], %ha[%k] [%c512] [%c1_h]) {id = 1 : i32} : (memref<512xf32, 2>, memref<4096xf32>)
            scf.for %i = %c0_h to %c512 step %c1_h {
              %v = memref.load %l1[%i] : memref<512xf32, 2>
              %w = arith.mulf %v, %v : f32
              memref.store %w, %l1[%i] : memref<512xf32, 2>
            }
            air.channel.put @xfer[] (%l1[] [] []) {id = 2 : i32} : (memref<512xf32, 2>)
          }
          memref.dealloc %l1 : memref<512xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      %q = air.segment @consumer async args(%qb=%b) : memref<4096xf32> [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        air.herd @increment tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%hb=%qb) : memref<4096xf32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c512 = arith.constant 512 : index
          %c4096 = arith.constant 4096 : index
          %one = arith.constant 1.0 : f32
          %l1 = memref.alloc() : memref<512xf32, 2>
          scf.for %k = %c0_h to %c4096 step %c512 {
            air.channel.get @xfer[] (%l1[] [] []) {id = 3 : i32} : (memref<512xf32, 2>)
            scf.for %i = %c0_h to %c512 step %c1_h {
              %v = memref.load %l1[%i] : memref<512xf32, 2>
              %w = arith.addf %v, %one : f32
              memref.store %w, %l1[%i] : memref<512xf32, 2>
            }
            air.dma_memcpy_nd (%hb[%k] [%c512] [%c1_h], %l1[] [] []) {id = 4 : i32} : (memref<4096xf32>, memref<512xf32, 2>)
          }
          memref.dealloc %l1 : memref<512xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.wait_all [%p, %q]
      air.launch_terminator
    }
    return
  }
}
