// Pattern: a containing segment whose body holds nested segments. The outer
//   segment @outer has an iteration space of 2 (two co-resident instances,
//   one per half of the data). Each instance runs two nested segments in
//   sequence: @normalize scales its half by 1/16 and @clamp clips it to
//   [0, 1]. The nested segments are linked only by a dependency token, so
//   the resource analysis may reuse @normalize's tiles and L2 for @clamp
//   (sequential, max of the two footprints, not the sum). Each nested
//   segment stages through its own L2 buffer and runs a 1x2 herd.
// Source: seed 000 (AIR compute model), Section 2.2 "Compile-time resource
//   analysis" (containing segment: nested segments linked only by dependency
//   tokens are treated as sequential; Stage 2 scaling by the outer iteration
//   count) and "Nesting constraints" (segment nesting depth unbounded by the
//   model).
#mul2048 = affine_map<()[s0] -> (s0 * 2048)>
#mul1024 = affine_map<()[s0] -> (s0 * 1024)>
module {
  func.func @normalize_clamp(%data: memref<4096xf32>) {
    air.launch () in () args(%ld=%data) : memref<4096xf32> {
      %c2 = arith.constant 2 : index
      air.segment @outer unroll(%oi) in (%no=%c2) args(%od=%ld) : memref<4096xf32> {
        %base = affine.apply #mul2048()[%oi]
        %s1 = air.segment @normalize async args(%nd=%od, %nb=%base) : memref<4096xf32>, index {
          %c1 = arith.constant 1 : index
          %c2_n = arith.constant 2 : index
          %c2048 = arith.constant 2048 : index
          %l2 = memref.alloc() : memref<2048xf32, 1>
          air.dma_memcpy_nd (%l2[] [] [], %nd[%nb] [%c2048] [%c1]) {id = 1 : i32} : (memref<2048xf32, 1>, memref<4096xf32>)
          air.herd @scale tile (%tx, %ty) in (%nx=%c1, %ny=%c2_n) args(%hl=%l2) : memref<2048xf32, 1> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c1024 = arith.constant 1024 : index
            %k = arith.constant 0.0625 : f32
            %off = affine.apply #mul1024()[%ty]
            %buf = memref.alloc() : memref<1024xf32, 2>
            air.dma_memcpy_nd (%buf[] [] [], %hl[%off] [%c1024] [%c1_h]) {id = 2 : i32} : (memref<1024xf32, 2>, memref<2048xf32, 1>)
            scf.for %i = %c0_h to %c1024 step %c1_h {
              %v = memref.load %buf[%i] : memref<1024xf32, 2>
              %w = arith.mulf %v, %k : f32
              memref.store %w, %buf[%i] : memref<1024xf32, 2>
            }
            air.dma_memcpy_nd (%hl[%off] [%c1024] [%c1_h], %buf[] [] []) {id = 3 : i32} : (memref<2048xf32, 1>, memref<1024xf32, 2>)
            memref.dealloc %buf : memref<1024xf32, 2>
            air.herd_terminator
          }
          air.dma_memcpy_nd (%nd[%nb] [%c2048] [%c1], %l2[] [] []) {id = 4 : i32} : (memref<4096xf32>, memref<2048xf32, 1>)
          memref.dealloc %l2 : memref<2048xf32, 1>
          air.segment_terminator
        }
        %s2 = air.segment @clamp async [%s1] args(%cd=%od, %cb=%base) : memref<4096xf32>, index {
          %c1 = arith.constant 1 : index
          %c2_c = arith.constant 2 : index
          %c2048 = arith.constant 2048 : index
          %l2 = memref.alloc() : memref<2048xf32, 1>
          air.dma_memcpy_nd (%l2[] [] [], %cd[%cb] [%c2048] [%c1]) {id = 5 : i32} : (memref<2048xf32, 1>, memref<4096xf32>)
          air.herd @clip tile (%tx, %ty) in (%nx=%c1, %ny=%c2_c) args(%hl=%l2) : memref<2048xf32, 1> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c1024 = arith.constant 1024 : index
            %lo = arith.constant 0.0 : f32
            %hi = arith.constant 1.0 : f32
            %off = affine.apply #mul1024()[%ty]
            %buf = memref.alloc() : memref<1024xf32, 2>
            air.dma_memcpy_nd (%buf[] [] [], %hl[%off] [%c1024] [%c1_h]) {id = 6 : i32} : (memref<1024xf32, 2>, memref<2048xf32, 1>)
            scf.for %i = %c0_h to %c1024 step %c1_h {
              %v = memref.load %buf[%i] : memref<1024xf32, 2>
              %a = arith.maximumf %v, %lo : f32
              %b = arith.minimumf %a, %hi : f32
              memref.store %b, %buf[%i] : memref<1024xf32, 2>
            }
            air.dma_memcpy_nd (%hl[%off] [%c1024] [%c1_h], %buf[] [] []) {id = 7 : i32} : (memref<2048xf32, 1>, memref<1024xf32, 2>)
            memref.dealloc %buf : memref<1024xf32, 2>
            air.herd_terminator
          }
          air.dma_memcpy_nd (%cd[%cb] [%c2048] [%c1], %l2[] [] []) {id = 8 : i32} : (memref<4096xf32>, memref<2048xf32, 1>)
          memref.dealloc %l2 : memref<2048xf32, 1>
          air.segment_terminator
        }
        air.wait_all [%s2]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
