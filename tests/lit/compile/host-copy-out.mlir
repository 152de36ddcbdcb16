// A launch writes a host buffer of the function's own, and the function
// copies it to its result argument afterwards (upstream's test/airhost
// form). The runtime sequence cannot run the copy; it is left out and the
// launch writes the argument directly (ForwardHostCopies.h): nothing else
// reads or writes %out, and the copy waits for the launch. The design is
// validated against the program as written: the replay runs the copy.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// validate runs the copy (validate/host-copies.test), and agrees:
// RUN: air-check validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// VALID: moves the data of

// DIAG-NOT: error

// CHECK:      aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>)
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg1
// CHECK-NEXT:   aiex.npu.dma_wait

module {
  func.func @add_one(%in: memref<64xi32>, %out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %tmp = memref.alloc() : memref<64xi32>
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%la=%in, %lt=%tmp) : memref<64xi32>, memref<64xi32> {
      air.segment @seg args(%sa=%la, %st=%lt) : memref<64xi32>, memref<64xi32> {
        %c1_0 = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) args(%ha=%sa, %ht=%st) : memref<64xi32>, memref<64xi32> {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %n = arith.constant 64 : index
          %k1 = arith.constant 1 : i32
          %buf = memref.alloc() : memref<64xi32, 2>
          air.dma_memcpy_nd (%buf[] [] [], %ha[] [] []) : (memref<64xi32, 2>, memref<64xi32>)
          scf.for %i = %z to %n step %one {
            %v = memref.load %buf[%i] : memref<64xi32, 2>
            %w = arith.addi %v, %k1 : i32
            memref.store %w, %buf[%i] : memref<64xi32, 2>
          }
          air.dma_memcpy_nd (%ht[] [] [], %buf[] [] []) : (memref<64xi32>, memref<64xi32, 2>)
          memref.dealloc %buf : memref<64xi32, 2>
        }
      }
    }
    memref.copy %tmp, %out : memref<64xi32> to memref<64xi32>
    memref.dealloc %tmp : memref<64xi32>
    return
  }
}
