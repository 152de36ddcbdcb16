// Seed 000_3402c488c9f6c083.txt, lines 344-371 (section 2.3 air.herd,
// "Syntax"), with the placement and link_with clauses of line 398. The
// pseudo-syntax is instantiated: `[@name]` and `[%token =]` are present,
// `args(%a₀=%v₀, …) : <types>` binds two L2 buffers, the optional
// `[x_loc=<col>] [y_loc=<row>]` clauses are present in their bare
// `x_loc=0` form, `[link_with="<object>"]` names "mm.o", and each
// `[%t₀, …]` list names concrete tokens. The enclosing launch and segment
// and the `…` bodies are the completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @herd_forms
func.func @herd_forms() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    // CHECK: air.segment @herds
    air.segment @herds {
      %Nx = arith.constant 2 : index
      %Ny = arith.constant 2 : index
      // CHECK: %[[V0:.*]] = memref.alloc() : memref<256xi32, 1>
      // CHECK: %[[V1:.*]] = memref.alloc() : memref<256xi32, 1>
      %v0 = memref.alloc() : memref<256xi32, 1>
      %v1 = memref.alloc() : memref<256xi32, 1>
      // CHECK: %[[T0:.*]] = air.wait_all async
      // CHECK: %[[T1:.*]] = air.wait_all async
      // CHECK: %[[TA:.*]] = air.token.alloc
      // CHECK: %[[TC:.*]] = air.token.alloc
      %t0 = air.wait_all async
      %t1 = air.wait_all async
      %ta = air.token.alloc : !air.token
      %tc = air.token.alloc : !air.token

// Synchronous form — acquires resources immediately, blocks until all PEs complete
      // CHECK: air.herd @name [%[[T0]], %[[T1]]] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c2_0) args(%{{.*}}=%[[V0]], %{{.*}}=%[[V1]]) : memref<256xi32, 1>, memref<256xi32, 1> [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]] attributes {link_with = "mm.o", x_loc = 0 : i64, y_loc = 2 : i64} {
air.herd @name tile (%x, %y) in (%sx=%Nx, %sy=%Ny)
         args(%a0=%v0, %a1=%v1) : memref<256xi32, 1>, memref<256xi32, 1>
         x_loc=0 y_loc=2
         link_with="mm.o"
         [dependency  = [%t0, %t1]]
         [affinity    = [%ta]]
         [concurrency = [%tc]]
         {
        %l1 = memref.alloc() : memref<64xi32, 2>
        memref.dealloc %l1 : memref<64xi32, 2>
  air.herd_terminator
}

// Asynchronous form — produces !air.token; acquires resources when deps met, signals on completion
      // CHECK: %[[TOKEN:.*]] = air.herd @name_async async [%[[T0]], %[[T1]]] tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%c2, %{{.*}}=%c2_0) args(%{{.*}}=%[[V0]], %{{.*}}=%[[V1]]) : memref<256xi32, 1>, memref<256xi32, 1> [affinity = [%[[TA]]]] [concurrency = [%[[TC]]]] attributes {link_with = "mm.o", x_loc = 2 : i64, y_loc = 2 : i64} {
%token = air.herd @name_async
           tile (%x, %y) in (%sx=%Nx, %sy=%Ny)
           args(%a0=%v0, %a1=%v1) : memref<256xi32, 1>, memref<256xi32, 1>
           x_loc=2 y_loc=2
           link_with="mm.o"
           [dependency  = [%t0, %t1]]
           [affinity    = [%ta]]
           [concurrency = [%tc]]
           {
        %l1 = memref.alloc() : memref<64xi32, 2>
        memref.dealloc %l1 : memref<64xi32, 2>
  air.herd_terminator
}
      // CHECK: air.wait_all [%[[TOKEN]]]
      air.wait_all [%token]
      memref.dealloc %v0 : memref<256xi32, 1>
      memref.dealloc %v1 : memref<256xi32, 1>
    }
  }
  return
}
