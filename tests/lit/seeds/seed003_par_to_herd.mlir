// Seed 003_9cf99b81550acd41.txt, lines 118-135 (air-par-to-herd, output IR),
// which is also the input IR of air-par-to-launch, lines 146-163 (the same
// text). The completion of the `...`: index constants, the L2 buffers
// handed to the herd (allocated in the scf.parallel body), and an L1 buffer
// and copy in the herd body.
//
// At this point of the pipeline the herd sits directly in the function,
// inside an scf.parallel that air-par-to-launch turns into air.launch and
// air.segment later. The listing parses and verifies, as upstream's verifier
// accepts a bare herd. The compute model (seed 000, sections 2.2-2.3,
// "Nesting constraints") nests a herd in a segment, so lint warns
// (hierarchy-nesting) and analyses the herd as upstream's pipeline would
// wrap it, in a one-instance launch and segment of its own (proven
// deadlock-free: no channels).
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32()
// CHECK: scf.parallel
// CHECK: air.herd @herd_0 tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4, %{{.*}}=%c4_0) args(%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> {
// CHECK: memref.alloc() : memref<32x32xi32, 2 : i32>
// CHECK: scf.reduce
// LINT: seed003_par_to_herd.mlir:{{[0-9]+}}:7: warning: 'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' and 'air.segment' of its own (air-insert-launch-around-herd, insert-segment=true)
// LINT-NEXT: air.herd @herd_0
// LINT: note: hint: wrap it yourself so the program means the same in every tool
// LINT: proven: deadlock freedom, for every size: without channels
// LINT: air-check: 1 file, 0 errors, 1 warning
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
