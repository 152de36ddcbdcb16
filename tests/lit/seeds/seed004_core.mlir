// Seed 004_d7e8c398b2d9e4eb.txt, lines 198-230 (aie.core, "Examples"), in
// the pinned syntax (docs/aie.md). What changed:
// * the two fragments are put in one `aie.device(xcvc1902)`, the device of
//   the seed's own aie.device example (AIE1: binary locks); the seed's
//   second `%tile` is renamed `%tile33`, since an SSA name is defined once;
// * `"Acquire"` and `"Release"` are kept quoted (parsed; printed bare);
// * `{ stackSize = 2048 : i32, elf_file = "core_33.elf" }`: the pinned
//   attribute is `stack_size`.
// Lint: as a fragment, the first core waits forever: on AIE1 `"Acquire", 1`
// waits until lock 8 holds 1, which starts at 0 and which no process
// releases with 1 (the seed's fragment leaves out the producer).
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b
// RUN: air-check lint --verify-diagnostics %s

// CHECK: aie.device(xcvc1902) {
// CHECK: %[[T:.*]] = aie.tile(1, 1)
// CHECK: %[[L:.*]] = aie.lock(%[[T]], 8)
// CHECK: aie.core(%[[T]]) {
// CHECK-NEXT: aie.use_lock(%[[L]], Acquire, 1)
// CHECK-NEXT: aie.use_lock(%[[L]], Release, 0)
// CHECK-NEXT: aie.end
// CHECK: aie.tile(3, 3)
// CHECK: aie.core(%{{.*}}) {
// CHECK-NEXT: aie.end
// CHECK-NEXT: } {elf_file = "core_33.elf", stack_size = 2048 : i32}

module {
  aie.device(xcvc1902) {
    %tile = aie.tile(1, 1)
    // expected-note@+1 {{the lock is declared here}}
    %lock11_8 = aie.lock(%tile, 8)
    // expected-note@+1 {{in this core}}
    aie.core(%tile) {
      // expected-error@+1 {{waits forever: it acquires 1 from a lock whose init is 0 and which no process releases}}
      aie.use_lock(%lock11_8, "Acquire", 1)
      aie.use_lock(%lock11_8, "Release", 0)
      aie.end
    }

    %tile33 = aie.tile(3, 3)
    aie.core(%tile33) {
      aie.end
    } { stack_size = 2048 : i32, elf_file = "core_33.elf" }
  }
}
