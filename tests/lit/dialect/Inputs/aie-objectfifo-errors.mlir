// What the object FIFO verifiers reject (aie-objectfifo-syntax.mlir runs
// this with --verify-diagnostics).
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  aie.core(%t02) {
    // expected-error @+1 {{'aie.objectfifo.acquire' op '@nope' is not an aie.objectfifo of the device}}
    %s = aie.objectfifo.acquire @nope(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
    aie.end
  }
}

// -----

aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.core(%t03) {
    // expected-error @+1 {{'aie.objectfifo.acquire' op the acquired objects must be the FIFO's, 'memref<8xi32>'}}
    %s = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}

// -----

aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  // expected-error @+1 {{'aie.objectfifo' op a depth list needs one depth per end (the producer, then each consumer): expected 2, got 3}}
  aie.objectfifo @of(%t02, {%t03}, [2, 2, 2]) : !aie.objectfifo<memref<8xi32>>
}

// -----

aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  // expected-error @+1 {{'aie.objectfifo.link' op '@b' is not an aie.objectfifo of the device}}
  aie.objectfifo.link [@a] -> [@b] ([] [])
}

// -----

aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.core(%t03) {
    // expected-error @+1 {{'aie.objectfifo.acquire' op an acquire of several objects yields a subview}}
    %s = aie.objectfifo.acquire @a(Consume, 2) : memref<8xi32>
    aie.end
  }
}
