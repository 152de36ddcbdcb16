// Seed 003_9cf99b81550acd41.txt, lines 1199-1218 (air-to-aie, "Generate
// aie.shim_dma_allocation as handle to runtime operations", input IR): L3
// puts and gets at function level around a segment. The channel
// declarations and (after each of the seed's `...` lines, kept as comments)
// the L2 buffers `%memtile0`, `%memtile1` are the completion.
//
// In this listing air.segment sits directly in the function, as in
// upstream's air-to-aie tests. The compute model (seed 000, section 2.2,
// "Nesting constraints") requires a segment to be nested in a launch (or in
// another segment), so the listing parses (checked with verification off)
// but does not verify.
//
// RUN: air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified %s | FileCheck %s
// RUN: air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified %s | air-opt --mlir-very-unsafe-disable-verifier-on-parsing -mlir-print-assume-verified | FileCheck %s
// RUN: not air-opt %s 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: func.func @func4
// CHECK: air.channel.put @channel_2[] (%{{.*}}[] [] []) {id = 1 : i32} : (memref<1024xi32>)
// CHECK: air.segment @segment0 {
// CHECK: air.channel.get @channel_2[] (%{{.*}}[] [] []) {id = 2 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.put @channel_5[] (%{{.*}}[] [] []) {id = 7 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.get @channel_5[] (%{{.*}}[] [] []) {id = 8 : i32} : (memref<1024xi32>)
// VERIFY: error: 'air.segment' op must be nested inside an 'air.launch' or another 'air.segment'

module {
  air.channel @channel_2 [1, 1]
  air.channel @channel_3 [1, 1]
  air.channel @channel_4 [1, 1]
  air.channel @channel_5 [1, 1]
func.func @func4(%arg0 : memref<1024xi32>, %arg1 : memref<1024xi32>) -> () {
  // ...
  air.channel.put @channel_2[] (%arg0[] [] []) {id = 1 : i32} : (memref<1024xi32>)
  air.segment @segment0 {
    // ...
    %memtile0 = memref.alloc() : memref<1024xi32, 1>
    %memtile1 = memref.alloc() : memref<1024xi32, 1>
    air.channel.get @channel_2[] (%memtile0[] [] []) {id = 2 : i32} : (memref<1024xi32, 1>)
    // ...
    air.channel.put @channel_3[] (%memtile0[] [] []) {id = 3 : i32} : (memref<1024xi32, 1>)
    air.channel.get @channel_4[] (%memtile1[] [] []) {id = 6 : i32} : (memref<1024xi32, 1>)
    air.channel.put @channel_5[] (%memtile1[] [] []) {id = 7 : i32} : (memref<1024xi32, 1>)
    // ...
    memref.dealloc %memtile0 : memref<1024xi32, 1>
    memref.dealloc %memtile1 : memref<1024xi32, 1>
    air.segment_terminator
  }
  // ...
  air.channel.get @channel_5[] (%arg1[] [] []) {id = 8 : i32} : (memref<1024xi32>)
  return
}
}
