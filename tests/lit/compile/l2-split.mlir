// An L2 buffer whose streams need more DMA channels than one memory tile has
// is split over memory tiles (docs/compile.md, "L2 split"): a 4x2 herd
// gathers its 16x16 results into one 64x32 L2 buffer (8 streams in; a
// memory tile of npu1_4col has 6 S2MM channels), which goes back to L3 whole.
// The buffer is split along its rows into two 32x32 parts on two memory
// tiles; the stream to L3 is cut into one per part, each with its own shim
// channel, and the runtime sequence moves each part to its rows of C.
// RUN: air-opt --air-wrap-hierarchy --air-to-aie-verified=device=npu1_4col %s -split-input-file -verify-diagnostics > %t.mlir
// RUN: FileCheck %s < %t.mlir
// The design passes every aie check (the second check of compile).
// RUN: air-check lint %t.mlir --device=npu1_4col

// CHECK-LABEL: aie.device(npu1) @gather
// CHECK-DAG: %[[M0:.*]] = aie.tile(0, 1)
// CHECK-DAG: %[[M1:.*]] = aie.tile(1, 1)
// CHECK-DAG: aie.buffer(%[[M0]]) {sym_name = "[[P0:buf[0-9]+]]"} : memref<32x32xi32, 1 : i32>
// CHECK-DAG: aie.buffer(%[[M1]]) {sym_name = "[[P1:buf[0-9]+]]"} : memref<32x32xi32, 1 : i32>
// CHECK-NOT: memref<64x32xi32, 1 : i32>
// CHECK-DAG: aie.shim_dma_allocation @air_C_l3_part0(%{{.*}}, S2MM, 0)
// CHECK-DAG: aie.shim_dma_allocation @air_C_l3_part1(%{{.*}}, S2MM, 1)
// CHECK: aie.runtime_sequence
// CHECK-DAG: aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 0, 0] [1, 1, 32, 32] [0, 0, 32, 1]) {{.*}}metadata = @air_C_l3_part0
// CHECK-DAG: aiex.npu.dma_memcpy_nd(%arg0 [0, 0, 32, 0] [1, 1, 32, 32] [0, 0, 32, 1]) {{.*}}metadata = @air_C_l3_part1
air.channel @C_l1 [4, 2]
air.channel @C_l3 [1, 1]
func.func @gather(%c: memref<64x32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%C=%c) : memref<64x32xi32> {
    air.segment @gather {
      %s0 = arith.constant 0 : index
      %s1 = arith.constant 1 : index
      %s2 = arith.constant 2 : index
      %s4 = arith.constant 4 : index
      %s16 = arith.constant 16 : index
      %s32 = arith.constant 32 : index
      %l2 = memref.alloc() : memref<64x32xi32, 1 : i32>
      scf.parallel (%i, %j) = (%s0, %s0) to (%s4, %s2) step (%s1, %s1) {
        %r = arith.muli %i, %s16 : index
        %q = arith.muli %j, %s16 : index
        air.channel.get @C_l1[%i, %j] (%l2[%r, %q] [%s16, %s16] [%s32, %s1]) : (memref<64x32xi32, 1 : i32>)
      }
      air.herd @h tile (%tx, %ty) in (%sx=%s4, %sy=%s2) {
        %b = memref.alloc() : memref<16x16xi32, 2 : i32>
        %k = arith.constant 7 : i32
        linalg.fill ins(%k : i32) outs(%b : memref<16x16xi32, 2 : i32>)
        air.channel.put @C_l1[%tx, %ty] (%b[] [] []) : (memref<16x16xi32, 2 : i32>)
      }
      air.channel.put @C_l3[] (%l2[] [] []) : (memref<64x32xi32, 1 : i32>)
    }
    air.channel.get @C_l3[] (%C[] [] []) : (memref<64x32xi32>)
  }
  return
}

// -----

// Eight streams that each write every row of the buffer (row i of every
// eight): no dimension splits them into parts of at most 6.
air.channel @R_l1 [4, 2]
air.channel @R_l3 [1, 1]
func.func @interleaved(%c: memref<64x32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%C=%c) : memref<64x32xi32> {
    air.segment @interleaved {
      %s0 = arith.constant 0 : index
      %s1 = arith.constant 1 : index
      %s2 = arith.constant 2 : index
      %s4 = arith.constant 4 : index
      %s8 = arith.constant 8 : index
      %s32 = arith.constant 32 : index
      %s256 = arith.constant 256 : index
      // expected-error @+1 {{[compile-unsupported] does not fit: this L2 buffer (with the buffers its streams share) needs 8192 bytes, 1 MM2S and 8 S2MM channels of one memory tile, and none in the segment's columns 0-3 has that much left (524288 bytes, 6 + 6 channels each); it cannot be split over memory tiles: no dimension of the buffer divides among at most 4 memory tiles so that each part's streams fit one tile}}
      %l2 = memref.alloc() : memref<64x32xi32, 1 : i32>
      scf.parallel (%i, %j) = (%s0, %s0) to (%s4, %s2) step (%s1, %s1) {
        %r = arith.muli %j, %s4 : index
        %row = arith.addi %r, %i : index
        air.channel.get @R_l1[%i, %j] (%l2[%row, %s0] [%s8, %s32] [%s256, %s1]) : (memref<64x32xi32, 1 : i32>)
      }
      air.herd @h tile (%tx, %ty) in (%sx=%s4, %sy=%s2) {
        %b = memref.alloc() : memref<8x32xi32, 2 : i32>
        %k = arith.constant 7 : i32
        linalg.fill ins(%k : i32) outs(%b : memref<8x32xi32, 2 : i32>)
        air.channel.put @R_l1[%tx, %ty] (%b[] [] []) : (memref<8x32xi32, 2 : i32>)
      }
      air.channel.put @R_l3[] (%l2[] [] []) : (memref<64x32xi32, 1 : i32>)
    }
    air.channel.get @R_l3[] (%C[] [] []) : (memref<64x32xi32>)
  }
  return
}
