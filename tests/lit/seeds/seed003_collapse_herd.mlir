// Seed 003_9cf99b81550acd41.txt, lines 999-1022 (air-collapse-herd): the
// input IR (lines 1003-1009) and the output IR (lines 1012-1022), one per
// split: an unnamed herd without args, 2x2 before and 1x4 after. The
// function, launch and segment around the herd, its size constants, and
// (after the seed's `...` lines, kept as comments) an L1 buffer in the body
// are the completion.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @collapse_herd
// CHECK: air.segment @segment_0 {
// CHECK: air.herd tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c2) {
// CHECK-NEXT: %c0 = arith.constant 0 : index

module {
  func.func @collapse_herd() {
    %one = arith.constant 1 : index
    air.launch (%lx) in (%lsx=%one) {
      air.segment @segment_0 {
        %c2 = arith.constant 2 : index
air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
  %c0 = arith.constant 0 : index
  // ...
  %l1 = memref.alloc() : memref<32x32xi32, 2>
  memref.dealloc %l1 : memref<32x32xi32, 2>
}
      }
    }
    return
  }
}

// -----

// CHECK-LABEL: func.func @collapse_herd
// CHECK: air.herd tile (%{{.*}}, %[[Y:.*]]) in (%{{.*}}=%c1{{.*}}, %{{.*}}=%c4) {
// CHECK: arith.remsi %[[Y]], %{{.*}} : index
// CHECK: arith.divsi %[[Y]], %{{.*}} : index
module {
  func.func @collapse_herd() {
    %one = arith.constant 1 : index
    air.launch (%lx) in (%lsx=%one) {
      air.segment @segment_0 {
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
air.herd  tile (%arg0, %arg1) in (%arg2=%c1, %arg3=%c4) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = arith.remsi %arg1, %c2 : index
  %1 = arith.divsi %arg1, %c2 : index
  // ...
  %l1 = memref.alloc() : memref<32x32xi32, 2>
  memref.dealloc %l1 : memref<32x32xi32, 2>
  air.herd_terminator
}
      }
    }
    return
  }
}
