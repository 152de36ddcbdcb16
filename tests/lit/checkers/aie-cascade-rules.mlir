// The rules of cascade streams that aie-flows checks and the cases
// aie-deadlock cannot model (its sibling aie-cascade.mlir has the
// searched ones). @fork sends a core's cascade east and south: a core has
// one cascade out. @join brings two into one core. @memtile sends one
// into a memory tile, which has no core. @aie1 sends one south on AIE1,
// whose cascades run along a row. @nopath puts on a cascade no flow
// leaves, and @notile names a flow's ends by something else than tiles.
// RUN: air-check lint --checks=aie-deadlock,aie-flows --verify-diagnostics %s
module {
  // expected-warning @+1 {{deadlock freedom of the array is unknown: two cascade streams out of, or into, one tile}}
  aie.device(npu1_4col) @fork {
    %t03 = aie.tile(0, 3)
    %t13 = aie.tile(1, 3)
    %t02 = aie.tile(0, 2)
    // expected-note @+1 {{the other cascade stream}}
    aie.cascade_flow(%t03, %t13)
    // expected-error @+2 {{a second cascade stream out of tile (0, 3); a core has one cascade in and one out}}
    // expected-note @+1 {{here}}
    aie.cascade_flow(%t03, %t02)
  }
  // expected-warning @+1 {{deadlock freedom of the array is unknown: two cascade streams out of, or into, one tile}}
  aie.device(npu1_4col) @join {
    %t03 = aie.tile(0, 3)
    %t14 = aie.tile(1, 4)
    %t13 = aie.tile(1, 3)
    // expected-note @+1 {{the other cascade stream}}
    aie.cascade_flow(%t03, %t13)
    // expected-error @+2 {{a second cascade stream into tile (1, 3); a core has one cascade in and one out}}
    // expected-note @+1 {{here}}
    aie.cascade_flow(%t14, %t13)
  }
  aie.device(npu1_4col) @memtile {
    %t02 = aie.tile(0, 2)
    %t01 = aie.tile(0, 1)
    // expected-error @+1 {{a cascade stream from tile (0, 2) to memory tile (0, 1): cascades join the cores of compute tiles}}
    aie.cascade_flow(%t02, %t01)
  }
  aie.device(xcvc1902) @aie1 {
    %t13 = aie.tile(1, 3)
    %t12 = aie.tile(1, 2)
    %t23 = aie.tile(2, 3)
    %t33 = aie.tile(3, 3)
    // expected-error @+1 {{a cascade stream from tile (1, 3) to tile (1, 2): on AIE1 a core's cascade goes to its east or west neighbour in its row; hint: place the receiving core there}}
    aie.cascade_flow(%t13, %t12)
    // Along the row, either way: accepted.
    aie.cascade_flow(%t33, %t23)
  }
  // expected-warning @+1 {{deadlock freedom of the array is unknown: a put_cascade on a tile no aie.cascade_flow leaves}}
  aie.device(npu1_1col) @nopath {
    %t2 = aie.tile(0, 2)
    %c2 = aie.core(%t2) {
      %v = arith.constant dense<1> : vector<16xi32>
      // expected-note @+1 {{here}}
      aie.put_cascade(%v : vector<16xi32>)
      aie.end
    }
  }
  // expected-warning @+1 {{deadlock freedom of the array is unknown: a cascade stream whose ends are not aie.tiles}}
  aie.device(npu1_1col) @notile {
    %t3 = aie.tile(0, 3)
    %c = arith.constant 2 : index
    // expected-note @+1 {{here}}
    aie.cascade_flow(%t3, %c)
  }
}
