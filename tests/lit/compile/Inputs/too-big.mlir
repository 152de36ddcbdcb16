// A 5x5 herd: npu1_4col has 4 columns of 4 compute tiles.
module {
  func.func @big() {
    %c5 = arith.constant 5 : index
    air.herd @h tile (%tx, %ty) in (%sx=%c5, %sy=%c5) {
      %b = memref.alloc() : memref<16xi32, 2 : i32>
    }
    return
  }
}
