// Seed 003_9cf99b81550acd41.txt, lines 1025-1042 (air-place-herds): the
// input IR (lines 1029-1034) and the output IR (lines 1037-1042), one per
// split. Both listings stop at the herd. In the input the herd line has no
// body: a named herd's empty body may be elided (upstream prints it so), and
// it is kept so. In the output the herd's body is opened; its contents and
// the closing of herd and segment are the completion, as are the function
// and launch around the segment and (after the seed's `...`, kept as a
// comment) the size constant `%c4_17`.
//
// RUN: air-opt --split-input-file %s | FileCheck %s
// RUN: air-opt --split-input-file %s | air-opt --split-input-file | FileCheck %s
// RUN: air-opt --split-input-file %s -mlir-print-op-generic > %t.a && air-opt --split-input-file %s | air-opt --split-input-file -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32} {
// CHECK: %{{.*}} = air.herd @herd_0 async tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) attributes {id = 3 : i32}{{$}}

module {
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%31 = air.segment @segment_0 async  attributes {id = 2 : i32} {
  // ...
  %c4_17 = arith.constant 4 : index
  %52 = air.herd @herd_0 async  tile (%arg7, %arg8) in (%arg9=%c4_17, %arg10=%c4_17) attributes {id = 3 : i32}
  // (completion)
  air.segment_terminator
}
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}

// -----

// CHECK-LABEL: func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32
// CHECK: %{{.*}} = air.segment @segment_0 async attributes {id = 2 : i32, x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
// CHECK: %{{.*}} = air.herd @herd_0 async tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c4{{.*}}, %{{.*}}=%c4{{.*}}) attributes {id = 3 : i32, x_loc = 0 : i64, y_loc = 2 : i64} {
// CHECK-NEXT: memref.alloc() : memref<32x32xi32, 2>
module {
  func.func @matmul_512x512_1024xi32__dispatch_0_matmul_512x512x1024_i32(%l3_c: memref<512x512xi32>, %l3_a: memref<512x1024xi32>, %l3_b: memref<1024x512xi32>) {
    %c4 = arith.constant 4 : index
    %0 = air.launch async (%arg0, %arg1) in (%arg2=%c4, %arg3=%c4) args(%arg4=%l3_c, %arg5=%l3_a, %arg6=%l3_b) : memref<512x512xi32>, memref<512x1024xi32>, memref<1024x512xi32> attributes {id = 1 : i32} {
%31 = air.segment @segment_0 async  attributes {id = 2 : i32, x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
  // ...
  %c4_17 = arith.constant 4 : index
  %52 = air.herd @herd_0 async  tile (%arg7, %arg8) in (%arg9=%c4_17, %arg10=%c4_17) attributes {id = 3 : i32, x_loc = 0 : i64, y_loc = 2 : i64} {
    // (completion)
    %l1 = memref.alloc() : memref<32x32xi32, 2>
    memref.dealloc %l1 : memref<32x32xi32, 2>
    air.herd_terminator
  }
  air.segment_terminator
}
      air.launch_terminator
    }
    air.wait_all [%0]
    return
  }
}
