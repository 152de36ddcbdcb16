// A memory tile's channels reach one bank of BDs each (npu1: even channels
// BDs 0-23, odd ones 24-47; aie-bds checks it). The L2 buffer here is filled
// in 20 pieces and drained in 20 others, each a BD of its own: numbered in
// order, both streams would take channel 0 of their direction and 40 BDs of
// the even bank. The lowering numbers them again so that each bank holds 20.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK:      aie.memtile_dma(%{{.*}}) {
// CHECK-DAG:    aie.dma_start(S2MM, 0,
// CHECK-DAG:    aie.dma_start(MM2S, 1,

module {
  air.channel @ToL2 [1, 1]
  air.channel @ToCore [1, 1]
  air.channel @Back [1, 1]
  func.func @banks(%a: memref<320xi32>, %b: memref<320xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%x=%a, %y=%b) : memref<320xi32>, memref<320xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c16_l = arith.constant 16 : index
      %c20_l = arith.constant 20 : index
      scf.for %i = %c0_l to %c20_l step %c1_l {
        %o = arith.muli %i, %c16_l : index
        air.channel.put @ToL2[] (%x[%o] [%c16_l] [%c1_l]) : (memref<320xi32>)
      }
      air.segment @seg {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c16 = arith.constant 16 : index
        %c20 = arith.constant 20 : index
        %l2 = memref.alloc() : memref<20x16xi32, 1 : i32>
        scf.for %i = %c0 to %c20 step %c1_s {
          air.channel.get @ToL2[] (%l2[%i, %c0] [%c1_s, %c16] [%c16, %c1_s]) : (memref<20x16xi32, 1 : i32>)
        }
        scf.for %i = %c0 to %c20 step %c1_s {
          %r = arith.subi %c20, %i : index
          %row = arith.subi %r, %c1_s : index
          air.channel.put @ToCore[] (%l2[%row, %c0] [%c1_s, %c16] [%c16, %c1_s]) : (memref<20x16xi32, 1 : i32>)
        }
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c20_h = arith.constant 20 : index
          scf.for %i = %c0_h to %c20_h step %c1_h {
            %buf = memref.alloc() : memref<16xi32, 2 : i32>
            air.channel.get @ToCore[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
            air.channel.put @Back[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
            memref.dealloc %buf : memref<16xi32, 2 : i32>
          }
        }
        memref.dealloc %l2 : memref<20x16xi32, 1 : i32>
      }
      scf.for %i = %c0_l to %c20_l step %c1_l {
        %o = arith.muli %i, %c16_l : index
        air.channel.get @Back[] (%y[%o] [%c16_l] [%c1_l]) : (memref<320xi32>)
      }
    }
    return
  }
}
