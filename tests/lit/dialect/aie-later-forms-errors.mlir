// The later forms of mlir-aie (aie-later-forms.mlir) written wrong: a
// parse error or a verifier error that says what is wrong, never a crash.
// RUN: not air-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: air-opt %s --split-input-file --verify-diagnostics

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<8xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    // CHECK: error: custom op 'aie.dma_bd' 'len' is given both inside the parentheses and as an attribute
    // expected-error@+1 {{'len' is given both inside the parentheses and as an attribute}}
    aie.dma_bd(%b : memref<8xi32>, 0, 8) {len = 8 : i32}
    aie.next_bd ^bb2
  ^bb2:
    aie.end
  }
}

// -----

aie.device(npu1_1col) {
  // CHECK: error: custom op 'aie.logical_tile' expected a tile kind (CoreTile, MemTile, ShimNOCTile or ShimPLTile), got 'Compute'
  // expected-error@+1 {{expected a tile kind (CoreTile, MemTile, ShimNOCTile or ShimPLTile), got 'Compute'}}
  %l = aie.logical_tile<Compute>(?, ?)
}

// -----

aie.device(npu1_1col) {
  // CHECK: error: expected ','
  // expected-error@+1 {{expected ','}}
  %t = aie.tile(0, 0) {controller_id = #aie.packet_info<pkt_type = 0>}
}

// -----

aie.device(npu1_1col) {
  %t = aie.tile(0, 1)
  %m = aie.memtile_dma(%t) {
    // CHECK: error: custom op 'aie.dma' expected MM2S or S2MM, got 'M2S'
    // expected-error@+1 {{expected MM2S or S2MM, got 'M2S'}}
    %0 = aie.dma(M2S, 0) [{
    }]
    aie.end
  }
}

// -----

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  // CHECK: error: 'aie.dma' op expects parent op to be one of 'aie.mem, aie.memtile_dma, aie.shim_dma'
  // expected-error@+1 {{'aie.dma' op expects parent op to be one of 'aie.mem, aie.memtile_dma, aie.shim_dma'}}
  %0 = aie.dma(MM2S, 0) [{
  }]
}

// -----

aie.device(npu1_1col) {
  // CHECK: error: 'aie.logical_tile' op coordinates must be non-negative, got -1
  // expected-error@+1 {{'aie.logical_tile' op coordinates must be non-negative, got -1}}
  %l = aie.logical_tile<CoreTile>(-1, ?)
}

// -----

aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<8xi32>) {
    // A region that fails to parse inside the configure: a clear error.
    // CHECK: error: use of undeclared SSA value name
    aiex.configure @other {
      // expected-error@+1 {{use of undeclared SSA value name}}
      aiex.run @seq (%undefined) : (memref<8xi32>)
    }
  }
}
