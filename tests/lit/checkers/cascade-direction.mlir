// AIE2 cascades run east or south (mlir-aie's ConfigureCascadeOp verifier):
// with a device, placement puts a cascade's getting herd one row below, or
// one column east of, its putting herd. Two 4x1 herds without x_loc and
// y_loc: @second goes one row below @first (the report's map: A above B).
// Two herds given rows 2 and 3 with the cascade going up have no
// placement; lint alone (no device) calls them neighbours, as the seed's
// adjacency asks.
// RUN: split-file %s %t
// RUN: air-check report --device=npu1_4col %t/free.mlir | FileCheck %s --check-prefix=FREE
// FREE:      row  3 | A A A A
// FREE-NEXT: row  2 | B B B B
// RUN: air-check lint %t/north.mlir
// RUN: air-check lint --device=npu1_4col --verify-diagnostics %t/north.mlir

//--- free.mlir
air.channel @cas [4, 1] {channel_type = "npu_cascade"}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      air.herd @first tile (%x, %y) in (%n=%c4, %m=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.put @cas[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      air.herd @second tile (%x, %y) in (%n=%c4, %m=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.get @cas[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

//--- north.mlir
air.channel @up [1, 1] {channel_type = "npu_cascade"}
func.func @north() {
  // expected-error @+1 {{on npu1_4col: herd @low at column 0, row 2 (x_loc, y_loc); herd @high at column 0, row 3 (x_loc, y_loc); cascade channel @up needs each tile of herd @high east or south of the tile of herd @low whose put it gets (AIE2 cascades run east or south)}}
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      // expected-note @+1 {{herd @low at column 0, row 2 (x_loc, y_loc)}}
      air.herd @low tile (%x, %y) in (%n=%c1, %m=%c1) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+1 {{cascade channel @up needs each tile of herd @high east or south}}
        air.channel.put @up[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      // expected-note @+1 {{herd @high at column 0, row 3 (x_loc, y_loc)}}
      air.herd @high tile (%x, %y) in (%n=%c1, %m=%c1) attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+2 {{cascade channel @up needs each tile of herd @high east or south}}
        // expected-note @+1 {{hint: place the getting herd one row below (y_loc one less) or one column east (x_loc one more) of the putting herd}}
        air.channel.get @up[%x, %y] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
