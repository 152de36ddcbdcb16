// Issue 26, part 5: when a channel's transfers cannot be folded into one
// task (here they walk the input backwards), the runtime sequence waits on
// the channel before it would hold more than the queue's depth (4 on
// npu1_4col) of unfinished tasks. The eight results, at a constant forward
// step, fold into one task. The re-check, with the host in the model,
// proves the dispatch.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint --show-proofs %t.mlir 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK:      aie.runtime_sequence
// CHECK:        aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 448] [1, 1, 1, 64] [0, 0, 0, 1]) {{.*}}metadata = @air_ToCore}
// CHECK:        aiex.npu.dma_memcpy_nd(%arg1 [0, 0, 0, 0] [8, 1, 1, 64] [64, 0, 0, 1]) {{.*}}metadata = @air_FromCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 384] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 320] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 256] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 192] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 128] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 64] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] {{.*}}metadata = @air_ToCore}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_FromCore}
// CHECK-NEXT: }

// LINT: proven: deadlock freedom of the dispatch: in every interleaving of the host, 1 core(s), {{[0-9]+}} BD chain(s) and 2 task queue(s) (9 task(s);
// LINT: 0 errors, 0 warnings

module {
  air.channel @ToCore [1, 1]
  air.channel @FromCore [1, 1]
  func.func @add_one_backwards(%a: memref<512xi32>, %b: memref<512xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<512xi32>, memref<512xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c7_l = arith.constant 7 : index
      %c8_l = arith.constant 8 : index
      %c64_l = arith.constant 64 : index
      %s = air.segment @seg async {
        %c1_s = arith.constant 1 : index
        air.herd @addone tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c64 = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %j = %c0 to %c8 step %c1_h {
            air.channel.get @ToCore[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
              %w = arith.addi %v, %one : i32
              memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
            }
            air.channel.put @FromCore[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
          }
          memref.dealloc %in : memref<64xi32, 2 : i32>
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
      }
      scf.for %k = %c0_l to %c8_l step %c1_l {
        %r = arith.subi %c7_l, %k : index
        %in_off = arith.muli %r, %c64_l : index
        %out_off = arith.muli %k, %c64_l : index
        air.channel.put @ToCore[] (%x[%in_off] [%c64_l] [%c1_l]) : (memref<512xi32>)
        air.channel.get @FromCore[] (%y[%out_off] [%c64_l] [%c1_l]) : (memref<512xi32>)
      }
    }
    return
  }
}
