// Offsets that index the buffer, with size-1 dimensions whose strides are
// not the buffer's (upstream's test/xrt/49_triton_softmax form): each
// instance (x, y) moves row [x, y, 0..63], at 256x + 64y (docs/semantics.md
// 4b). The runtime tasks start there: a size-1 dimension takes the buffer's
// stride (256). Before, the lowering scaled the offsets by the pattern's
// strides (64x + 64y), and compile's third check stopped it: "the program
// delivers %arg0[1, 0, 0], the design delivers %arg0[0, 1, 0]".
// RUN: air-check compile --target=npu1_4col %s -o %t.mlir 2>&1 | count 0
// RUN: FileCheck %s < %t.mlir
// CHECK-DAG: aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 1, 0] [1, 1, 1, 64] [0, 64, 64, 1])
// CHECK-DAG: aiex.npu.dma_memcpy_nd(%arg0 [0, 1, 0, 0] [1, 1, 1, 64] [0, 256, 64, 1])
// CHECK-DAG: aiex.npu.dma_memcpy_nd(%arg1 [0, 1, 1, 0] [1, 1, 1, 64] [0, 256, 64, 1])
module {
  func.func @rows(%a: memref<2x4x64xi32>, %b: memref<2x4x64xi32>) {
    air.launch () in () args(%la=%a, %lb=%b) : memref<2x4x64xi32>, memref<2x4x64xi32> {
      air.segment @seg args(%sa=%la, %sb=%lb) : memref<2x4x64xi32>, memref<2x4x64xi32> {
        %c2 = arith.constant 2 : index
        air.herd @h tile (%tx, %ty) in (%nx=%c2, %ny=%c2) args(%ha=%sa, %hb=%sb) : memref<2x4x64xi32>, memref<2x4x64xi32> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %buf = memref.alloc() : memref<64xi32, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %ha[%tx, %ty, %c0] [%c1, %c1, %c64] [%c64, %c64, %c1]) : (memref<64xi32, 2 : i32>, memref<2x4x64xi32>)
          scf.for %i = %c0 to %c64 step %c1 {
            %v = memref.load %buf[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %buf[%i] : memref<64xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hb[%tx, %ty, %c0] [%c1, %c1, %c64] [%c64, %c64, %c1], %buf[] [] []) : (memref<2x4x64xi32>, memref<64xi32, 2 : i32>)
          memref.dealloc %buf : memref<64xi32, 2 : i32>
        }
      }
    }
    return
  }
}
