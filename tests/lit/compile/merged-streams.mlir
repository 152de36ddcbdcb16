// A core that receives three operands needs three S2MM channels; a compute
// tile has two. Two of the streams (@ChanA and @ChanB) each go from one L2
// buffer to this core and interleave alike at both ends, so they are merged
// into one circuit stream (MergeStreams.h): the memory tile's MM2S channel
// reads A's and B's buffers in turn, the core's S2MM channel fills its two
// buffers in turn, each buffer with its own locks. Upstream merges such
// streams into packet flows instead. The design is checked again (aie
// checks, deadlock freedom) and validated against the program.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir

// DIAG-NOT: error

// The memory tile: one MM2S channel reading A's and B's L2 buffers in turn,
// a quarter at a time.
// CHECK:      aie.memtile_dma(%tile_0_1)
// CHECK:        aie.dma_bd(%[[LA:buf[0-9]+]] : memref<64xi32, 1> offset = 0 len = 16)
// CHECK-NEXT:   aie.next_bd
// CHECK-NEXT: ^bb{{[0-9]+}}:
// CHECK-NEXT:   aie.use_lock
// CHECK-NEXT:   aie.dma_bd(%[[LB:buf[0-9]+]] : memref<64xi32, 1> offset = 0 len = 16)
// CHECK-NEXT:   aie.next_bd
// CHECK-NEXT: ^bb{{[0-9]+}}:
// CHECK-NEXT:   aie.dma_bd(%[[LA]] : memref<64xi32, 1> offset = 16 len = 16)
// CHECK-NEXT:   aie.next_bd
// CHECK-NEXT: ^bb{{[0-9]+}}:
// CHECK-NEXT:   aie.dma_bd(%[[LB]] : memref<64xi32, 1> offset = 16 len = 16)

// The core: two S2MM channels, the first taking A and B in turn.
// CHECK:      aie.mem(%tile_0_2) {
// CHECK-NEXT:   aie.dma_start(S2MM, 0, ^bb[[A:[0-9]+]], ^bb1)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:   aie.dma_start(S2MM, 1, ^bb[[C:[0-9]+]], ^bb2)
// CHECK:      ^bb[[A]]:
// CHECK-NEXT:   aie.use_lock(%[[BA:buf[0-9]+]]_prod_lock, AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BA]] : memref<16xi32, 2> offset = 0 len = 16)
// CHECK-NEXT:   aie.use_lock(%[[BA]]_cons_lock, Release, 1)
// CHECK-NEXT:   aie.next_bd ^bb[[B:[0-9]+]]
// CHECK-NEXT: ^bb[[B]]:
// CHECK-NEXT:   aie.use_lock(%[[BB:buf[0-9]+]]_prod_lock, AcquireGreaterEqual, 1)
// CHECK-NEXT:   aie.dma_bd(%[[BB]] : memref<16xi32, 2> offset = 0 len = 16)
// CHECK-NEXT:   aie.use_lock(%[[BB]]_cons_lock, Release, 1)
// CHECK-NEXT:   aie.next_bd ^bb[[A]]

// Two flows into the core, one out.
// CHECK:     aie.flow(%tile_0_1, DMA : 0, %tile_0_2, DMA : 0)
// CHECK-NEXT: aie.flow(%tile_0_1, DMA : 1, %tile_0_2, DMA : 1)
// CHECK-NEXT: aie.flow(%tile_0_2, DMA : 0, %tile_0_1, DMA : 3)

module {
  air.channel @ChanA [1, 1]
  air.channel @ChanB [1, 1]
  air.channel @ChanC [1, 1]
  air.channel @ChanOut [1, 1]
  func.func @three_operands(%a: memref<64xi32>, %b: memref<64xi32>, %c: memref<64xi32>, %out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%la=%a, %lb=%b, %lc=%c, %lo=%out) : memref<64xi32>, memref<64xi32>, memref<64xi32>, memref<64xi32> {
      air.segment @seg args(%sa=%la, %sb=%lb, %sc=%lc, %so=%lo) : memref<64xi32>, memref<64xi32>, memref<64xi32>, memref<64xi32> {
        %c0 = arith.constant 0 : index
        %c1_0 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c16 = arith.constant 16 : index
        %l2a = memref.alloc() : memref<64xi32, 1>
        %l2b = memref.alloc() : memref<64xi32, 1>
        %l2c = memref.alloc() : memref<64xi32, 1>
        %l2o = memref.alloc() : memref<64xi32, 1>
        air.dma_memcpy_nd (%l2a[] [] [], %sa[] [] []) : (memref<64xi32, 1>, memref<64xi32>)
        air.dma_memcpy_nd (%l2b[] [] [], %sb[] [] []) : (memref<64xi32, 1>, memref<64xi32>)
        air.dma_memcpy_nd (%l2c[] [] [], %sc[] [] []) : (memref<64xi32, 1>, memref<64xi32>)
        scf.for %i = %c0 to %c4 step %c1_0 {
          %off = arith.muli %i, %c16 : index
          air.channel.put @ChanA[] (%l2a[%off] [%c16] [%c1_0]) : (memref<64xi32, 1>)
          air.channel.put @ChanB[] (%l2b[%off] [%c16] [%c1_0]) : (memref<64xi32, 1>)
          air.channel.put @ChanC[] (%l2c[%off] [%c16] [%c1_0]) : (memref<64xi32, 1>)
        }
        air.herd @sum3 tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %four = arith.constant 4 : index
          %n = arith.constant 16 : index
          scf.for %j = %z to %four step %one {
            %ba = memref.alloc() : memref<16xi32, 2>
            %bb = memref.alloc() : memref<16xi32, 2>
            %bc = memref.alloc() : memref<16xi32, 2>
            %bo = memref.alloc() : memref<16xi32, 2>
            air.channel.get @ChanA[%tx, %ty] (%ba[] [] []) : (memref<16xi32, 2>)
            air.channel.get @ChanB[%tx, %ty] (%bb[] [] []) : (memref<16xi32, 2>)
            air.channel.get @ChanC[%tx, %ty] (%bc[] [] []) : (memref<16xi32, 2>)
            scf.for %k = %z to %n step %one {
              %x = memref.load %ba[%k] : memref<16xi32, 2>
              %y = memref.load %bb[%k] : memref<16xi32, 2>
              %w = memref.load %bc[%k] : memref<16xi32, 2>
              %s = arith.addi %x, %y : i32
              %t = arith.addi %s, %w : i32
              memref.store %t, %bo[%k] : memref<16xi32, 2>
            }
            air.channel.put @ChanOut[%tx, %ty] (%bo[] [] []) : (memref<16xi32, 2>)
            memref.dealloc %ba : memref<16xi32, 2>
            memref.dealloc %bb : memref<16xi32, 2>
            memref.dealloc %bc : memref<16xi32, 2>
            memref.dealloc %bo : memref<16xi32, 2>
          }
        }
        scf.for %i = %c0 to %c4 step %c1_0 {
          %off = arith.muli %i, %c16 : index
          air.channel.get @ChanOut[] (%l2o[%off] [%c16] [%c1_0]) : (memref<64xi32, 1>)
        }
        air.dma_memcpy_nd (%so[] [] [], %l2o[] [] []) : (memref<64xi32>, memref<64xi32, 1>)
        memref.dealloc %l2a : memref<64xi32, 1>
        memref.dealloc %l2b : memref<64xi32, 1>
        memref.dealloc %l2c : memref<64xi32, 1>
        memref.dealloc %l2o : memref<64xi32, 1>
      }
    }
    return
  }
}
