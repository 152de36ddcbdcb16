// memory-levels (seed 000 1.2, 2.2 and 2.3): memory spaces 0, 1, 2 are L3,
// L2, L1; a herd allocates in L1 and a segment in L2 or L1 (memref.alloc, as
// upstream's herd and segment verifiers check it; each hierarchy op checks
// its own body), and transfers move memrefs of those three levels. Lint
// checks it; the op verifier leaves it to lint, so air-opt accepts these
// programs.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-check lint --verify-diagnostics %t/herd-alloc-l2.mlir %t/herd-alloc-non-air.mlir %t/segment-alloc-l3.mlir %t/dma-space-three.mlir %t/put-named-space.mlir %t/get-space-three.mlir %t/levels-ok.mlir
// RUN: air-check lint %t/herd-alloc-l2.mlir %t/segment-alloc-l3.mlir %t/dma-space-three.mlir 2> %t/err; test $? -eq 1
// RUN: FileCheck %s < %t/err
// CHECK: air-check: 3 files, 3 errors, 0 warnings
// RUN: air-check lint %t/levels-ok.mlir 2>&1 | FileCheck %s --check-prefix=OK
// OK: air-check: 1 file, 0 errors, 0 warnings
// The findings are the rule's own: --disable silences them.
// RUN: not air-check lint --format=json %t/herd-alloc-l2.mlir | FileCheck %s --check-prefix=JSON
// JSON: "rule": "memory-levels",
// JSON-NEXT: "severity": "error"
// RUN: air-check lint --disable=memory-levels %t/herd-alloc-l2.mlir %t/segment-alloc-l3.mlir %t/dma-space-three.mlir
// RUN: air-opt %t/herd-alloc-l2.mlir > /dev/null 2>&1
// RUN: air-opt %t/segment-alloc-l3.mlir > /dev/null 2>&1
// RUN: air-opt %t/dma-space-three.mlir > /dev/null 2>&1
// RUN: air-opt %t/put-named-space.mlir > /dev/null 2>&1
// A core touches only L1 directly (upstream's herd verifier); copies, which
// the pipeline turns into DMAs, may move data between levels.
// RUN: air-check lint --verify-diagnostics %t/core-access.mlir
// A linalg op may name L2 in a herd (the pipeline tiles it into L1 first).
// RUN: air-check lint %t/core-linalg.mlir 2>&1 | FileCheck %s --check-prefix=LINALG
// LINALG: air-check: 1 file, 0 errors, 0 warnings

//--- herd-alloc-l2.mlir
func.func @herd_allocates_l2() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{enclosing 'air.herd' is here}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'memref.alloc' op inside 'air.herd' must allocate in L1 (memory space 2), but allocates in L2 (memory space 1)}}
        %m = memref.alloc() : memref<16xi32, 1>
      }
    }
  }
  return
}

//--- herd-alloc-non-air.mlir
func.func @herd_allocates_workgroup() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{enclosing 'air.herd' is here}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'memref.alloc' op inside 'air.herd' must allocate in L1 (memory space 2), but allocates in a non-AIR memory space}}
        %m = memref.alloc() : memref<16xi32, #gpu.address_space<workgroup>>
      }
    }
  }
  return
}

//--- segment-alloc-l3.mlir
func.func @segment_allocates_l3() {
  air.launch () in () {
    // expected-note@+1 {{enclosing 'air.segment' is here}}
    air.segment {
      // expected-error@+1 {{'memref.alloc' op inside 'air.segment' must allocate in L2 or L1 (memory space 1 or 2), but allocates in L3 (memory space 0)}}
      %m = memref.alloc() : memref<16xi32>
    }
  }
  return
}

//--- dma-space-three.mlir
func.func @dma_space_three(%a: memref<4xi32, 3>, %b: memref<4xi32>) {
  // expected-error@+1 {{'air.dma_memcpy_nd' op destination memref has memory space 3; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
  air.dma_memcpy_nd (%a[] [] [], %b[] [] []) : (memref<4xi32, 3>, memref<4xi32>)
  return
}

