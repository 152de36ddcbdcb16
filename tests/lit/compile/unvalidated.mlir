// Verified compilation refuses a design whose data movement translation
// validation cannot decide (docs/compile.md, step 5), as it refuses every
// other `unknown`; --allow-unvalidated writes it, with the unknown as a
// warning. Here both instances of @twice receive the same broadcast data,
// and their code computes with the ids only to get 0 (tx - tx): the
// lowering's specialised code is the same for both, so which instance a
// core runs is told neither by its data nor by its code (docs/validate.md,
// "What is `unknown`").
// RUN: not air-check compile --target=npu1_4col %s -o %t.never.mlir 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not test -e %t.never.mlir
// RUN: air-check compile --allow-unvalidated --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=ALLOWED
// RUN: air-check lint %t.mlir
// RUN: FileCheck %s --check-prefix=DESIGN < %t.mlir

// REFUSED: error: [translation-validation-unknown] the lowered design's data movement is not validated: core (0, 2) receives what 2 herd instances receive; which one it runs cannot be told from its data
// REFUSED-NEXT: note: the design passed the checks before this one; --allow-unvalidated writes it with this as a warning
// REFUSED-NEXT: refused: {{.*}}no output written
// ALLOWED-NOT: error
// ALLOWED: warning: [translation-validation-unknown] the lowered design's data movement is not validated: core (0, 2) receives what 2 herd instances receive
// ALLOWED-NOT: error
// DESIGN: aie.device(npu1) @seg
// DESIGN: aie.core
// DESIGN: aie.core

module {
  air.channel @In [1, 1] {broadcast_shape = [2, 1]}
  air.channel @Out [2, 1]
  func.func @same(%a: memref<32xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<32xi32>, memref<64xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c32_l = arith.constant 32 : index
      air.channel.put @In[] (%x[] [] []) : (memref<32xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        air.herd @twice tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %in = memref.alloc() : memref<32xi32, 2 : i32>
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<32xi32, 2 : i32>)
          %zero = arith.subi %tx, %tx : index
          scf.for %i = %c0 to %c32 step %c1_h {
            %j = arith.addi %i, %zero : index
            %v = memref.load %in[%j] : memref<32xi32, 2 : i32>
            memref.store %v, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %in : memref<32xi32, 2 : i32>
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
      }
      air.channel.get @Out[%c0_l, %c0_l] (%y[%c0_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
      air.channel.get @Out[%c1_l, %c0_l] (%y[%c32_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
    }
    return
  }
}
