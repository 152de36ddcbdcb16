// A cascade channel between two herds of two tiles each (written for this
// test in the form of upstream's programming_examples/herd_dataflow):
// @stage1 adds one to what it receives and puts it on @Casc, a cascade;
// @stage2 gets it, an 8x8 buffer, and sends it back. Placement puts each
// getting tile south of its putting tile (AIE2 cascades run east or south),
// each core moves its buffer whole in 512-bit words (16 x i32), and the
// design validates: what each stage-2 core receives over the cascade is
// what the program's get does. With both loops starting one word late the
// words no longer land where the program's do: the data a stage-2 core
// receives is no instance's.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=VALID
// RUN: sed -e 's/= %c0 to %c64 step %c16/= %c16 to %c64 step %c16/' %t.mlir > %t.late.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.late.mlir 2>&1 | FileCheck %s --check-prefix=LATE
// A get that writes every word to the same place is not the form the
// replay reads (analyses/aie/CascadeLoops.h): unknown, not a pass.
// RUN: sed -e 's/vector.transfer_write %0, %collapse_shape\[%arg0\]/vector.transfer_write %0, %collapse_shape[%c0]/' %t.mlir > %t.same.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.same.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: %air_check_bin report --device=npu1_4col %s | FileCheck %s --check-prefix=MAP

// DIAG-NOT: {{error|warning}}
// VALID: moves the data of
// SAME: warning: [translation-validation-unknown] not validated: the design: a cascade get that is not of a vector written to an aie.buffer, flattened, at the loop's variable
// The first word lands at [2, 0] (flattened element 16), not [0, 0]: the
// report names the element, against the one instance the core may run.
// LATE: error: [translation-validation] the design does not move the program's data: core (0, 2), buf4, fill #0: element #0 delivered into it lands at [0, 0] in the program and at [2, 0] in the design

// The get: stage 2's 8x8 buffer, flattened, word by word off the cascade
// (after the lock its DMA out of it needs).
// CHECK:      aie.core(%tile_0_2)
// CHECK-NEXT:   aie.use_lock(%[[ACC:buf[0-9]+]]_prod_lock, AcquireGreaterEqual, 1)
// CHECK-NEXT:   %[[FLAT:.*]] = memref.collapse_shape %[[ACC]] {{\[\[}}0, 1]] : memref<8x8xi32, 2 : i32> into memref<64xi32, 2 : i32>
// CHECK:        scf.for %[[I:.*]] = %c0 to %c64 step %c16 {
// CHECK-NEXT:     %[[W:.*]] = aie.get_cascade() : vector<16xi32>
// CHECK-NEXT:     vector.transfer_write %[[W]], %[[FLAT]][%[[I]]] {in_bounds = [true]} : vector<16xi32>, memref<64xi32, 2 : i32>
// The put: stage 1's buffer, word by word onto the cascade.
// CHECK:      aie.core(%tile_0_3)
// CHECK:        scf.for %[[J:.*]] = %c0 to %c64 step %c16 {
// CHECK-NEXT:     %[[V:.*]] = vector.transfer_read %[[MID:buf[0-9]+]][%[[J]]], %{{.*}} {in_bounds = [true]} : memref<64xi32, 2 : i32>, vector<16xi32>
// CHECK-NEXT:     aie.put_cascade(%[[V]] : vector<16xi32>)
// No DMA moves the cascaded buffer.
// CHECK-NOT:  aie.dma_bd(%[[MID]]
// CHECK:      aie.cascade_flow(%tile_0_3, %tile_0_2)
// CHECK-NEXT: aie.cascade_flow(%tile_1_3, %tile_1_2)

// MAP:      row  3 | A A . .
// MAP-NEXT: row  2 | B B . .

module {
  air.channel @In [2, 1]
  air.channel @Casc [2, 1] {channel_type = "npu_cascade"}
  air.channel @Out [2, 1]
  func.func @pipeline(%a: memref<128xi32>, %b: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<128xi32>, memref<128xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      air.channel.put @In[%c0, %c0] (%x[%c0] [%c64] [%c1_l]) : (memref<128xi32>)
      air.channel.put @In[%c1_l, %c0] (%x[%c64] [%c64] [%c1_l]) : (memref<128xi32>)
      air.segment @seg {
        %c2 = arith.constant 2 : index
        %c1_s = arith.constant 1 : index
        air.herd @stage1 tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64_h = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          %mid = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
          scf.for %i = %c0_h to %c64_h step %c1_h {
            %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %mid[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @Casc[%tx, %ty] (%mid[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %in : memref<64xi32, 2 : i32>
          memref.dealloc %mid : memref<64xi32, 2 : i32>
        }
        air.herd @stage2 tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) {
          %acc = memref.alloc() : memref<8x8xi32, 2 : i32>
          air.channel.get @Casc[%tx, %ty] (%acc[] [] []) : (memref<8x8xi32, 2 : i32>)
          air.channel.put @Out[%tx, %ty] (%acc[] [] []) : (memref<8x8xi32, 2 : i32>)
          memref.dealloc %acc : memref<8x8xi32, 2 : i32>
        }
      }
      air.channel.get @Out[%c0, %c0] (%y[%c0] [%c64] [%c1_l]) : (memref<128xi32>)
      air.channel.get @Out[%c1_l, %c0] (%y[%c64] [%c64] [%c1_l]) : (memref<128xi32>)
    }
    return
  }
}
