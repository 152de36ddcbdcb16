// A launch copies its input argument into a host buffer of its own and
// then only reads that buffer (upstream's air_channel_to_objectfifo form,
// with tokens). The copy is left out and the put reads the argument
// directly (ForwardHostCopies.h): nothing writes %in, and the put waits for
// the copy.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// validate on its own agrees too:
// RUN: air-check validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// VALID: moves the data of

// DIAG-NOT: error

// CHECK:      aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<32xi32>)
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 {{.*}} metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg1 {{.*}} metadata = @air_FromCore}

module {
  air.channel @ToCore [1, 1]
  air.channel @FromCore [1, 1]
  func.func @pass_through(%in: memref<32xi32>, %out: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    %l = air.launch async (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%li=%in, %lo=%out) : memref<32xi32>, memref<32xi32> {
      %t0, %staged = air.execute -> (memref<32xi32>) {
        %a = memref.alloc() : memref<32xi32>
        air.execute_terminator %a : memref<32xi32>
      }
      %t1 = air.execute [%t0] {
        memref.copy %li, %staged : memref<32xi32> to memref<32xi32>
      }
      %t2 = air.channel.put async [%t1] @ToCore[] (%staged[] [] []) : (memref<32xi32>)
      %t3 = air.channel.get async @FromCore[] (%lo[] [] []) : (memref<32xi32>)
      %s = air.segment @seg async {
        %c1_0 = arith.constant 1 : index
        %h = air.herd @h async tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) {
          %t4, %buf = air.execute -> (memref<32xi32, 2>) {
            %b = memref.alloc() : memref<32xi32, 2>
            air.execute_terminator %b : memref<32xi32, 2>
          }
          %t5 = air.channel.get async [%t4] @ToCore[%tx, %ty] (%buf[] [] []) : (memref<32xi32, 2>)
          %t6 = air.channel.put async [%t5] @FromCore[%tx, %ty] (%buf[] [] []) : (memref<32xi32, 2>)
          %t7 = air.execute [%t6] {
            memref.dealloc %buf : memref<32xi32, 2>
          }
        }
      }
      %t8 = air.execute [%t2] {
        memref.dealloc %staged : memref<32xi32>
      }
    }
    return
  }
}
