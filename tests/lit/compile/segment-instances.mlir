// A segment of two instances, each on its own columns: before lowering each
// instance becomes a segment of one instance (UnrollSegments.h), its ids
// constants, its herds renamed with its ids. Each instance's herd reads its
// own half of %in from its own L2 buffer; the herd is given the instance's
// x id as an argument and adds it to what it reads.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// validate reads the program as written, each segment instance apart
// (validate/segment-instances.test), and agrees:
// RUN: air-check validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// VALID: moves the data of

// DIAG-NOT: error

// CHECK:      aie.device(npu1) @half_0 {
// Each instance's core adds its own id, on its own column.
// CHECK:      aie.core(%tile_0_2) {
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0 : index
// CHECK:        arith.index_cast %[[Z]] : index to i32
// CHECK:      aie.core(%tile_1_2) {
// CHECK-NEXT:   %[[O:.*]] = arith.constant 1 : index
// CHECK:        arith.index_cast %[[O]] : index to i32
// Each instance's half of the input, on its own shim channel.
// CHECK:      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 1, 32]
// CHECK:      aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 32] [1, 1, 1, 32]

module {
  air.channel @ToSeg [2]
  air.channel @FromSeg [2]
  func.func @halves(%in: memref<64xi32>, %out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %l = air.launch async (%lx) in (%nl=%c1) args(%a=%in, %b=%out) : memref<64xi32>, memref<64xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %p0 = air.channel.put async @ToSeg[%c0] (%a[%c0] [%c32] [%c1_l]) : (memref<64xi32>)
      %p1 = air.channel.put async @ToSeg[%c1_l] (%a[%c32] [%c32] [%c1_l]) : (memref<64xi32>)
      %s = air.segment @half async unroll(%si) in (%ns=%c2) {
        %c1_s = arith.constant 1 : index
        %t0, %l2 = air.execute -> (memref<32xi32, 1 : i32>) {
          %m = memref.alloc() : memref<32xi32, 1 : i32>
          air.execute_terminator %m : memref<32xi32, 1 : i32>
        }
        %g = air.channel.get async [%t0] @ToSeg[%si] (%l2[] [] []) : (memref<32xi32, 1 : i32>)
        %h = air.herd @addid async [%g] tile (%tx, %ty) in (%nx=%c1_s, %ny=%c1_s) args(%hl=%l2, %hid=%si) : memref<32xi32, 1 : i32>, index {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %n = arith.constant 32 : index
          %id = arith.index_cast %hid : index to i32
          %buf = memref.alloc() : memref<32xi32, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %hl[] [] []) : (memref<32xi32, 2 : i32>, memref<32xi32, 1 : i32>)
          scf.for %k = %z to %n step %one {
            %v = memref.load %buf[%k] : memref<32xi32, 2 : i32>
            %w = arith.addi %v, %id : i32
            memref.store %w, %buf[%k] : memref<32xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%hl[] [] [], %buf[] [] []) : (memref<32xi32, 1 : i32>, memref<32xi32, 2 : i32>)
          memref.dealloc %buf : memref<32xi32, 2 : i32>
        }
        %p = air.channel.put async [%h] @FromSeg[%si] (%l2[] [] []) : (memref<32xi32, 1 : i32>)
        %f = air.execute [%p] {
          memref.dealloc %l2 : memref<32xi32, 1 : i32>
        }
      }
      %g0 = air.channel.get async @FromSeg[%c0] (%b[%c0] [%c32] [%c1_l]) : (memref<64xi32>)
      %g1 = air.channel.get async @FromSeg[%c1_l] (%b[%c32] [%c32] [%c1_l]) : (memref<64xi32>)
      air.wait_all [%p0, %p1, %s, %g0, %g1]
    }
    air.wait_all [%l]
    return
  }
}
