// Every syntactic form of the AIR ops: upstream mlir-air's and the compute
// model's. Checked printed, and parsed again to the same IR.
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK-LABEL: air.channel @bundle [2, 2] {broadcast_shape = [2, 2], channel_type = "dma_stream", depth = 2 : i64}
air.channel @bundle [2, 2] {broadcast_shape = [2, 2], channel_type = "dma_stream", depth = 2}
// CHECK: air.channel @single []
air.channel @single []
// CHECK: air.channel @packet [1] {channel_type = "npu_dma_packet"}
air.channel @packet [1] {channel_type = "npu_dma_packet"}

// CHECK-LABEL: func.func @token_types
// CHECK-SAME: (%{{.*}}: !air.async.token, %{{.*}}: !air.async.token)
func.func @token_types(%a: !air.async.token, %b: !air.token) {
  // CHECK: air.wait_all async [%{{.*}}, %{{.*}}]
  %0 = air.wait_all async [%a, %b]
  // Compute-model list form of the same dependency.
  // CHECK: air.wait_all async [%{{.*}}]
  %1 = air.wait_all [dependency = [%0]]
  // CHECK: air.wait_all [%{{.*}}]
  air.wait_all [%1]
  // CHECK: air.wait_all{{$}}
  air.wait_all sync
  // CHECK: air.token.alloc : !air.async.token
  %t = air.token.alloc : !air.token
  return
}

// CHECK-LABEL: func.func @launch_forms
func.func @launch_forms(%arg: memref<64xi32>, %dep: !air.token) {
  %c2 = arith.constant 2 : index
  // Upstream async form with dependencies, args and an attribute dict.
  // CHECK: %{{.*}} = air.launch async [%{{.*}}] (%[[X:.*]], %[[Y:.*]]) in (%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) args(%{{.*}}=%{{.*}}) : memref<64xi32> attributes {id = 1 : i32} {
  %l = air.launch async [%dep] (%x, %y) in (%sx=%c2, %sy=%c2) args(%m=%arg) : memref<64xi32> attributes {id = 1 : i32} {
    // Named segment with no body: upstream elides the region.
    // CHECK: air.segment @empty_segment{{$}}
    air.segment @empty_segment
  }
  // Compute-model sync form with the dependency list after args.
  // CHECK: air.launch [%{{.*}}] () in () args(%{{.*}}=%{{.*}}) : memref<64xi32> {
  air.launch sync args(%m=%arg) : memref<64xi32> [dependency = [%l]] {
  }
  // A bound result makes the op asynchronous without the keyword.
  // CHECK: %{{.*}} = air.launch async (%{{.*}}) in (%{{.*}}=%{{.*}}) {
  %l2 = air.launch (%i) in (%si=%c2) {
  }
  return
}

// CHECK-LABEL: func.func @segment_and_herd_forms
func.func @segment_and_herd_forms(%arg: memref<64xi32>) {
  %ta = air.token.alloc : !air.token
  air.launch () in () args(%a=%arg, %dep=%ta) : memref<64xi32>, !air.token {
    %tc = air.token.alloc : !air.token
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    // Upstream `unroll` iteration space and placement attributes.
    // CHECK: air.segment @unrolled async unroll(%{{.*}}, %{{.*}}) in (%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) attributes {x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64}{{$}}
    %s = air.segment @unrolled async unroll(%i, %j) in (%si=%c2, %sj=%c1) attributes {x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
    }
    // Compute-model bare iteration space, placement clauses, token lists.
    // CHECK: air.segment @bare async unroll(%{{.*}}) in (%{{.*}}=%{{.*}}) args(%{{.*}}=%{{.*}}) : !air.async.token [concurrency = [%{{.*}}]] attributes {x_loc = 1 : i64, y_loc = 2 : i64} {
    %s2 = air.segment @bare (%i) in (%si=%c2) args(%t=%s) : !air.token x_loc=1 y_loc=2 [concurrency = [%tc]] {
      %c4 = arith.constant 4 : index
      // CHECK: air.herd @h async tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) attributes {link_with = "mm.o"} {
      %h = air.herd @h tile (%x, %y) in (%sx=%c4, %sy=%c4) link_with="mm.o" {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
      }
      // CHECK: air.herd async [%{{.*}}] tile (%{{.*}}) in (%{{.*}}=%{{.*}}) [affinity = [%{{.*}}]] {
      %h2 = air.herd tile (%x) in (%sx=%c4) [dependency = [%h]] [affinity = [%h]] {
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @transfers
func.func @transfers(%l3: memref<128xi32>) {
  air.launch () in () args(%a=%l3) : memref<128xi32> {
    air.segment @s args(%b=%a) : memref<128xi32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      // CHECK: air.dma_memcpy_nd (%{{.*}}[] [] [], %{{.*}}[%{{.*}}] [%{{.*}}] [%{{.*}}]) {id = 1 : i32} : (memref<64xi32, 1 : i32>, memref<128xi32>)
      air.dma_memcpy_nd (%l2[] [] [], %b[%c0] [%c64] [%c1]) {id = 1 : i32} : (memref<64xi32, 1 : i32>, memref<128xi32>)
      // Early upstream printing without the colon before the types.
      // CHECK: %[[D:.*]] = air.dma_memcpy_nd async (%{{.*}}[] [] [], %{{.*}}[%{{.*}}] [%{{.*}}] [%{{.*}}]) : (memref<64xi32, 1 : i32>, memref<128xi32>)
      %d = air.dma_memcpy_nd async (%l2[] [] [], %b[%c0] [%c64] [%c1]) (memref<64xi32, 1 : i32>, memref<128xi32>)
      // CHECK: air.channel.put async [%[[D]]] @bundle[%{{.*}}, %{{.*}}] (%{{.*}}[%{{.*}}] [%{{.*}}] [%{{.*}}]) {id = 2 : i32} : (memref<64xi32, 1 : i32>)
      %p = air.channel.put async [%d] @bundle[%c0, %c1] (%l2[%c0] [%c64] [%c1]) {id = 2 : i32} : (memref<64xi32, 1 : i32>)
      // Compute-model list after the channel indices.
      // CHECK: air.channel.put async [%{{.*}}] @single[] (%{{.*}}[] [] []) : (memref<64xi32, 1 : i32>)
      %p2 = air.channel.put @single[] [dependency = [%p]] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        // CHECK: air.channel.get @bundle[%{{.*}}, %{{.*}}] (%{{.*}}[] [] []) : (memref<64xi32, 2 : i32>)
        air.channel.get @bundle[%x, %y] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
        // CHECK: air.channel.get @single[] (%{{.*}}[] [] []) : (memref<64xi32, 2 : i32>)
        air.channel.get sync @single[] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
      }
      // CHECK: %{{.*}}, %{{.*}} = air.execute [%{{.*}}] -> (memref<8xi32, 1 : i32>) {
      // CHECK: air.execute_terminator %{{.*}} : memref<8xi32, 1 : i32>
      %e, %buf = air.execute [%p2] -> (memref<8xi32, 1 : i32>) {
        %m = memref.alloc() : memref<8xi32, 1 : i32>
        air.execute_terminator %m : memref<8xi32, 1 : i32>
      }
      // CHECK: %{{.*}} = air.execute [%{{.*}}] {
      %e2 = air.execute [%e] {
        memref.dealloc %buf : memref<8xi32, 1 : i32>
      }
    }
  }
  return
}
