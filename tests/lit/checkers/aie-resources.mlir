// The aie-level resource checks, one aie.device per case, every diagnostic
// with its notes. Figures from analyses/devices/npu1_1col.json and
// npu2.json (docs/aie.md).
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s
// CHECK: air-check: 1 file, {{[0-9]+}} errors

module {
  // aie-memory: 60 KiB of buffers and a 4 KiB stack exceed 64 KiB of L1.
  aie.device(npu1_1col) @l1 {
    // expected-error@+1 {{tile (0, 2) needs 69632 bytes of data memory but has 65536 (npu1_1col): 65536 bytes of buffers and the core's 4096-byte stack}}
    %t = aie.tile(0, 2)
    // expected-note@+1 {{buffer of 32768 bytes (@a)}}
    %a = aie.buffer(%t) {sym_name = "a"} : memref<8192xi32>
    // expected-note@+1 {{buffer of 32768 bytes (@b)}}
    %b = aie.buffer(%t) {sym_name = "b"} : memref<16384xi16>
    // expected-note@+1 {{the core reserves its stack_size (4096 bytes) at the bottom of data memory}}
    %c = aie.core(%t) {
      aie.end
    } {stack_size = 4096 : i32}
  }
  // aie-memory: a memory tile holds 512 KiB; a shim tile holds nothing.
  aie.device(npu1_1col) @l2 {
    %s = aie.tile(0, 0)
    // expected-error@+1 {{memory tile (0, 1) needs 589824 bytes of data memory but has 524288 (npu1_1col): 589824 bytes of buffers}}
    %m = aie.tile(0, 1)
    // expected-note@+1 {{buffer of 393216 bytes}}
    %a = aie.buffer(%m) : memref<98304xi32, 1>
    // expected-note@+1 {{buffer of 196608 bytes}}
    %b = aie.buffer(%m) : memref<49152xi32, 1>
    // expected-error@+1 {{a buffer on shim tile (0, 0): shim tiles have no data memory}}
    %c = aie.buffer(%s) : memref<16xi32>
  }
  // aie-memory: explicit addresses.
  aie.device(npu1_1col) @addr {
    %t = aie.tile(0, 3)
    // expected-note@+1 {{the core is here}}
    %c = aie.core(%t) {
      aie.end
    }
    // expected-error@+2 {{buffer at address 512 overlaps the core's stack, which takes [0, 1024) of tile (0, 3)}}
    // expected-note@+1 {{the other buffer is here}}
    %a = aie.buffer(%t) {address = 512 : i32} : memref<256xi32>
    // expected-error@+1 {{buffer at [1024, 2048) overlaps another buffer at [512, 1536) of tile (0, 3)}}
    %b = aie.buffer(%t) {address = 1024 : i32} : memref<256xi32>
    // expected-error@+1 {{buffer at address 65000 of 1024 bytes ends at 66024, beyond the 65536 bytes of tile (0, 3)}}
    %d = aie.buffer(%t) {address = 65000 : i32} : memref<256xi32>
  }
  // aie-locks.
  aie.device(npu1_1col) @locks {
    %t = aie.tile(0, 2)
    // expected-note@+1 {{first declared here}}
    %l0 = aie.lock(%t, 3) {init = 1 : i32}
    // expected-error@+1 {{lock id 3 of tile (0, 2) is declared twice}}
    %l1 = aie.lock(%t, 3)
    // expected-error@+1 {{lock id 16 does not exist on tile (0, 2), which has locks 0..15}}
    %l2 = aie.lock(%t, 16)
    // expected-error@+2 {{init 64 is out of range: a lock of tile (0, 2) holds 0..63}}
    // expected-note@+1 {{the lock is declared here}}
    %l3 = aie.lock(%t, 4) {init = 64 : i32}
    %c = aie.core(%t) {
      // expected-error@+1 {{value 70 is out of range: a lock of tile (0, 2) holds 0..63}}
      aie.use_lock(%l3, Release, 70)
      aie.end
    }
  }
  aie.device(npu1_1col) @many_locks {
    %s = aie.tile(0, 0)
    // expected-note@+1 {{the first lock of the tile}}
    %l0 = aie.lock(%s)
    %l1 = aie.lock(%s)
    %l2 = aie.lock(%s)
    %l3 = aie.lock(%s)
    %l4 = aie.lock(%s)
    %l5 = aie.lock(%s)
    %l6 = aie.lock(%s)
    %l7 = aie.lock(%s)
    %l8 = aie.lock(%s)
    %l9 = aie.lock(%s)
    %l10 = aie.lock(%s)
    %l11 = aie.lock(%s)
    %l12 = aie.lock(%s)
    %l13 = aie.lock(%s)
    %l14 = aie.lock(%s)
    %l15 = aie.lock(%s)
    // expected-error@+1 {{shim tile (0, 0) has 16 locks, but 17 are declared on it}}
    %l16 = aie.lock(%s)
  }
  // aie-tiles.
  aie.device(npu1_1col) @tiles {
    // expected-error@+1 {{tile (1, 2) is outside the array of npu1_1col (1 columns x 6 rows)}}
    %out = aie.tile(1, 2)
    // expected-note@+1 {{the tile is declared here}}
    %m = aie.tile(0, 1)
    // expected-error@+1 {{'aie.core' needs a compute tile, but memory tile (0, 1) is a memory tile of npu1_1col}}
    %c = aie.core(%m) {
      aie.end
    }
    %t = aie.tile(0, 2)
    // expected-note@+1 {{the first is here}}
    %c1 = aie.core(%t) {
      aie.end
    }
    // expected-error@+1 {{tile (0, 2) has a second core; a tile has one}}
    %c2 = aie.core(%t) {
      aie.end
    }
  }
  // A device without a model: the checks say they cannot judge it.
  // expected-warning@+1 {{the aie-level checks are unknown for this device: no device model (unknown device 'xcve2302'}}
  aie.device(xcve2302) {
  }
}
