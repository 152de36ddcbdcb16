// dma-volume-balance: a dma_memcpy_nd moves as many elements out of its
// source as into its destination (padding counted, docs/semantics.md 4c),
// for every value of the sizes. Upstream's air-to-aie gives each side its
// own BD, and the side that expects more waits forever.
// RUN: air-check lint --verify-diagnostics --checks=dma-volume-balance %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: error: this dma_memcpy_nd reads 256 elements from its source and writes 512
// RUN: air-check lint --show-proofs %S/Inputs/dma-volume-balanced.mlir 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN: proven: every dma_memcpy_nd moves as many elements in as out: 3 of them, for every size (isl) [dma-volume-balance]
// CLEAN: air-check: 1 file, 0 errors, 0 warnings
module {
  func.func @short(%a: memref<1024xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%la=%a) : memref<1024xi32> {
      air.segment @seg args(%sa=%la) : memref<1024xi32> {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c256 = arith.constant 256 : index
        %l2 = memref.alloc() : memref<512xi32, 1>
        // A placeholder size of 0 (upstream's dependency tests write them)
        // into a whole 512-element buffer.
        // expected-error @+2 {{this dma_memcpy_nd reads 256 elements from its source and writes 512 into its destination; the side that expects more waits forever for the rest (upstream's air-to-aie gives each side its own BD)}}
        // expected-note @+1 {{hint: give the source and the destination patterns the same number of elements (the product of their sizes, padding included)}}
        air.dma_memcpy_nd (%l2[] [] [], %sa[%c0] [%c256] [%c1_s]) : (memref<512xi32, 1>, memref<1024xi32>)
        memref.dealloc %l2 : memref<512xi32, 1>
      }
    }
    return
  }

  // Sizes the host passes: the two sides agree only when %m is 16.
  func.func @symbolic(%a: memref<4096xi32>, %n: index, %m: index) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%la=%a, %ln=%n, %lm=%m) : memref<4096xi32>, index, index {
      air.segment @seg2 args(%sa=%la, %sn=%ln, %sm=%lm) : memref<4096xi32>, index, index {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c16 = arith.constant 16 : index
        %l2 = memref.alloc() : memref<4096xi32, 1>
        // The witness: both sizes 1, one element against 16.
        // expected-error @+2 {{this dma_memcpy_nd reads 1 element from its source and writes 16 into its destination (when %arg1 of @symbolic = 1, %arg2 of @symbolic = 1); the side that expects more waits forever for the rest (upstream's air-to-aie gives each side its own BD)}}
        // expected-note @+1 {{hint: give the source and the destination patterns}}
        air.dma_memcpy_nd (%l2[%c0, %c0] [%sn, %c16] [%c16, %c1_s], %sa[%c0, %c0] [%sn, %sm] [%c16, %c1_s]) : (memref<4096xi32, 1>, memref<4096xi32>)
        memref.dealloc %l2 : memref<4096xi32, 1>
      }
    }
    return
  }
}
