// Nested segments multiply level by level: 2 outer x 3 inner x a 2x1 herd.
func.func @f() {
  air.launch () in () {
    %c2 = arith.constant 2 : index
    air.segment @outer unroll(%i) in (%n=%c2) {
      %c3 = arith.constant 3 : index
      air.segment @inner unroll(%j) in (%m=%c3) {
        %c2h = arith.constant 2 : index
        %c1h = arith.constant 1 : index
        %l2 = memref.alloc() : memref<1024xi32, 1 : i32>
        air.herd @h tile (%x, %y) in (%sx=%c2h, %sy=%c1h) {
        }
      }
    }
  }
  return
}
