// A cascade link between two cores (drawn by report --format=html as a
// thick grey arrow; tests/lit/report/design-svg.test). Written for the test.
module {
  aie.device(npu1_1col) {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    aie.cascade_flow(%t2, %t3)
    aie.core(%t2) {
      aie.end
    }
    aie.core(%t3) {
      aie.end
    }
  }
}
