// Pattern: three segments that must be co-resident (one concurrency token,
//   %cc, on each) copy three buffers through L2 side by side; a fourth
//   segment, @check, outside the group, waits for all three. No dependency
//   orders the members, so token-consistency proves the constraints hold
//   (--show-proofs prints a schedule in which the three overlap); with
//   --device=npu1_4col their 3 x 4 = 12 tiles fit, each member in its own
//   rectangle.
// Source: seed 000 (AIR compute model), Section 1.5 (concurrency:
//   overlapping execution lifetimes on distinct, simultaneously live
//   resources) and Section 2.1 ("Programs that require a guaranteed
//   minimum concurrency should use ... concurrency tokens on segments").
module {
  func.func @three_at_once(%x: memref<1024xi32>, %y: memref<1024xi32>, %z: memref<1024xi32>) {
    air.launch () in () args(%a=%x, %b=%y, %c=%z) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      %cc = air.token.alloc : !air.token
      %s0 = air.segment @copy_x async args(%m=%a) : memref<1024xi32> [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        air.herd @hx tile (%tx, %ty) in (%sx=%c1, %sy=%c4) args(%hm=%m) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hm[] [] []) : (memref<1024xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      %s1 = air.segment @copy_y async args(%m=%b) : memref<1024xi32> [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        air.herd @hy tile (%tx, %ty) in (%sx=%c1, %sy=%c4) args(%hm=%m) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hm[] [] []) : (memref<1024xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      %s2 = air.segment @copy_z async args(%m=%c) : memref<1024xi32> [concurrency = [%cc]] {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        air.herd @hz tile (%tx, %ty) in (%sx=%c1, %sy=%c4) args(%hm=%m) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hm[] [] []) : (memref<1024xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      %s3 = air.segment @check async args(%m=%a) : memref<1024xi32> [dependency = [%s0, %s1, %s2]] {
        %c1 = arith.constant 1 : index
        air.herd @hc tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%hm=%m) : memref<1024xi32> {
          %l1 = memref.alloc() : memref<1024xi32, 2>
          air.dma_memcpy_nd (%l1[] [] [], %hm[] [] []) : (memref<1024xi32, 2>, memref<1024xi32>)
          memref.dealloc %l1 : memref<1024xi32, 2>
        }
      }
      air.wait_all [%s3]
    }
    return
  }
}
