// Channel puts and gets change their channel's FIFO: no MLIR pass may treat
// them as dead code, even a put (which only reads its memref) whose token
// nobody uses. (Before the effect on the channel resource, canonicalize
// deleted such a put.)
// RUN: air-opt --canonicalize --cse %s | FileCheck %s

// CHECK-LABEL: func.func @unused_tokens
// CHECK:       air.channel.put @c[]
// CHECK:       air.channel.put async @c[]
// CHECK:       air.channel.get @d[]
// CHECK:       air.channel.get async @d[]
air.channel @c [1, 1]
air.channel @d [1, 1]
func.func @unused_tokens(%a: memref<16xi32>, %b: memref<16xi32>) {
  air.channel.put @c[] (%a[] [] []) : (memref<16xi32>)
  %t = air.channel.put async @c[] (%a[] [] []) : (memref<16xi32>)
  air.channel.get @d[] (%b[] [] []) : (memref<16xi32>)
  %u = air.channel.get async @d[] (%b[] [] []) : (memref<16xi32>)
  return
}
