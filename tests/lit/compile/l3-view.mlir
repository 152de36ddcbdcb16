// A segment hands its herd a memref.subview of an L3 argument, the tile of
// the output its launch instance owns, and the herd writes it whole
// (`%view[] [] []`), the form upstream's dma_to_channel tests take before
// their channels are made. The runtime sequence cannot make a view: the
// lowering names the argument with the view's pattern (its offsets, its
// sizes, the argument's row-major strides; lowerings/AIRToAIE/FoldL3Views)
// and passes the offsets into the herd. Validation replays the program as
// written, view included, so the rewrite is checked: the two launch
// instances' tiles land in rows 0..7 and 8..15, columns 8..23 of %out (one
// task, the lowering folds the two), and a task that writes one column
// over is told apart.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// RUN: sed -e 's/(%arg1 \[0, 0, 0, 8\]/(%arg1 [0, 0, 0, 9]/' %t.mlir > %t.moved.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.moved.mlir 2>&1 | FileCheck %s --check-prefix=MOVED
// A view with a stride other than 1 is not folded: the segment body keeps
// it, and the lowering refuses it by name.
// RUN: sed -e 's/\[8, 16\] \[1, 1\]/[8, 8] [1, 2]/' -e 's/memref<8x16xi32, strided<\[32, 1\], offset: ?>>/memref<8x8xi32, strided<[32, 2], offset: ?>>/g' -e 's/memref<8x16xi32, 2 : i32>/memref<8x8xi32, 2 : i32>/g' -e 's/\[%c8, %c16\] \[%c32, %c1\]/[%c8, %c8] [%c32, %c1]/' %s > %t.strided.mlir
// RUN: not %air_check_bin compile --target=npu1_4col %t.strided.mlir -o %t.strided.out 2>&1 | FileCheck %s --check-prefix=STRIDED

// DIAG-NOT: {{error|warning}}
// CHECK: aie.runtime_sequence(%arg0: memref<16x32xi32>, %arg1: memref<16x32xi32>)
// The two instances' tiles, one task: 2 x 8 rows of 16 from column 8.
// CHECK: aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 8] [2, 1, 8, 16] [256, 0, 32, 1])
// VALID: moves the data of
// MOVED: error: [translation-validation] the design does not move the program's data
// STRIDED: error: [compile-unsupported] 'memref.subview' in a segment body; only herds compute

module {
  func.func @tiles(%in: memref<16x32xi32>, %out: memref<16x32xi32>) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%lsx=%c2, %lsy=%c1) args(%a=%in, %o=%out) : memref<16x32xi32>, memref<16x32xi32> {
      air.segment @seg args(%x=%lx, %sa=%a, %so=%o) : index, memref<16x32xi32>, memref<16x32xi32> {
        %c1_s = arith.constant 1 : index
        %c8_s = arith.constant 8 : index
        %row = arith.muli %x, %c8_s : index
        %view = memref.subview %so[%row, 8] [8, 16] [1, 1] : memref<16x32xi32> to memref<8x16xi32, strided<[32, 1], offset: ?>>
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%r=%row, %ha=%sa, %hv=%view) : index, memref<16x32xi32>, memref<8x16xi32, strided<[32, 1], offset: ?>> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c16 = arith.constant 16 : index
          %c32 = arith.constant 32 : index
          %l1 = memref.alloc() : memref<8x16xi32, 2 : i32>
          air.dma_memcpy_nd (%l1[] [] [], %ha[%r, %c0] [%c8, %c16] [%c32, %c1]) : (memref<8x16xi32, 2 : i32>, memref<16x32xi32>)
          air.dma_memcpy_nd (%hv[] [] [], %l1[] [] []) : (memref<8x16xi32, strided<[32, 1], offset: ?>>, memref<8x16xi32, 2 : i32>)
          memref.dealloc %l1 : memref<8x16xi32, 2 : i32>
        }
      }
    }
    return
  }
}
