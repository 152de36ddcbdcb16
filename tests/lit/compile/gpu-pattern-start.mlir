// air-to-gpu reads a copy's pattern as docs/semantics.md 4b says (as the NPU
// lowering and the checks do): one offset per dimension of the buffer
// indexes it, whatever the pattern's rank. `%a[2, 3] [8] [1]` on a 4x64
// buffer starts at row 2, column 3: element 131, row (n + 131) floordiv 64.
// (Before, the lowering refused the form: "2 offsets for 1 sizes".)
// RUN: air-check lint --device=mi300x %s 2>&1 | FileCheck %s --check-prefix=LINT
// LINT: 0 errors, 0 warnings
// RUN: air-opt --air-to-gpu %s | FileCheck %s
// CHECK-DAG: affine_map<(d0) -> ((d0 + 131) floordiv 64)>
// CHECK-DAG: affine_map<(d0) -> (d0 - ((d0 + 131) floordiv 64) * 64 + 131)>

func.func @row_slice(%a: memref<4x64xf32>, %b: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%la=%a, %lb=%b) : memref<4x64xf32>, memref<8xf32> {
    air.segment @seg args(%sa=%la, %sb=%lb) : memref<4x64xf32>, memref<8xf32> {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx=%c1_s, %ny=%c1_s) args(%ha=%sa, %hb=%sb) : memref<4x64xf32>, memref<8xf32> {
        %c1_h = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c3 = arith.constant 3 : index
        %c8 = arith.constant 8 : index
        %buf = memref.alloc() : memref<8xf32, 2 : i32>
        air.dma_memcpy_nd (%buf[] [] [], %ha[%c2, %c3] [%c8] [%c1_h]) : (memref<8xf32, 2 : i32>, memref<4x64xf32>)
        air.dma_memcpy_nd (%hb[] [] [], %buf[] [] []) : (memref<8xf32>, memref<8xf32, 2 : i32>)
        memref.dealloc %buf : memref<8xf32, 2 : i32>
      }
    }
  }
  return
}
