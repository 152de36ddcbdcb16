// An L1 buffer from the segment that two herds on different tiles use: one
// buffer, shared by their cores through the memory they both reach (@scale
// at (0, 2) writes it, @offset at (0, 3) reads its south neighbour's
// memory), and a ring of locks on its tile that gives the cores turns in
// program order (lowerings/AIRToAIE/SharedL1.h; upstream's air-to-aie
// shares such a buffer too). The second check proves the ring keeps the
// cores apart (aie-data-race reads core/core pairs). The third does not
// replay the order of the cores' turns, so it says `unknown`: compile
// refuses the design by default, writes it with that warning under
// --allow-unvalidated; `validate` alone exits 1 on it.
// RUN: not %air_check_bin compile --target=npu1_4col %s -o %t.never.mlir 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %air_check_bin compile --allow-unvalidated --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.mlir 2>&1 | FileCheck %s --check-prefix=VALID

// REFUSED: error: [translation-validation-unknown] the lowered design's data movement is not validated
// DIAG-NOT: error
// DIAG: warning: [translation-validation-unknown] the lowered design's data movement is not validated: the design: a core uses a buffer of another tile (shared L1): the order in which cores take turns with it, and so what each reads from it, is not replayed
// DIAG-NOT: error
// VALID: warning: [translation-validation-unknown] not validated: the design: a core uses a buffer of another tile (shared L1)

// One buffer, on the first herd's tile, with its ring's locks; the first
// turn's lock starts full.
// CHECK-DAG:  %[[T2:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T3:.*]] = aie.tile(0, 3)
// CHECK:      %[[TURN0:.*]] = aie.lock(%[[T2]], {{[0-9]+}}) {init = 1 : i32, sym_name = "[[S:buf[0-9]+]]_turn0"}
// CHECK-NEXT: %[[TURN1:.*]] = aie.lock(%[[T2]], {{[0-9]+}}) {init = 0 : i32, sym_name = "[[S]]_turn1"}
// @scale takes the first turn, writes, and hands the buffer on.
// CHECK:      aie.core(%[[T2]]) {
// CHECK-NEXT:   aie.use_lock(%[[TURN0]], AcquireGreaterEqual, 1)
// CHECK:        memref.store %{{.*}}, %[[S]][
// CHECK:        aie.use_lock(%[[TURN1]], Release, 1)
// CHECK-NEXT:   aie.end
// @offset takes the second, reads, and hands it back.
// CHECK:      aie.core(%[[T3]]) {
// CHECK-NEXT:   aie.use_lock(%[[TURN1]], AcquireGreaterEqual, 1)
// CHECK:        memref.load %[[S]][
// CHECK:        aie.use_lock(%[[TURN0]], Release, 1)
// CHECK-NEXT:   aie.end

module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @handoff(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      air.channel.put @In[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %scratch = memref.alloc() : memref<64xi32, 2 : i32>
        air.herd @scale tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %three = arith.constant 3 : i32
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
          scf.for %i = %c0 to %c64 step %c1_h {
            %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
            %w = arith.muli %v, %three : i32
            memref.store %w, %s[%i] : memref<64xi32, 2 : i32>
          }
          memref.dealloc %in : memref<64xi32, 2 : i32>
        }
        air.herd @offset tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %i = %c0 to %c64 step %c1_h {
            %v = memref.load %s[%i] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
        memref.dealloc %scratch : memref<64xi32, 2 : i32>
      }
      air.channel.get @Out[] (%y[] [] []) : (memref<64xi32>)
    }
    return
  }
}
