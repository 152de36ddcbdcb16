// Two co-resident segments whose given rectangles overlap in column 2.
func.func @f() {
  air.launch () in () {
    air.segment @left attributes {x_loc = 0 : i64, y_loc = 2 : i64, x_size = 3 : i64, y_size = 4 : i64} {
      %c1 = arith.constant 1 : index
      air.herd @a tile (%x) in (%n=%c1) {
      }
    }
    air.segment @right attributes {x_loc = 2 : i64, y_loc = 2 : i64, x_size = 2 : i64, y_size = 4 : i64} {
      %c1 = arith.constant 1 : index
      air.herd @b tile (%x) in (%n=%c1) {
      }
    }
  }
  return
}
