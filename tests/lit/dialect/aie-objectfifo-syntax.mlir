// Object FIFOs in mlir-aie's printed forms (docs/aie.md, "Object FIFOs"):
// the create op with one depth or a depth per end, stream dimensions,
// extra attributes and initial objects; links with and without offsets;
// acquire (a subview, or the object's memref itself), subview access,
// release. Printed, and parsed again to the same IR and printing.
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s > %t.c && air-opt %t.c > %t.d && diff %t.c %t.d
// RUN: air-opt --split-input-file --verify-diagnostics %S/Inputs/aie-objectfifo-errors.mlir

module {
  aie.device(npu1_1col) {
    %t00 = aie.tile(0, 0)
    %t01 = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    // CHECK: aie.objectfifo @in(%{{.*}}, {%{{.*}}}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo @in(%t00, {%t01}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    // CHECK: aie.objectfifo @fwd(%{{.*}} toStream [<size = 4, stride = 16>, <size = 16, stride = 1>], {%{{.*}}, %{{.*}} fromStream [<size = 8, stride = 1>]}, [2, 2, 3]) {via_DMA = true} : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo @fwd(%t01 toStream [<size = 4, stride = 16>, <size = 16, stride = 1>], {%t02, %t03 fromStream [<size = 8, stride = 1>]}, [2, 2, 3]) {via_DMA = true} : !aie.objectfifo<memref<64xi32>>
    // CHECK: aie.objectfifo.link [@in] -> [@fwd] ([] [])
    aie.objectfifo.link [@in] -> [@fwd] ()
    // CHECK: aie.objectfifo @pair(%{{.*}}, {%{{.*}}}, 1 : i32) : !aie.objectfifo<memref<2xi32>> = [dense<[1, 2]> : memref<2xi32>]
    aie.objectfifo @pair(%t02, {%t03}, 1 : i32) : !aie.objectfifo<memref<2xi32>> = [dense<[1, 2]> : memref<2xi32>]
    // CHECK: aie.objectfifo.link [@a, @b] -> [@c] ([0, 16] [])
    aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @b(%t03, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @c(%t01, {%t00}, 2 : i32) : !aie.objectfifo<memref<32xi32>>
    aie.objectfifo.link [@a, @b] -> [@c] ([0, 16] [])
    aie.core(%t02) {
      // CHECK: %[[S:.*]] = aie.objectfifo.acquire @fwd(Consume, 2) : !aie.objectfifosubview<memref<64xi32>>
      %s = aie.objectfifo.acquire @fwd(Consume, 2) : !aie.objectfifosubview<memref<64xi32>>
      // CHECK: aie.objectfifo.subview.access %[[S]][1] : !aie.objectfifosubview<memref<64xi32>> -> memref<64xi32>
      %e = aie.objectfifo.subview.access %s[1] : !aie.objectfifosubview<memref<64xi32>> -> memref<64xi32>
      // CHECK: aie.objectfifo.acquire @a(Produce, 1) : memref<16xi32>
      %o = aie.objectfifo.acquire @a(Produce, 1) : memref<16xi32>
      // CHECK: aie.objectfifo.release @fwd(Consume, 2)
      aie.objectfifo.release @fwd(Consume, 2)
      aie.objectfifo.release @a(Produce, 1)
      aie.end
    }
  }
}
