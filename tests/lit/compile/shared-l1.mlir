// An L1 buffer from the segment that two herds on different tiles use: one
// buffer, shared by their cores through the memory they both reach (@scale
// at (0, 2) writes it, @offset at (0, 3) reads its south neighbour's
// memory), and a ring of locks on its tile that gives the cores turns in
// program order (lowerings/AIRToAIE/SharedL1.h; upstream's air-to-aie
// shares such a buffer too). The second check proves the ring keeps the
// cores apart (aie-data-race reads core/core pairs). The third reads the
// cores' turns with the buffer from the replay and finds them the
// program's herds in program order (docs/validate.md, "Shared L1"); with
// the ring's first turn given to @offset instead, @offset would read the
// buffer before @scale wrote it, and validate names that turn.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir
// RUN: sed -e 's/init = 1 : i32, sym_name = "\(buf[0-9]*\)_turn0"/init = 0 : i32, sym_name = "\1_turn0"/' -e 's/init = 0 : i32, sym_name = "\(buf[0-9]*\)_turn1"/init = 1 : i32, sym_name = "\1_turn1"/' %t.mlir > %t.swapped.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.swapped.mlir 2>&1 | FileCheck %s --check-prefix=SWAPPED

// DIAG-NOT: {{error|warning}}
// SWAPPED: error: [translation-validation] the design does not move the program's data: buffer [[B:buf[0-9]+]] (shared by cores of several tiles): turn 0 (round 0) is core (0, 3)'s, of herd @offset, where the program's round has herd @scale there, so a herd reads what the program's does not
// SWAPPED: note: the herd whose turn it is in the program
// SWAPPED: note: the herd whose core takes it in the design

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
