// Pattern: all three token kinds in one launch body.
//   %co = air.token.alloc  -> concurrency token of @source and @sink: they
//        must be co-resident because @source streams 8 tiles to @sink over
//        @stream (8 puts / 8 gets, in two different segments).
//   %af = air.token.alloc  -> affinity token of @source and @epilogue:
//        @epilogue reuses @source's partition after it, and its dependency
//        list waits for @source and @sink.
//   @sink writes squares into L3; @epilogue then adds 1 to every element.
// Source: seed 000 (AIR compute model), Section 1.5 (the three attribute
//   lists: dependency, affinity, concurrency; "An op may carry any
//   combination of the three lists"; air.token.alloc) and Section 2.2
//   (segment syntax with the three lists).
module {
  air.channel @stream []
  func.func @three_segments(%src: memref<2048xi32>, %dst: memref<2048xi32>) {
    air.launch () in () args(%a=%src, %b=%dst) : memref<2048xi32>, memref<2048xi32> {
      %co = air.token.alloc : !air.token
      %af = air.token.alloc : !air.token
      %s_src = air.segment @source async args(%sa=%a) : memref<2048xi32> [affinity = [%af]] [concurrency = [%co]] {
        %c1 = arith.constant 1 : index
        air.herd @emit tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%ha=%sa) : memref<2048xi32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          %buf = memref.alloc() : memref<256xi32, 2>
          scf.for %k = %c0_h to %c2048 step %c256 {
            air.dma_memcpy_nd (%buf[] [] [], %ha[%k] [%c256] [%c1_h]) {id = 1 : i32} : (memref<256xi32, 2>, memref<2048xi32>)
            air.channel.put @stream[] (%buf[] [] []) {id = 2 : i32} : (memref<256xi32, 2>)
          }
          memref.dealloc %buf : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      %s_sink = air.segment @sink async args(%sb=%b) : memref<2048xi32> [concurrency = [%co]] {
        %c1 = arith.constant 1 : index
        air.herd @absorb tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hb=%sb) : memref<2048xi32> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256 = arith.constant 256 : index
          %c2048 = arith.constant 2048 : index
          %buf = memref.alloc() : memref<256xi32, 2>
          scf.for %k = %c0_h to %c2048 step %c256 {
            air.channel.get @stream[] (%buf[] [] []) {id = 3 : i32} : (memref<256xi32, 2>)
            scf.for %i = %c0_h to %c256 step %c1_h {
              %v = memref.load %buf[%i] : memref<256xi32, 2>
              %w = arith.muli %v, %v : i32
              memref.store %w, %buf[%i] : memref<256xi32, 2>
            }
            air.dma_memcpy_nd (%hb[%k] [%c256] [%c1_h], %buf[] [] []) {id = 4 : i32} : (memref<2048xi32>, memref<256xi32, 2>)
          }
          memref.dealloc %buf : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      %s_epi = air.segment @epilogue async args(%eb=%b) : memref<2048xi32> [dependency = [%s_src, %s_sink]] [affinity = [%af]] {
        %c1 = arith.constant 1 : index
        %l2 = memref.alloc() : memref<2048xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %eb[] [] []) {id = 5 : i32} : (memref<2048xi32, 1>, memref<2048xi32>)
        air.herd @inc tile (%tx, %ty) in (%nx=%c1, %ny=%c1) args(%hl=%l2) : memref<2048xi32, 1> {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2048_h = arith.constant 2048 : index
          %one = arith.constant 1 : i32
          %buf = memref.alloc() : memref<2048xi32, 2>
          air.dma_memcpy_nd (%buf[] [] [], %hl[] [] []) {id = 6 : i32} : (memref<2048xi32, 2>, memref<2048xi32, 1>)
          scf.for %i = %c0_h to %c2048_h step %c1_h {
            %v = memref.load %buf[%i] : memref<2048xi32, 2>
            %w = arith.addi %v, %one : i32
            memref.store %w, %buf[%i] : memref<2048xi32, 2>
          }
          air.dma_memcpy_nd (%hl[] [] [], %buf[] [] []) {id = 7 : i32} : (memref<2048xi32, 1>, memref<2048xi32, 2>)
          memref.dealloc %buf : memref<2048xi32, 2>
          air.herd_terminator
        }
        air.dma_memcpy_nd (%eb[] [] [], %l2[] [] []) {id = 8 : i32} : (memref<2048xi32>, memref<2048xi32, 1>)
        memref.dealloc %l2 : memref<2048xi32, 1>
        air.segment_terminator
      }
      air.wait_all [%s_epi]
      air.launch_terminator
    }
    return
  }
}
