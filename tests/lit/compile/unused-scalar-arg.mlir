// A scalar argument that only passes through the hierarchies' argument
// lists, which nothing reads, is not used: the runtime sequence keeps it in
// its signature (the host passes every argument) and nothing else names it.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK: aie.runtime_sequence(%{{.*}}: memref<16xi32>, %{{.*}}: i32, %{{.*}}: memref<16xi32>) {

module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @passthrough(%a: memref<16xi32>, %mode: i32, %b: memref<16xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%x=%a, %m=%mode, %y=%b) : memref<16xi32>, i32, memref<16xi32> {
      air.channel.put @In[] (%x[] [] []) : (memref<16xi32>)
      air.segment @seg args(%sm=%m) : i32 {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%hm=%sm) : i32 {
          %buf = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
          air.channel.put @Out[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
          memref.dealloc %buf : memref<16xi32, 2 : i32>
        }
      }
      air.channel.get @Out[] (%y[] [] []) : (memref<16xi32>)
    }
    return
  }
}
