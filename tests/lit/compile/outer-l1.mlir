// An L1 buffer allocated in the segment and passed to its herds is one copy
// per tile (docs/semantics.md 1.2). Two herds of one name share their tiles
// (upstream's placement gives herds of one name the same tiles, one after
// the other: docs/semantics.md 1.5), and with them the tile's copy: @scale's
// first body writes each tile's scratch, its second reads it back. Every
// tile uses the scratch alike (no branch on the ids), so a copy per tile is
// what upstream's air-to-aie gives too. Compile's third check validates it.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// One scratch buffer per tile, named by both bodies of the tile's one core:
// the first body stores into it, the second loads from it.
// CHECK-DAG:  %[[T0:.*]] = aie.tile(0, 2)
// CHECK-DAG:  %[[T1:.*]] = aie.tile(1, 2)
// CHECK:      aie.core(%[[T0]]) {
// CHECK:        arith.muli
// CHECK-NEXT:   memref.store %{{.*}}, %[[S0:buf[0-9]+]][
// CHECK:        memref.load %[[S0]][
// CHECK-NEXT:   arith.addi
// CHECK:        aie.end
// CHECK:      aie.core(%[[T1]]) {
// CHECK:        arith.muli
// CHECK-NEXT:   memref.store %{{.*}}, %[[S1:buf[0-9]+]][
// CHECK:        memref.load %[[S1]][
// CHECK-NEXT:   arith.addi
// CHECK:        aie.end
// CHECK-NOT:  aie.core

module {
  air.channel @In [2, 1]
  air.channel @Out [2, 1]
  func.func @twice(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c32_l = arith.constant 32 : index
      air.channel.put @In[%c0_l, %c0_l] (%x[%c0_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
      air.channel.put @In[%c1_l, %c0_l] (%x[%c32_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
      air.segment @seg {
        %c2 = arith.constant 2 : index
        %c1_s = arith.constant 1 : index
        %scratch = memref.alloc() : memref<32xi32, 2 : i32>
        %t = air.herd @scale async tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) args(%s=%scratch) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %three = arith.constant 3 : i32
          %in = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<32xi32, 2 : i32>)
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %in[%i] : memref<32xi32, 2 : i32>
            %w = arith.muli %v, %three : i32
            memref.store %w, %s[%i] : memref<32xi32, 2 : i32>
          }
          memref.dealloc %in : memref<32xi32, 2 : i32>
        }
        air.herd @scale [%t] tile (%tx, %ty) in (%sx=%c2, %sy=%c1_s) args(%s=%scratch) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %one = arith.constant 1 : i32
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %s[%i] : memref<32xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        memref.dealloc %scratch : memref<32xi32, 2 : i32>
      }
      air.channel.get @Out[%c0_l, %c0_l] (%y[%c0_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
      air.channel.get @Out[%c1_l, %c0_l] (%y[%c32_l] [%c32_l] [%c1_l]) : (memref<64xi32>)
    }
    return
  }
}
