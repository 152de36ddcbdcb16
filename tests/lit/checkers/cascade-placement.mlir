// A cascade between two 4x1 herds without x_loc and y_loc, tile (x, 0) of
// @first sending to tile (x, 0) of @second: it joins neighbours wherever
// @second sits one row above or below @first (one column to the side
// would make the herds overlap). That is proven, as a constraint on their
// placement, and no warning is given (upstream's herd_dataflow example
// has this form).
// RUN: air-check lint --checks=cascade-adjacency --verify-diagnostics %s
// RUN: air-check lint --checks=cascade-adjacency --show-proofs %s 2>&1 | FileCheck %s
// CHECK: proven: cascade channel @cas joins neighbouring tiles wherever herd @second is placed at the offset (0, 1) or (0, -1) (columns, rows) from herd @first: a constraint on their placement, since they have no x_loc and y_loc [cascade-adjacency]
air.channel @cas [4, 1] {channel_type = "npu_cascade"}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %a = air.herd @first async tile (%x, %y) in (%n=%c4, %m=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        %p = air.channel.put async @cas[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %z = air.herd @second async tile (%x, %y) in (%n=%c4, %m=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        %g = air.channel.get async @cas[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
