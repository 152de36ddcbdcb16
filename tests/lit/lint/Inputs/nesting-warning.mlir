func.func @f() {
  air.launch () in () {
    %c1 = arith.constant 1 : index
    air.herd tile (%x) in (%s=%c1) {
    }
  }
  return
}
