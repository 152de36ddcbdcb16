// Seed 004_d7e8c398b2d9e4eb.txt, the aie.memtile_dma example (lines
// 751-761) and the data layout example of aie.dma_bd (line 368), in the
// pinned syntax (docs/aie.md). What changed:
// * `m73 = aie.memtile_dma(%t71)`: `%m71`, on memory tile (7, 1) of an
//   `aie.device(xcve2802)` (the seed: memory tiles in rows 1 and 2 of
//   xcve2802); `%lock` and `%buf` are declared;
// * `aie.dma_bd(%buf : memref<64xi16>, 0, 64>, 0)`: a stray `>, 0`;
//   `aie.dma_bd(%buf : memref<64xi16>, 0, 64)`;
// * the layout example `[<8, 16>, <2, 1>, <8, 2>]` (seed 004's pair form,
//   parsed; printed `<size = s, stride = t>`) is a BD of the memory tile's
//   MM2S 0 channel on a 128xi32 buffer;
// * `"S2MM"`, `"Acquire"`, `"Release"` stay quoted (printed bare).
// Lint: on AIE2, `"Acquire", 0` waits for a value >= 0, always there; the
// layout's innermost stride is 2 elements (8 bytes): the seed's own "gotcha"
// says it must be 1, but the pinned aie-bds only asks for whole 4-byte words,
// which 2 x i32 are. No core: nothing for aie-deadlock to prove.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-check lint %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK: aie.memtile_dma(%{{.*}}) {
// CHECK: aie.dma_start(S2MM, 0,
// CHECK: aie.dma_bd(%{{.*}} : memref<64xi16> offset = 0 len = 64)
// CHECK: aie.dma_start(MM2S, 0,
// CHECK: aie.dma_bd(%{{.*}} : memref<128xi32> offset = 0 len = 128 sizes = [8, 2, 8] strides = [16, 1, 2])
// LINT: air-check: 1 file, 0 errors, 0 warnings

module {
  aie.device(xcve2802) {
    %t71 = aie.tile(7, 1)
    %lock = aie.lock(%t71, 0)
    %buf = aie.buffer(%t71) : memref<64xi16>
    %buf2 = aie.buffer(%t71) : memref<128xi32>
    %m71 = aie.memtile_dma(%t71) {
        %srcDma = aie.dma_start("S2MM", 0, ^bd0, ^dma1)
      ^bd0:
        aie.use_lock(%lock, "Acquire", 0)
        aie.dma_bd(%buf : memref<64xi16>, 0, 64)
        aie.use_lock(%lock, "Release", 1)
        aie.next_bd ^bd0
      ^dma1:
        %d1 = aie.dma_start("MM2S", 0, ^bd1, ^end)
      ^bd1:
        aie.dma_bd(%buf2 : memref<128xi32>, 0, 128, [<8, 16>, <2, 1>, <8, 2>])
        aie.next_bd ^bd1
      ^end:
        aie.end
    }
  }
}
