// The host reads two chunks of %a through a core and writes the results
// back in place. In the runtime sequence each write into %a first waits for
// the read of the same elements still in flight (the run reads a chunk
// before it writes it); a read of the other chunk does not wait for a write
// it does not overlap; the sequence ends waiting for the writes.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK:      aie.runtime_sequence(%[[A:.*]]: memref<128xi32>)
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 0] [1, 1, 1, 64]{{.*}}metadata = @air_In}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_In}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 0] [1, 1, 1, 64]{{.*}}metadata = @air_Out}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 64] [1, 1, 1, 64]{{.*}}metadata = @air_In}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_In}
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%[[A]] [0, 0, 0, 64] [1, 1, 1, 64]{{.*}}metadata = @air_Out}
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @air_Out}
// CHECK-NEXT: }

module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @in_place(%a: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a) : memref<128xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %t0 = air.wait_all async
      %r = scf.for %i = %c0 to %c2 step %c1_l iter_args(%tk = %t0) -> (!air.async.token) {
        %off = arith.muli %i, %c64 : index
        %p = air.channel.put async [%tk] @In[] (%x[%off] [%c64] [%c1_l]) : (memref<128xi32>)
        %g = air.channel.get async [%p] @Out[] (%x[%off] [%c64] [%c1_l]) : (memref<128xi32>)
        scf.yield %g : !air.async.token
      }
      %s = air.segment @seg async {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %buf = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %i = %c0_h to %c2_h step %c1_h {
            air.channel.get @In[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
            air.channel.put @Out[%tx, %ty] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
          }
        }
      }
      air.wait_all [%r, %s]
    }
    return
  }
}
