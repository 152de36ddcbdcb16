// Seed 003_9cf99b81550acd41.txt, lines 168-188 (air-par-to-launch, output
// IR): launch, segment and herd. The completion of the `...`: the L3
// buffers and constants in the function, the L2 buffers and constants in the
// segment, and an L1 buffer and copy in the herd body.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32()
// CHECK: air.launch (%[[X:.*]], %[[Y:.*]]) in (%[[SX:.*]]=%c4, %[[SY:.*]]=%c4{{.*}}) args(%[[A4:.*]]=%{{.*}}, %[[A5:.*]]=%{{.*}}, %[[A6:.*]]=%{{.*}}) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> {
// CHECK: air.segment @segment_0 args(%{{.*}}=%[[X]], %{{.*}}=%[[Y]], %{{.*}}=%[[SX]], %{{.*}}=%[[SY]], %{{.*}}=%[[A4]], %{{.*}}=%[[A5]], %{{.*}}=%[[A6]]) : index, index, index, index, memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> {
// CHECK: air.herd @herd_0 tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) args(%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> {
module {
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32() {
    %c4_6 = arith.constant 4 : index
    %c4_7 = arith.constant 4 : index
    %0 = memref.alloc() : memref<512x1024xi32>
    %1 = memref.alloc() : memref<1024x512xi32>
    %2 = memref.alloc() : memref<512x512xi32>
    air.launch (%arg0, %arg1) in (%arg2=%c4_6, %arg3=%c4_7) args(%arg4=%2, %arg5=%0, %arg6=%1) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> {
      air.segment @segment_0  args(%arg7=%arg0, %arg8=%arg1, %arg9=%arg2, %arg10=%arg3, %arg11=%arg4, %arg12=%arg5, %arg13=%arg6) : index, index, index, index, memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> {
        %c4_19 = arith.constant 4 : index
        %c4_20 = arith.constant 4 : index
        %alloc = memref.alloc() : memref<128x1024xi32, 1 : i32>
        %alloc_11 = memref.alloc() : memref<1024x128xi32, 1 : i32>
        %alloc_12 = memref.alloc() : memref<128x128xi32, 1 : i32>
        air.herd @herd_0  tile (%arg14, %arg15) in (%arg16=%c4_19, %arg17=%c4_20) args(%arg18=%alloc, %arg19=%alloc_11, %arg20=%alloc_12) : memref<128x1024xi32, 1 : i32>, memref<1024x128xi32, 1 : i32>, memref<128x128xi32, 1 : i32> {
          %c32 = arith.constant 32 : index
          %3 = arith.muli %arg14, %c32 : index
          %4 = arith.muli %arg15, %c32 : index
          %subview = memref.subview %arg20[%3, %4] [32, 32] [1, 1] : memref<128x128xi32, 1 : i32> to memref<32x32xi32, strided<[128, 1], offset: ?>, 1 : i32>
          %alloc_21 = memref.alloc() : memref<32x32xi32, 2 : i32>
          memref.copy %alloc_21, %subview : memref<32x32xi32, 2 : i32> to memref<32x32xi32, strided<[128, 1], offset: ?>, 1 : i32>
          memref.dealloc %alloc_21 : memref<32x32xi32, 2 : i32>
          air.herd_terminator
        }
        memref.dealloc %alloc : memref<128x1024xi32, 1 : i32>
        memref.dealloc %alloc_11 : memref<1024x128xi32, 1 : i32>
        memref.dealloc %alloc_12 : memref<128x128xi32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
