// A core that receives into one buffer from two channels, in turn: a core
// buffer has one lock protocol, so the two streams become one (one S2MM
// channel, fed by one shim channel that sends both in the run's order;
// MergeStreams.h), though the tile has a channel for each. Compile's third
// check validates the design.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK:      %[[T:.*]] = aie.tile(0, 2)
// CHECK:      aie.core(%[[T]]) {
// CHECK:        aie.use_lock(%[[BUF:buf[0-9]+]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        arith.addi
// CHECK:        aie.use_lock(%[[BUF]]_prod_lock, Release, 1)
// CHECK:        aie.use_lock(%[[BUF]]_cons_lock, AcquireGreaterEqual, 1)
// CHECK:        arith.muli
// CHECK:        aie.use_lock(%[[BUF]]_prod_lock, Release, 1)
// CHECK:      aie.mem(%[[T]]) {
// CHECK-NOT:    aie.dma_start(S2MM, 1
// CHECK:        aie.dma_bd(%[[BUF]] : memref<16xi32, 2 : i32> offset = 0 len = 16)
// CHECK-NOT:    aie.dma_start(S2MM, 1
// CHECK:        aie.end
// One shim stream into the tile, named after both channels.
// CHECK:      aie.shim_dma_allocation @air_a_b(%{{.*}}, MM2S, 0)
// CHECK:      aie.runtime_sequence
// CHECK:        aiex.npu.dma_memcpy_nd(%arg0 {{.*}}metadata = @air_a_b}
// CHECK:        aiex.npu.dma_memcpy_nd(%arg1 {{.*}}metadata = @air_a_b}

module {
  air.channel @a [1, 1]
  air.channel @b [1, 1]
  air.channel @Out [1, 1]
  func.func @two_streams(%x: memref<16xi32>, %y: memref<16xi32>, %z: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%xa=%x, %ya=%y, %za=%z) : memref<16xi32>, memref<16xi32>, memref<32xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c16_l = arith.constant 16 : index
      air.channel.put @a[] (%xa[] [] []) : (memref<16xi32>)
      air.channel.put @b[] (%ya[] [] []) : (memref<16xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %buf = memref.alloc() : memref<16xi32, 2 : i32>
          %out = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @a[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
          scf.for %i = %c0 to %c16 step %c1_h {
            %v = memref.load %buf[%i] : memref<16xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %out[%i] : memref<16xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<16xi32, 2 : i32>)
          air.channel.get @b[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
          scf.for %i = %c0 to %c16 step %c1_h {
            %v = memref.load %buf[%i] : memref<16xi32, 2 : i32>
            %w = arith.muli %v, %v : i32
            memref.store %w, %out[%i] : memref<16xi32, 2 : i32>
          }
          air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
      air.channel.get @Out[] (%za[%c0_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
      air.channel.get @Out[] (%za[%c16_l] [%c16_l] [%c1_l]) : (memref<32xi32>)
    }
    return
  }
}
