// A herd of two tiles that writes a shared L1 buffer, each core its own row
// (@fill, tx = 0 and 1), handed to a herd of one (@drain) on another tile:
// the two writers run at once, each on a lock of its own, and the reader
// acquires both (lowerings/AIRToAIE/SharedL1.h). Lint proved @fill's
// instances write rows apart; the second check proves the design's cores
// do (aie-data-race reads each core's elements: analyses/aie/CoreFootprint.h),
// and the third validates the turns. With both cores writing row 0, the
// design races.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint --show-proofs %t.mlir 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir
// RUN: sed -e 's/memref.store %2, %\(buf[0-9]*\)\[%c1, %arg0\]/memref.store %2, %\1[%c0, %arg0]/' %t.mlir > %t.overlap.mlir
// RUN: not %air_check_bin lint %t.overlap.mlir 2>&1 | FileCheck %s --check-prefix=OVERLAP

// DIAG-NOT: {{error|warning}}
// PROOF: proven: no core touches a buffer while a BD of it may move it or another core may use it, one of them writing: {{.*}}; 1 core/core pair(s) on a shared buffer touch elements apart
// OVERLAP: error: aie data race: the core of tile (0, 2) writes buffer @[[B:buf[0-9]+]] here while the core of tile (1, 2) may be writing it

// One lock per writer core, both full; the reader's, empty, taken by 2.
// CHECK:      %[[W0:.*]] = aie.lock(%{{.*}}) {init = 1 : i32, sym_name = "[[S:buf[0-9]+]]_turn0"}
// CHECK-NEXT: %[[W1:.*]] = aie.lock(%{{.*}}) {init = 1 : i32, sym_name = "[[S]]_turn1"}
// CHECK-NEXT: %[[R:.*]] = aie.lock(%{{.*}}) {init = 0 : i32, sym_name = "[[S]]_turn2"}
// CHECK:      aie.use_lock(%[[W0]], AcquireGreaterEqual, 1)
// CHECK:      memref.store %{{.*}}, %[[S]][%c0, %arg0]
// CHECK:      aie.use_lock(%[[R]], Release, 1)
// CHECK:      aie.use_lock(%[[R]], AcquireGreaterEqual, 2)
// CHECK:      aie.use_lock(%[[W0]], Release, 1)
// CHECK-NEXT: aie.use_lock(%[[W1]], Release, 1)
// CHECK:      aie.use_lock(%[[W1]], AcquireGreaterEqual, 1)
// CHECK:      memref.store %{{.*}}, %[[S]][%c1, %arg0]
// CHECK:      aie.use_lock(%[[R]], Release, 1)

module {
  air.channel @Out [1, 1]
  func.func @rows(%b: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%y=%b) : memref<128xi32> {
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %rows = memref.alloc() : memref<2x64xi32, 2 : i32>
        air.herd @fill tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) args(%r=%rows) : memref<2x64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %base = arith.index_cast %tx : index to i32
          scf.for %i = %c0 to %c64 step %c1_h {
            %iv = arith.index_cast %i : index to i32
            %v = arith.addi %base, %iv : i32
            memref.store %v, %r[%tx, %i] : memref<2x64xi32, 2 : i32>
          }
        }
        air.herd @drain tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%r=%rows) : memref<2x64xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c64 = arith.constant 64 : index
          %out = memref.alloc() : memref<128xi32, 2 : i32>
          scf.for %j = %c0 to %c2_h step %c1_h {
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %r[%j, %i] : memref<2x64xi32, 2 : i32>
              %k = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%j, %i)
              memref.store %v, %out[%k] : memref<128xi32, 2 : i32>
            }
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<128xi32, 2 : i32>)
          memref.dealloc %out : memref<128xi32, 2 : i32>
        }
        memref.dealloc %rows : memref<2x64xi32, 2 : i32>
      }
      air.channel.get @Out[] (%y[] [] []) : (memref<128xi32>)
    }
    return
  }
}
