// Seed 003_9cf99b81550acd41.txt, lines 1221-1240 (air-to-aie, "Generate
// aie.shim_dma_allocation ...", output IR), the function part (lines
// 1231-1239): L3 puts and gets carrying a `metadata` symbol reference. The
// `aie.device(xcve2802) {...}` part (lines 1223-1230) is aie dialect, which
// air-opt does not register, and is not covered; its two
// `memref.global "public" @airMemcpyIdN` declarations (lines 1226, 1228),
// which the `metadata` attributes name, are placed at module level instead.
// The channel declarations are the completion; the seed's `...` lines are
// kept as comments.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: memref.global "public" @airMemcpyId7 : memref<1024xi32, 1>
// CHECK: memref.global "public" @airMemcpyId2 : memref<1024xi32, 1>
// CHECK-LABEL: func.func @func4
// CHECK: air.channel.put @channel_2[] (%{{.*}}[] [] []) {id = 1 : i32, metadata = @airMemcpyId2} : (memref<1024xi32>)
// CHECK: air.channel.get @channel_5[] (%{{.*}}[] [] []) {id = 8 : i32, metadata = @airMemcpyId7} : (memref<1024xi32>)

module {
  air.channel @channel_2 [1, 1]
  air.channel @channel_5 [1, 1]
memref.global "public" @airMemcpyId7 : memref<1024xi32, 1>
memref.global "public" @airMemcpyId2 : memref<1024xi32, 1>
func.func @func4(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
  // ...
  air.channel.put  @channel_2[] (%arg0[] [] []) {id = 1 : i32, metadata = @airMemcpyId2} : (memref<1024xi32>)
  // ...
  air.channel.get  @channel_5[] (%arg1[] [] []) {id = 8 : i32, metadata = @airMemcpyId7} : (memref<1024xi32>)
  // ...
  return
}
}
