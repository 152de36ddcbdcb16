// aie-objectfifo-resources: what object FIFOs take once lowered (as
// mlir-aie's stateful transform allocates it: per side `depth` buffers and
// a lock pair, per DMA end its BDs and the first free channel), added to
// the tile's own, fits the tile. Written for this test.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// CHECK: error: tile (0, 2) has 65536 bytes of data memory, but needs 99328: 1024 for what the design declares and 98304 for its object FIFOs (as mlir-aie lowers them)
// CHECK: error: '@c' needs an MM2S channel of shim tile (0, 0), which has 2 (all taken by the design's DMA programs and earlier object FIFOs)
// CHECK: error: '@c' needs an S2MM channel of tile (0, 2), which has 2 (all taken by the design's DMA programs and earlier object FIFOs)
// CHECK: air-check: 1 file, 3 errors, 0 warnings
module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.objectfifo @a(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<4096xi32>>
// expected-error @-1 {{tile (0, 2) has 65536 bytes of data memory, but needs 99328: 1024 for what the design declares and 98304 for its object FIFOs (as mlir-aie lowers them)}}
// expected-note @-2 {{@a_cons at tile (0, 2): 2 buffer(s) of 16384 bytes}}
// expected-note @-3 {{the MM2S 0 end of @a at shim tile (0, 0)}}
// expected-note @-4 {{the S2MM 0 end of @a at tile (0, 2)}}
    aie.objectfifo @b(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<4096xi32>>
// expected-note @-1 {{@b_cons at tile (0, 2): 2 buffer(s) of 16384 bytes}}
// expected-note @-2 {{the MM2S 1 end of @b at shim tile (0, 0)}}
// expected-note @-3 {{the S2MM 1 end of @b at tile (0, 2)}}
    aie.objectfifo @c(%shim, {%core}, 2 : i32) : !aie.objectfifo<memref<4096xi32>>
// expected-error @-1 {{'@c' needs an MM2S channel of shim tile (0, 0), which has 2 (all taken by the design's DMA programs and earlier object FIFOs)}}
// expected-error @-2 {{'@c' needs an S2MM channel of tile (0, 2), which has 2 (all taken by the design's DMA programs and earlier object FIFOs)}}
// expected-note @-3 {{hint: place this MM2S end on another tile, or route the FIFO through a memory tile}}
// expected-note @-4 {{hint: place this S2MM end on another tile, or route the FIFO through a memory tile}}
// expected-note @-5 {{@c_cons at tile (0, 2): 2 buffer(s) of 16384 bytes}}
    aie.core(%core) {
      aie.end
    }
  }
}
