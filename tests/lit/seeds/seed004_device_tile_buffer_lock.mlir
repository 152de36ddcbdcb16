// Seed 004_d7e8c398b2d9e4eb.txt, the examples of aie.device (lines
// 259-265), aie.buffer (lines 73-76), aie.lock (lines 618-621) and aie.tile
// (lines 1449-1460), in the pinned syntax (docs/aie.md). What changed:
// * the device example's core body `{ ... }` is completed as `{ aie.end }`;
// * the buffer and lock examples (both on tile (3, 3)) are put in the same
//   device, sharing one `%tile33`;
// * nothing else: these forms are those of the pinned mlir-aie.
// Lint: clean; the core has no lock operation, so aie-deadlock proves it.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK: aie.device(xcvc1902) {
// CHECK: %[[T:.*]] = aie.tile(1, 1)
// CHECK: aie.core(%[[T]]) {
// CHECK: %[[T33:.*]] = aie.tile(3, 3)
// CHECK: aie.buffer(%[[T33]]) : memref<256xi64>
// CHECK: aie.lock(%[[T33]], 7)
// LINT: proven: deadlock freedom of the array: in every interleaving of 1 core(s) and 0 BD chain(s)
// LINT: air-check: 1 file, 0 errors, 0 warnings

module {
  aie.device(xcvc1902) {
    %tile = aie.tile(1, 1)
    %CORE = aie.core(%tile) {
      aie.end
    }
    %tile33 = aie.tile(3, 3)
    %buf = aie.buffer(%tile33) : memref<256xi64>
    %lck = aie.lock(%tile33, 7)
  }
}
