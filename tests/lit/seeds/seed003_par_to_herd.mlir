// Seed 003_9cf99b81550acd41.txt, lines 118-135 (air-par-to-herd, output IR),
// which is also the input IR of air-par-to-launch, lines 146-163 (the same
// text). The completion of the `...`: index constants, the L2 buffers
// handed to the herd (allocated in the scf.parallel body), and an L1 buffer
// and copy in the herd body.
//
// At this point of the pipeline the herd sits directly in the function,
// inside an scf.parallel that air-par-to-launch turns into air.launch and
// air.segment later. The compute model (seed 000, section 2.2, "Nesting
// constraints") requires a herd to be nested in a segment, so the listing
// parses (checked with verification off) but does not verify.
//
// RUN: air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified %s | FileCheck %s
// RUN: air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified %s | air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified | FileCheck %s
// RUN: not air-opt %s 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32()
// CHECK: scf.parallel
// CHECK: air.herd @herd_0 tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4, %{{.*}}=%c4_0) args(%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> {
// CHECK: memref.alloc() : memref<32x32xi32, 2 : i32>
// CHECK: scf.reduce
// VERIFY: error: 'air.herd' op must be nested inside an 'air.segment'
module {
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32() {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %c128 = arith.constant 128 : index
    %c4_8 = arith.constant 4 : index
    %c4_9 = arith.constant 4 : index
    scf.parallel (%arg0, %arg1) = (%c0, %c0) to (%c512, %c512) step (%c128, %c128) {
      %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
      %alloc_0 = memref.alloc() : memref<1024x128xi32, 1 : i32>
      %alloc_1 = memref.alloc() : memref<128x128xi32, 1 : i32>
      air.herd @herd_0  tile (%arg2, %arg3) in (%arg4=%c4_8, %arg5=%c4_9) args(%arg6=%alloc, %arg7=%alloc_0, %arg8=%alloc_1) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> {
        %c32 = arith.constant 32 : index
        %0 = arith.muli %arg2, %c32 : index
        %1 = arith.muli %arg3, %c32 : index
        %subview = memref.subview %arg8[%0, %1] [32, 32] [1, 1] : memref<128x128xi32, 1 : i32> to memref<32x32xi32, strided<[128, 1], offset: ?>, 1 : i32>
        %alloc_2 = memref.alloc() : memref<32x32xi32, 2 : i32>
        memref.copy %alloc_2, %subview : memref<32x32xi32, 2 : i32> to memref<32x32xi32, strided<[128, 1], offset: ?>, 1 : i32>
        memref.dealloc %alloc_2 : memref<32x32xi32, 2 : i32>
        air.herd_terminator
      }
      memref.dealloc %alloc : memref<128x1024xi32, 1 : i32>
      memref.dealloc %alloc_0 : memref<1024x128xi32, 1 : i32>
      memref.dealloc %alloc_1 : memref<128x128xi32, 1 : i32>
      scf.reduce 
    }
    return
  }
}
