// Seed 003_9cf99b81550acd41.txt, lines 1168-1190 (air-to-aie, "Outline AIE
// circuit-switched streaming interconnects using aie.flow", input IR). The
// channel declaration and (after each of the seed's `...` lines, kept as
// comments) the L2 and L1 buffers and size constants are the completion.
// The output IR (line 1195) is aie dialect only and is not covered.
//
// In this listing air.segment sits directly in the function, as in
// upstream's air-to-aie tests; it parses and verifies, as upstream's
// verifier accepts a bare segment. The compute model (seed 000, sections
// 2.1-2.2, "Nesting constraints") nests a segment in a launch (or in another
// segment), so lint warns (hierarchy-nesting) and analyses the segment in a
// one-instance launch of its own, where its put and its herd's get balance
// and are proven deadlock-free.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK-LABEL: func.func @func4
// CHECK: air.segment @segment0 {
// CHECK: air.channel.put @channel_3[] (%{{.*}}[] [] []) {id = 3 : i32} : (memref<1024xi32, 1>)
// CHECK: air.herd @herd4 tile (%[[X:.*]], %[[Y:.*]]) in (%{{.*}}=%c1{{.*}}, %{{.*}}=%c1{{.*}}) attributes {x_loc = 2 : i32, y_loc = 3 : i32} {
// CHECK: air.channel.get @channel_3[%[[X]], %[[Y]]] (%{{.*}}[] [] []) {id = 4 : i32} : (memref<1024xi32, 2>)
// LINT: seed003_air_to_aie_flow.mlir:{{[0-9]+}}:3: warning: 'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own
// LINT-NEXT: air.segment @segment0
// LINT: note: hint: wrap it yourself so the program means the same in every tool
// LINT: proven: deadlock freedom, for every schedule (symbolic: {{.*}})
// LINT: air-check: 1 file, 0 errors, 1 warning

module {
  air.channel @channel_3 [1, 1]
func.func @func4(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
  // ...
  air.segment @segment0  {
    // ...
    %c1_0 = arith.constant 1 : index
    %c1_1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<1024xi32, 1>
    air.channel.put  @channel_3[] (%alloc[] [] []) {id = 3 : i32} : (memref<1024xi32, 1>)
    // ...
    air.herd @herd4  tile (%arg2, %arg3) in (%arg4=%c1_0, %arg5=%c1_1) attributes {x_loc = 2 : i32, y_loc = 3 : i32} {
      // ...
      %alloc_3 = memref.alloc() : memref<1024xi32, 2>
      air.channel.get  @channel_3[%arg2, %arg3] (%alloc_3[] [] []) {id = 4 : i32} : (memref<1024xi32, 2>)
      // ...
      memref.dealloc %alloc_3 : memref<1024xi32, 2>
      air.herd_terminator
    }
    // ...
    memref.dealloc %alloc : memref<1024xi32, 1>
    air.segment_terminator
  }
  // ...
  return
}
}
