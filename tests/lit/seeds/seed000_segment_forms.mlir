// Seed 000_3402c488c9f6c083.txt, lines 194-220 (section 2.2 air.segment,
// "Syntax"), with the forms of the "Synchrony" table (lines 236-239).
// The pseudo-syntax is instantiated with two dimensions: `(%x₀, …, %xₙ) in
// (%sx₀=%N₀, …)` is `(%x0, %x1) in (%sx0=%N0, %sx1=%N1)`, `args(%a₀=%v₀, …) :
// <types>` binds two values, the optional placement clauses
// `[x_loc=<col>] [y_loc=<row>] [x_size=<cols>] [y_size=<rows>]` are all
// present in their bare `x_loc=0` form, each `[%t₀, …]` list names concrete
// tokens, and the optional `[%token =]` and `[@name]` are present. The
// enclosing launch and the `…` bodies (a herd) are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @segment_forms
func.func @segment_forms(%arg0: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  // CHECK: air.launch
  air.launch (%lx) in (%lsx=%c1) args(%v0=%arg0) : memref<1024xi32> {
    %N0 = arith.constant 2 : index
    %N1 = arith.constant 2 : index
    %v1 = arith.constant 7 : index
    // CHECK: %[[T0:.*]] = air.wait_all async
    // CHECK: %[[T1:.*]] = air.wait_all async
    // CHECK: %[[TA:.*]] = air.token.alloc
    // CHECK: %[[TC:.*]] = air.token.alloc
    %t0 = air.wait_all async
    %t1 = air.wait_all async
    %ta = air.token.alloc : !air.token
    %tc = air.token.alloc : !air.token

// Asynchronous form — produces !air.token, non-blocking
    // CHECK: %[[TOKEN:.*]] = air.segment @name async [%[[T0]], %[[T1]]] unroll(%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c2_0) args(%{{.*}}=%{{.*}}, %{{.*}}=%c7) : memref<1024xi32>, index [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]] attributes {x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
    // CHECK: air.herd @name_herd tile
%token = air.segment @name
           (%x0, %x1) in (%sx0=%N0, %sx1=%N1)
           args(%a0=%v0, %a1=%v1) : memref<1024xi32>, index
           x_loc=0 y_loc=2 x_size=4 y_size=4
           [dependency  = [%t0, %t1]]
           [affinity    = [%ta]]
           [concurrency = [%tc]]
           {
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<256xi32, 1>
      air.herd @name_herd tile (%x, %y) in (%sx=%c2, %sy=%c2) args(%buf=%l2) : memref<256xi32, 1> {
        %l1 = memref.alloc() : memref<64xi32, 2>
        memref.dealloc %l1 : memref<64xi32, 2>
      }
      memref.dealloc %l2 : memref<256xi32, 1>
  air.segment_terminator
}

// Synchronous form — caller blocks until the segment (and all its herds) complete
    // CHECK: air.segment @name_sync [%[[TOKEN]]] unroll(%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c2_0) args(%{{.*}}=%{{.*}}, %{{.*}}=%c7) : memref<1024xi32>, index [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]] attributes {x_loc = 4 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
    // CHECK: air.herd @name_sync_herd tile
air.segment @name_sync sync
           (%x0, %x1) in (%sx0=%N0, %sx1=%N1)
           args(%a0=%v0, %a1=%v1) : memref<1024xi32>, index
           x_loc=4 y_loc=2 x_size=4 y_size=4
           [dependency  = [%token]]
           [affinity    = [%ta]]
           [concurrency = [%tc]]
           {
      %c1_0 = arith.constant 1 : index
      air.herd @name_sync_herd tile (%x, %y) in (%sx=%c1_0, %sy=%c1_0) {
        air.herd_terminator
      }
  air.segment_terminator
}

    // "Synchrony" table: the implicit synchronous form, without `sync`, and
    // a segment without an iteration space.
    // CHECK: air.segment @implicit_sync unroll(%{{.*}}) in (%{{.*}}=%c2){{$}}
    air.segment @implicit_sync (%x0) in (%sx0=%N0) {
      air.segment_terminator
    }
    air.launch_terminator
  }
  return
}
