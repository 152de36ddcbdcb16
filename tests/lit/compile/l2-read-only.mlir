// An L2 buffer no DMA writes (its contents undefined; upstream's
// broadcast-detection inputs read such buffers) is read by both cores of a
// herd in every launch instance. Nothing upstream stops its readers, so
// their chains end: one period of BDs run as many passes as the program
// reads (repeat_count = passes - 1), the turn the launch instances repeat
// cut at its period. 300 instances need 300 passes, more than the DMA's
// start queue repeats (256): two periods per pass, 150 passes.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK:      aie.memtile_dma(%{{.*}}) {
// CHECK-NEXT:   aie.dma_start(MM2S, 0, ^bb1, ^bb[[END:[0-9]+]], repeat_count = 149)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:   aie.use_lock(%[[LOCK:.*]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BUF:.*]] : memref<4x32xi32, 1> offset = 0 len = 64)
// CHECK-NEXT:   aie.next_bd ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT:   aie.dma_bd(%[[BUF]] : memref<4x32xi32, 1> offset = 64 len = 64)
// CHECK-NEXT:   aie.use_lock(%[[LOCK]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT:   aie.use_lock(%[[LOCK]], AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BUF]] : memref<4x32xi32, 1> offset = 0 len = 64)
// CHECK-NEXT:   aie.next_bd ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT:   aie.dma_bd(%[[BUF]] : memref<4x32xi32, 1> offset = 64 len = 64)
// CHECK-NEXT:   aie.use_lock(%[[LOCK]], Release, 1)
// CHECK-NEXT:   aie.next_bd ^bb[[END]]
// CHECK-NEXT: ^bb[[END]]:
// CHECK-NEXT:   aie.end

module {
  func.func @read_only_l2() {
    %c20 = arith.constant 20 : index
    %c15 = arith.constant 15 : index
    air.launch (%x, %y) in (%nx=%c20, %ny=%c15) {
      air.segment @seg {
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %l2 = memref.alloc() : memref<4x32xi32, 1>
        air.herd @readers tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%src=%l2) : memref<4x32xi32, 1> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          scf.for %i = %c0 to %c2_h step %c1_h {
            %row = arith.muli %i, %c2_h : index
            %buf = memref.alloc() : memref<2x32xi32, 2>
            air.dma_memcpy_nd (%buf[] [] [], %src[%row, %c0] [%c2_h, %c32] [%c32, %c1_h]) : (memref<2x32xi32, 2>, memref<4x32xi32, 1>)
            memref.dealloc %buf : memref<2x32xi32, 2>
          }
        }
        memref.dealloc %l2 : memref<4x32xi32, 1>
      }
    }
    return
  }
}
