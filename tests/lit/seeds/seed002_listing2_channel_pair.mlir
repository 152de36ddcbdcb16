// Seed 002_8c142cced114e0df.txt, lines 184-191 (Listing 2, "Equivalent
// air.channel pair"), with footnote 3 on line 197: "For simplicity, we omit
// the offsets, sizes, and strides lists from this code snippet." The paper
// elides, besides those lists, the (empty) channel index list and the memref
// type, so the completion of `air.channel.put @chan1 (%x)` is
// `air.channel.put @chan1[] (%x[] [] []) : (…)`; the paper's short form
// cannot parse as written (the operand's type is not given). Also completed:
// the channel declaration, the enclosing function, launch, segment and herd,
// and `%x` (L2) and `%y` (L1). Listing 1 (line 185) has only its caption in
// the seed and is not covered.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @chan1 []
air.channel @chan1 []

// CHECK-LABEL: func.func @channel_pair
// CHECK: air.channel.put @chan1[] (%{{.*}}[] [] []) : (memref<1024xi32, 1>)
// CHECK: air.herd
// CHECK: air.channel.get @chan1[] (%{{.*}}[] [] []) : (memref<1024xi32, 2>)
func.func @channel_pair() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    air.segment @pair {
      %c1_0 = arith.constant 1 : index
      %x = memref.alloc() : memref<1024xi32, 1>
air.channel.put @chan1[] (%x[] [] []) : (memref<1024xi32, 1>)
      air.herd tile (%tx, %ty) in (%sx=%c1_0, %sy=%c1_0) {
        %y = memref.alloc() : memref<1024xi32, 2>
air.channel.get @chan1[] (%y[] [] []) : (memref<1024xi32, 2>)
        memref.dealloc %y : memref<1024xi32, 2>
      }
      memref.dealloc %x : memref<1024xi32, 1>
    }
  }
  return
}
