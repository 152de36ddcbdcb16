// What is wrong: compute tile (0, 2) holds a 48 KiB input and a 16 KiB
//   output buffer, exactly its 64 KiB of data memory, but its core also
//   reserves the default 1 KiB stack at the bottom of that memory; mlir-aie
//   fails late with "allocated buffers exceeded available memory".
// Rule broken: aie-memory (buffers + stack within
//   compute_tile.data_memory_bytes, docs/aie.md).
// Fix: shrink a buffer by 1 KiB (e.g. memref<3840xi32> for the output), or
//   split the work over two tiles.
// Seed: 004 (aie.core stack_size, default 1024).
module {
  aie.device(npu1_1col) {
    // expected-error@+1 {{tile (0, 2) needs 66560 bytes of data memory but has 65536 (npu1_1col): 65536 bytes of buffers and the core's 1024-byte stack}}
    %t = aie.tile(0, 2)
    // expected-note@+1 {{buffer of 49152 bytes (@in)}}
    %in = aie.buffer(%t) {sym_name = "in"} : memref<12288xi32>
    // expected-note@+1 {{buffer of 16384 bytes (@out)}}
    %out = aie.buffer(%t) {sym_name = "out"} : memref<4096xi32>
    // expected-note@+1 {{the core reserves its stack_size (1024 bytes) at the bottom of data memory}}
    %core = aie.core(%t) {
      aie.end
    }
  }
}
