// Seed 004_d7e8c398b2d9e4eb.txt, the BD examples of aie.dma_bd (lines
// 323-343), aie.dma_start (lines 443-452), aie.mem (lines 710-720) and
// aie.next_bd (lines 790-800), in the pinned syntax (docs/aie.md). What
// changed:
// * the fragments are completed into DMA programs of tile (7, 3) (the
//   seed's `%t73`) in an `aie.device(xcvc1902)` (AIE1, binary locks), one
//   program per tile: the dma_start example's chain is a second channel
//   (MM2S 0) of the same aie.mem, the aie.mem / aie.next_bd example
//   (identical) the S2MM 0 channel, the dma_bd example's `^bd5`/`^bd6`
//   chain S2MM 1 and its lock-free `^bd8` MM2S 1;
// * `m73 = aie.mem` lacks its `%`: `%m73`;
// * `aie.dma_bd(<$buf0 : ...)`: a typo for `aie.dma_bd(%buf0 : ...)`; the
//   seed's one `%lck` guards `%buf0` and `%buf1`, which it never declares
//   (declared here); `^bd6`'s `aie.next_bd ^end` becomes a loop to `^bd5`,
//   since `^end` starts no BD; `...` is dropped;
// * `br ^bd0` (the dma_start example, an older form) is `aie.next_bd ^bd0`;
//   `memref<16 x f32>` is printed `memref<16xf32>`;
// * `"S2MM"`, `"MM2S"`, `"Acquire"`, `"Release"` stay quoted (parsed;
//   printed bare); lock ids are added, since lint needs them distinct.
// Lint: the channels have no flow (the fragments show none): no flow-level
// finding, since aie-flows warns only in a device with flows. On AIE1
// `"Acquire", 0` waits for 0, the init: every acquire is satisfiable, and
// the device has no core, so there is nothing for aie-deadlock to prove.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK: aie.mem(%{{.*}}) {
// CHECK: aie.dma_start(S2MM, 0, ^[[B0:.*]], ^{{.*}})
// CHECK: ^[[B0]]:
// CHECK-NEXT: aie.use_lock(%{{.*}}, Acquire, 0)
// CHECK-NEXT: aie.dma_bd(%{{.*}} : memref<64xi16> offset = 0 len = 64)
// CHECK-NEXT: aie.use_lock(%{{.*}}, Release, 1)
// CHECK-NEXT: aie.next_bd ^[[B0]]
// CHECK: aie.dma_start(MM2S, 0,
// CHECK: aie.dma_bd(%{{.*}} : memref<16xf32> offset = 0 len = 16)
// CHECK: aie.dma_start(S2MM, 1,
// CHECK: aie.dma_bd(%{{.*}} : memref<128xi32> offset = 0 len = 32)
// CHECK: aie.dma_bd(%{{.*}} : memref<128xi32> offset = 96 len = 32)
// CHECK: aie.dma_start(MM2S, 1,
// CHECK: aie.dma_bd(%{{.*}} : memref<64xi32> offset = 0 len = 64)
// LINT: proven: every lock acquire can be satisfied
// LINT-NOT: aie-deadlock
// LINT: air-check: 1 file, 0 errors, 0 warnings

module {
  aie.device(xcvc1902) {
    %t73 = aie.tile(7, 3)
    %lock = aie.lock(%t73, 0)
    %lock0 = aie.lock(%t73, 1)
    %lck = aie.lock(%t73, 2)
    %buf = aie.buffer(%t73) : memref<64xi16>
    %buffer = aie.buffer(%t73) : memref<16 x f32>
    %buf0 = aie.buffer(%t73) : memref<128xi32>
    %buf1 = aie.buffer(%t73) : memref<128xi32>
    %buf2 = aie.buffer(%t73) : memref<64xi32>
    %m73 = aie.mem(%t73) {
        %srcDma = aie.dma_start("S2MM", 0, ^bd0, ^dma1)
      ^bd0:
        aie.use_lock(%lock, "Acquire", 0)
        aie.dma_bd(%buf : memref<64xi16>, 0, 64)
        aie.use_lock(%lock, "Release", 1)
        aie.next_bd ^bd0
      ^dma1:
        %d1 = aie.dma_start("MM2S", 0, ^bd1, ^dma2)
      ^bd1:
        aie.use_lock(%lock0, "Acquire", 0)
        aie.dma_bd(%buffer : memref<16 x f32>, 0, 16)
        aie.use_lock(%lock0, "Release", 1)
        aie.next_bd ^bd1
      ^dma2:
        %d2 = aie.dma_start("S2MM", 1, ^bd5, ^dma3)
      // this defines a BD that uses lock %lck0 and buffer %buf0
      ^bd5:
        aie.use_lock(%lck, "Acquire", 0)
        // transfer the first 32 elements of the memref
        aie.dma_bd(%buf0 : memref<128xi32>, 0, 32)
        aie.use_lock(%lck, "Release", 1)
        aie.next_bd ^bd6 // point to the next bb, which describes the next buffer descriptor
      ^bd6:
        aie.use_lock(%lck, "Acquire", 1)
        // transfer the last 32 elements of the memref
        aie.dma_bd(%buf1 : memref<128xi32>, 96, 32)
        aie.use_lock(%lck, "Release", 0)
        aie.next_bd ^bd5
      ^dma3:
        %d3 = aie.dma_start("MM2S", 1, ^bd8, ^end)
      // this defines a BD that does not use any lock
      ^bd8:
        aie.dma_bd(%buf2 : memref<64xi32>, 0, 64)
        aie.next_bd ^bd8
      ^end:
        aie.end
    }
  }
}
