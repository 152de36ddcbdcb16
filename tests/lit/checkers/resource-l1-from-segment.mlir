// L1 buffers a segment allocates and hands to a herd count in the herd's
// per-tile L1: 48 KiB from the segment and 32 KiB of the herd's own exceed
// a compute tile's 63 KiB for buffers; 8 KiB from the segment fit.
// RUN: split-file %s %t
// RUN: air-check lint --device=npu1_4col --verify-diagnostics %t/over.mlir
// RUN: air-check lint --device=npu1_4col %t/fits.mlir 2>&1 | FileCheck %s
// CHECK: air-check: 1 file, 0 errors, 0 warnings

//--- over.mlir
func.func @over() {
  air.launch () in () {
    air.segment @s {
      %one = arith.constant 1 : index
      %shared = memref.alloc() : memref<12288xi32, 2>
      // expected-error@+1 {{herd @h needs 81920 bytes of L1 per tile at its peak, but a compute tile of npu1_4col has 64512 for buffers (65536 bytes less a 1024-byte stack)}}
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) args(%b=%shared) : memref<12288xi32, 2> {
        %c0 = arith.constant 0 : index
        %v = arith.constant 7 : i32
        %own = memref.alloc() : memref<8192xi32, 2>
        memref.store %v, %b[%c0] : memref<12288xi32, 2>
        memref.store %v, %own[%c0] : memref<8192xi32, 2>
        memref.dealloc %own : memref<8192xi32, 2>
      }
      memref.dealloc %shared : memref<12288xi32, 2>
    }
  }
  return
}

//--- fits.mlir
func.func @fits() {
  air.launch () in () {
    air.segment @s {
      %one = arith.constant 1 : index
      %shared = memref.alloc() : memref<2048xi32, 2>
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) args(%b=%shared) : memref<2048xi32, 2> {
        %c0 = arith.constant 0 : index
        %v = arith.constant 7 : i32
        %own = memref.alloc() : memref<8192xi32, 2>
        memref.store %v, %b[%c0] : memref<2048xi32, 2>
        memref.store %v, %own[%c0] : memref<8192xi32, 2>
        memref.dealloc %own : memref<8192xi32, 2>
      }
      memref.dealloc %shared : memref<2048xi32, 2>
    }
  }
  return
}
