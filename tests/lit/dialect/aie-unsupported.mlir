// An mlir-aie op air-check does not model is a clear parse error, never a
// crash; in generic form it is a verifier error.
// RUN: not air-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: air-opt %s --split-input-file --verify-diagnostics

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  // CHECK: error: custom op 'aie.plio' not supported by air-check
  // expected-error@+1 {{custom op 'aie.plio' not supported by air-check (it models the aie and aiex ops listed in docs/aie.md; lower this op first or remove it)}}
  %p = aie.plio(3)
}

// -----

aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<4xi32>) {
    // CHECK: error: custom op 'aiex.npu.writebd' not supported by air-check
    // expected-error@+1 {{custom op 'aiex.npu.writebd' not supported by air-check}}
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 4 : i32}
  }
}

// -----

// CHECK: error: unregistered operation 'aie.switchbox' found in dialect ('aie') that does not allow unknown operations
// expected-error@+1 {{unregistered operation 'aie.switchbox' found in dialect ('aie') that does not allow unknown operations}}
"aie.switchbox"() : () -> ()

// -----

// The tile operand must be a tile.
aie.device(npu1_1col) {
  %c = arith.constant 0 : index
  // CHECK: error: 'aie.buffer' op the tile operand must be the result of an 'aie.tile'
  // expected-error@+1 {{'aie.buffer' op the tile operand must be the result of an 'aie.tile'}}
  %b = aie.buffer(%c) : memref<4xi32>
}

// -----

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<64xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    // CHECK: error: 'aie.dma_bd' op has 2 sizes but 1 strides
    // expected-error@+1 {{'aie.dma_bd' op has 2 sizes but 1 strides}}
    aie.dma_bd(%b : memref<64xi32> offset = 0 len = 64 sizes = [8, 8] strides = [1])
    aie.next_bd ^bb2
  ^bb2:
    aie.end
  }
}

// -----

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<64xi32>
  %c = aie.core(%t) {
    // CHECK: error: 'aie.dma_start' op expects parent op to be one of 'aie.mem, aie.memtile_dma, aie.shim_dma'
    // expected-error@+1 {{'aie.dma_start' op expects parent op to be one of 'aie.mem, aie.memtile_dma, aie.shim_dma'}}
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb1)
  ^bb1:
    aie.end
  }
}
