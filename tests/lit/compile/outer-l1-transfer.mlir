// An L1 buffer from the segment that one herd op uses, filled by a transfer
// in that herd: each tile's copy is that tile's DMA buffer, with its own
// locks, as if the herd had allocated it (docs/compile.md). Compile's
// third check validates the design.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK-DAG:  %[[T0:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T1:.*]] = aie.tile(1, 2)
// CHECK:      aie.core(%[[T0]]) {
// CHECK:        aie.use_lock(%[[L0:.*]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        memref.load %[[L0]][
// CHECK:        aie.use_lock(%[[L0]]_prod_lock, Release, 1)
// CHECK:      aie.core(%[[T1]]) {
// CHECK:        aie.use_lock(%[[L1:.*]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        memref.load %[[L1]][
// CHECK:        aie.use_lock(%[[L1]]_prod_lock, Release, 1)

module {
  air.channel @In [2, 1]
  air.channel @Out [2, 1]
  func.func @double(%a: memref<32xi32>, %b: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<32xi32>, memref<32xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c16_l = arith.constant 16 : index
      air.channel.put @In[%c0_l, %c0_l] (%x[%c0_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
      air.channel.put @In[%c1_l, %c0_l] (%x[%c16_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
      air.segment @seg {
        %c2 = arith.constant 2 : index
        %c1_s = arith.constant 1 : index
        %landing = memref.alloc() : memref<16xi32, 2 : i32>
        air.herd @dbl tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) args(%l=%landing) : memref<16xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %out = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%l[] [] []) : (memref<16xi32, 2 : i32>)
          scf.for %i = %c0 to %c16 step %c1_h {
            %v = memref.load %l[%i] : memref<16xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %out[%i] : memref<16xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<16xi32, 2 : i32>)
          memref.dealloc %out : memref<16xi32, 2 : i32>
        }
        memref.dealloc %landing : memref<16xi32, 2 : i32>
      }
      air.channel.get @Out[%c0_l, %c0_l] (%y[%c0_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
      air.channel.get @Out[%c1_l, %c0_l] (%y[%c16_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
    }
    return
  }
}
