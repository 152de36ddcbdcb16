// Seed 004_d7e8c398b2d9e4eb.txt, the aie.flow example (lines 546-551) and
// the aie.shim_dma_allocation example (lines 1341-1348), in the pinned
// syntax (docs/aie.md). What changed:
// * the flow example names no device: it is put in `aie.device(xcvc1902)`,
//   the device of the seed's aie.device example; `"DMA"` and `"Core"` stay
//   quoted (printed bare);
// * `aie.shim_dma_allocation @of_in_0 (MM2S, 1, 0)` (channel, index,
//   column) is the older form, a parse error; the pinned form names the
//   shim tile: `aie.shim_dma_allocation @of_in_0(%tile00, MM2S, 1)`, in an
//   `aie.device(npu1_1col)`. The `aie.objectfifo` that produced it in the
//   seed is left out: object FIFOs are not supported (docs/aie.md);
// * the aie.shim_dma example (lines 1297-1310) is not covered: its
//   `aie.external_buffer` is not supported.
// Lint: on xcvc1902, column 0 is a PL shim, without a shim DMA: the flow's
// source does not exist there (aie-flows). The allocation is valid.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-check lint --verify-diagnostics %s

// CHECK: aie.device(xcvc1902) {
// CHECK: aie.flow(%{{.*}}, DMA : 0, %{{.*}}, Core : 1)
// CHECK: aie.device(npu1_1col) {
// CHECK: aie.shim_dma_allocation @of_in_0(%{{.*}}, MM2S, 1)

module {
  aie.device(xcvc1902) {
    %00 = aie.tile(0, 0)
    %11 = aie.tile(1, 1)
    %01 = aie.tile(0, 1)
    // expected-error@+1 {{the flow's source DMA : 0 does not exist on shim tile (0, 0), which has no MM2S DMA channels}}
    aie.flow(%00, "DMA" : 0, %11, "Core" : 1)
  }
  aie.device(npu1_1col) {
    %tile00 = aie.tile(0, 0)
    %tile02 = aie.tile(0, 2)
    aie.shim_dma_allocation @of_in_0(%tile00, MM2S, 1)
  }
}
