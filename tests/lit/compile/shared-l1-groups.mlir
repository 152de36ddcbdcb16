// A shared L1 buffer handed from one core to a herd of two (SharedL1.h):
// @scale's one core acquires what both cores of @halves released (2), and
// releases each of them its own turn; each of @halves' cores takes its own
// and hands one back. (One lock both take would let a fast core take the
// other's turn and read one round twice: validation says the run does not
// stand for all, below.) The ring turns once per launch instance (2). The
// second check proves the ring free of deadlocks and races; the third
// reads the cores' turns (each of @halves' cores is told apart by its
// code: the body with its ids put in).
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir
// RUN: sed -e 's/use_lock(%\(buf[0-9]*\)_turn2,/use_lock(%\1_turn1,/' %t.mlir > %t.one-lock.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.one-lock.mlir 2>&1 | FileCheck %s --check-prefix=ONE

// DIAG-NOT: {{error|warning}}
// ONE: warning: [translation-validation-unknown] not validated: the design: lock "{{buf[0-9]+}}_turn1" is acquired by 2 agents, and the core of tile (0, 3) and the core of tile (1, 3) can both be at an acquire of it that its value covers for one only

// CHECK-DAG:  %[[T02:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T03:.*]] = aie.tile(0, 3)
// CHECK-DAG:  %[[T13:.*]] = aie.tile(1, 3)
// The buffer's tile is the one all three cores reach: (0, 3).
// CHECK:      %[[TURN0:.*]] = aie.lock(%[[T03]], {{[0-9]+}}) {init = 2 : i32, sym_name = "[[S:buf[0-9]+]]_turn0"}
// CHECK-NEXT: %[[TURN1:.*]] = aie.lock(%[[T03]], {{[0-9]+}}) {init = 0 : i32, sym_name = "[[S]]_turn1"}
// CHECK-NEXT: %[[TURN2:.*]] = aie.lock(%[[T03]], {{[0-9]+}}) {init = 0 : i32, sym_name = "[[S]]_turn2"}
// CHECK:      aie.core(%[[T02]]) {
// CHECK:        scf.for
// CHECK-NEXT:     aie.use_lock(%[[TURN0]], AcquireGreaterEqual, 2)
// CHECK:          memref.store %{{.*}}, %[[S]][
// CHECK:          aie.use_lock(%[[TURN1]], Release, 1)
// CHECK-NEXT:     aie.use_lock(%[[TURN2]], Release, 1)
// CHECK:      aie.core(%[[T03]]) {
// CHECK:        scf.for
// CHECK-NEXT:     aie.use_lock(%[[TURN1]], AcquireGreaterEqual, 1)
// CHECK:          memref.load %[[S]][
// CHECK:          aie.use_lock(%[[TURN0]], Release, 1)
// CHECK:      aie.core(%[[T13]]) {
// CHECK:        scf.for
// CHECK-NEXT:     aie.use_lock(%[[TURN2]], AcquireGreaterEqual, 1)
// CHECK:          memref.load %[[S]][
// CHECK:          aie.use_lock(%[[TURN0]], Release, 1)

#off = affine_map<()[s0] -> (s0 * 64)>
#half = affine_map<()[s0, s1] -> (s0 * 64 + s1 * 32)>
module {
  air.channel @In [1, 1]
  air.channel @Out [2, 1]
  func.func @handoff(%a: memref<128xi32>, %b: memref<128xi32>) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c2, %ny=%c1) args(%x=%a, %y=%b) : memref<128xi32>, memref<128xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c32_l = arith.constant 32 : index
      %c64_l = arith.constant 64 : index
      %o = affine.apply #off()[%lx]
      air.channel.put @In[] (%x[%o] [%c64_l] [%c1_l]) : (memref<128xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
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
        air.herd @halves tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) args(%s=%scratch) : memref<64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %one = arith.constant 1 : i32
          %base = arith.muli %tx, %c32 : index
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          scf.for %i = %c0 to %c32 step %c1_h {
            %j = arith.addi %base, %i : index
            %v = memref.load %s[%j] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        memref.dealloc %scratch : memref<64xi32, 2 : i32>
      }
      %h0 = affine.apply #half()[%lx, %c0_l]
      %h1 = affine.apply #half()[%lx, %c1_l]
      air.channel.get @Out[%c0_l, %c0_l] (%y[%h0] [%c32_l] [%c1_l]) : (memref<128xi32>)
      air.channel.get @Out[%c1_l, %c0_l] (%y[%h1] [%c32_l] [%c1_l]) : (memref<128xi32>)
    }
    return
  }
}