//--- put-named-space.mlir
air.channel @c []
func.func @put_named_space(%a: memref<4xi32, #gpu.address_space<workgroup>>, %b: memref<4xi32, 1>) {
  // expected-error@+1 {{'air.channel.put' op source memref has a non-integer memory space; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
  %p = air.channel.put async @c[] (%a[] [] []) : (memref<4xi32, #gpu.address_space<workgroup>>)
  air.channel.get @c[] (%b[] [] []) : (memref<4xi32, 1>)
  return
}

//--- get-space-three.mlir
air.channel @c []
func.func @get_space_three(%a: memref<4xi32, 1>, %b: memref<4xi32, 3>) {
  %p = air.channel.put async @c[] (%a[] [] []) : (memref<4xi32, 1>)
  // expected-error@+1 {{'air.channel.get' op destination memref has memory space 3; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
  air.channel.get @c[] (%b[] [] []) : (memref<4xi32, 3>)
  return
}

//--- levels-ok.mlir
// A launch body may allocate at any level; L1 scratch in a segment and in a
// herd is fine.
// memref.alloca is not checked (upstream checks memref.alloc only).
func.func @levels_ok() {
  air.launch () in () {
    %l3 = memref.alloc() : memref<16xi32>
    air.segment {
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      %l1s = memref.alloc() : memref<16xi32, 2 : i32>
      %stack = memref.alloca() : memref<16xi32, 3>
      %c1 = arith.constant 1 : index
      air.herd tile (%x) in (%s=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

//--- core-access.mlir
func.func @core_access(%out: memref<8xi32>) {
  air.launch () in () args(%o=%out) : memref<8xi32> {
    air.segment @s args(%so=%o) : memref<8xi32> {
      %one = arith.constant 1 : index
      %l2 = memref.alloc() : memref<8xi32, 1>
      // expected-note@+1 {{enclosing 'air.herd' is here}}
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) args(%m=%l2, %d=%so) : memref<8xi32, 1>, memref<8xi32> {
        %c0 = arith.constant 0 : index
        %l1 = memref.alloc() : memref<8xi32, 2>
        // expected-error@+2 {{'memref.load' op reads L2 (memory space 1) directly inside 'air.herd', but a core reads and writes only L1 (memory space 2) directly (seed 000 1.2; upstream's herd verifier rejects it)}}
        // expected-note@+1 {{hint: bring the data into an L1 buffer with a channel or air.dma_memcpy_nd}}
        %v = memref.load %m[%c0] : memref<8xi32, 1>
        // expected-error@+2 {{'memref.store' op writes L3 (memory space 0) directly inside 'air.herd'}}
        // expected-note@+1 {{hint: bring the data into an L1 buffer}}
        memref.store %v, %d[%c0] : memref<8xi32>
        memref.store %v, %l1[%c0] : memref<8xi32, 2>
        memref.copy %l1, %m : memref<8xi32, 2> to memref<8xi32, 1>
        memref.dealloc %l1 : memref<8xi32, 2>
      }
      memref.dealloc %l2 : memref<8xi32, 1>
    }
  }
  return
}

//--- core-linalg.mlir
func.func @core_linalg() {
  air.launch () in () {
    air.segment @s {
      %one = arith.constant 1 : index
      %l2 = memref.alloc() : memref<32xf32, 1>
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) args(%in=%l2) : memref<32xf32, 1> {
        %out = memref.alloc() : memref<32xf32, 2>
        linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%in : memref<32xf32, 1>) outs(%out : memref<32xf32, 2>) {
        ^bb0(%a: f32, %b: f32):
          linalg.yield %a : f32
        }
        memref.dealloc %out : memref<32xf32, 2>
      }
      memref.dealloc %l2 : memref<32xf32, 1>
    }
  }
  return
}
