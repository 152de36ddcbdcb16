// Seed 003_9cf99b81550acd41.txt, lines 1199-1218 (air-to-aie, "Generate
// aie.shim_dma_allocation as handle to runtime operations", input IR): L3
// puts and gets at function level around a segment. The channel
// declarations and (after each of the seed's `...` lines, kept as comments)
// the L2 buffers `%memtile0`, `%memtile1` are the completion.
//
// In this listing air.segment sits directly in the function, as in
// upstream's air-to-aie tests; it parses and verifies, as upstream's
// verifier accepts a bare segment. The compute model (seed 000, sections
// 2.1-2.2, "Nesting constraints") nests a segment in a launch (or in another
// segment), so lint warns (hierarchy-nesting) and analyses the segment in a
// one-instance launch of its own. Lint also reports @channel_3 (put, never
// got) and @channel_4 (got, never put): the completion takes these two
// memtile transfers from the seed's "Outline air.segment to aie.memtile"
// listing (lines 1114 and 1121), where the herd at their other ends is
// itself elided (`...`), so this partial listing is unbalanced as written.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: not air-check lint %s 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK-LABEL: func.func @func4
// CHECK: air.channel.put @channel_2[] (%{{.*}}[] [] []) {id = 1 : i32} : (memref<1024xi32>)
// CHECK: air.segment @segment0 {
// CHECK: air.channel.get @channel_2[] (%{{.*}}[] [] []) {id = 2 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.put @channel_5[] (%{{.*}}[] [] []) {id = 7 : i32} : (memref<1024xi32, 1>)
// CHECK: air.channel.get @channel_5[] (%{{.*}}[] [] []) {id = 8 : i32} : (memref<1024xi32>)
// LINT: seed003_air_to_aie_shim_dma_input.mlir:{{[0-9]+}}:3: warning: 'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own
// LINT-NEXT: air.segment @segment0
// LINT: note: hint: wrap it yourself so the program means the same in every tool
// LINT: error: channel @channel_3 has 1 put but no get: the puts block forever once it is full
// LINT: error: channel @channel_4 has 1 get but no put: the gets wait forever for data
// LINT: air-check: 1 file, 2 errors, 1 warning

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
