// Three streams from L3 into one core (a compute tile has two S2MM
// channels): @a and @b share one shim channel and one core channel, their
// transfers issued on it in the run's order (MergeStreams.h).
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin lint %t.mlir

// DIAG-NOT: error

// CHECK:      aie.flow(%[[SHIM:tile_[0-9]+_0]], DMA : 0, %tile_0_2, DMA : 0)
// CHECK-NEXT: aie.flow(%{{.*}}, DMA : {{[0-9]}}, %tile_0_2, DMA : 1)
// CHECK:      aie.shim_dma_allocation @air_a_b(%[[SHIM]], MM2S, 0)
// CHECK:      aiex.npu.dma_memcpy_nd(%arg0 {{.*}} metadata = @air_a_b}
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg1 {{.*}} metadata = @air_a_b}
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg2 {{.*}} metadata = @air_c}

air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @three_inputs(%x: memref<16xi32>, %y: memref<16xi32>, %z: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%xa=%x, %ya=%y, %za=%z) : memref<16xi32>, memref<16xi32>, memref<16xi32> {
    air.channel.put @a[] (%xa[] [] []) : (memref<16xi32>)
    air.channel.put @b[] (%ya[] [] []) : (memref<16xi32>)
    air.channel.put @c[] (%za[] [] []) : (memref<16xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
        %b0 = memref.alloc() : memref<16xi32, 2 : i32>
        %b1 = memref.alloc() : memref<16xi32, 2 : i32>
        %b2 = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.get @a[%tx, %ty] (%b0[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.get @b[%tx, %ty] (%b1[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.get @c[%tx, %ty] (%b2[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

