// One core walks an L2 panel in a loop nest (4 row blocks, 8 column tiles
// each): 32 reads of one fill, more than the 24 BDs of the bank its memory
// tile channel reaches. The reads' starts step as an odometer (16 along a
// row, 2048 from row block to row block), so the reader's turn folds into
// one BD of four dimensions, the loops outermost (BDChains' foldedAccess).
// Until the fold took loop nests (one constant step only), this was refused:
// "needs 32 BDs on the channels that share BDs 0-23".
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// RUN: FileCheck %s < %t.mlir
// CHECK:     aie.dma_bd(%buf0 : memref<64x128xi32, 1 : i32> offset = 0 len = 8192)
// CHECK:     aie.dma_bd(%buf0 : memref<64x128xi32, 1 : i32> offset = 0 len = 8192 sizes = [4, 8, 16, 16] strides = [2048, 16, 128, 1])
// CHECK-NOT: aie.dma_bd(%buf0
module {
  func.func private @accumulate(memref<16x16xi32, 2 : i32>, memref<16x16xi32, 2 : i32>) attributes {link_with = "acc.o"}
  func.func @tiles(%a: memref<64x128xi32>, %out: memref<16x16xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%A=%a, %O=%out) : memref<64x128xi32>, memref<16x16xi32> {
      air.segment @nest_seg args(%sA=%A, %sO=%O) : memref<64x128xi32>, memref<16x16xi32> {
        %l2 = memref.alloc() : memref<64x128xi32, 1 : i32>
        air.dma_memcpy_nd (%l2[] [] [], %sA[] [] []) : (memref<64x128xi32, 1 : i32>, memref<64x128xi32>)
        %c1_s = arith.constant 1 : index
        air.herd @walk tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%p=%l2, %o=%sO) : memref<64x128xi32, 1 : i32>, memref<16x16xi32> attributes {link_with = "acc.o"} {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %c64 = arith.constant 64 : index
          %c128 = arith.constant 128 : index
          %acc = memref.alloc() : memref<16x16xi32, 2 : i32>
          scf.for %i = %z to %c64 step %c16 {
            scf.for %k = %z to %c128 step %c16 {
              %t = memref.alloc() : memref<16x16xi32, 2 : i32>
              air.dma_memcpy_nd (%t[] [] [], %p[%i, %k] [%c16, %c16] [%c128, %one]) : (memref<16x16xi32, 2 : i32>, memref<64x128xi32, 1 : i32>)
              func.call @accumulate(%t, %acc) : (memref<16x16xi32, 2 : i32>, memref<16x16xi32, 2 : i32>) -> ()
              memref.dealloc %t : memref<16x16xi32, 2 : i32>
            }
          }
          air.dma_memcpy_nd (%o[] [] [], %acc[] [] []) : (memref<16x16xi32>, memref<16x16xi32, 2 : i32>)
          memref.dealloc %acc : memref<16x16xi32, 2 : i32>
        }
        memref.dealloc %l2 : memref<64x128xi32, 1 : i32>
      }
    }
    return
  }
}
