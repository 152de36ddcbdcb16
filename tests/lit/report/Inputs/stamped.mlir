// A segment stamped out 8 times, each with a 2x3 herd: 48 tiles.
func.func @f() {
  air.launch () in () {
    %c8 = arith.constant 8 : index
    air.segment @foo unroll(%i) in (%n=%c8) {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      air.herd @h tile (%x, %y) in (%sx=%c2, %sy=%c3) {
      }
    }
  }
  return
}
