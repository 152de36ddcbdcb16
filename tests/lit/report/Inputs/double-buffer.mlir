// scf.for with two token chains (pipeline depth D = 2): two 2x2 herds can be
// active at once, 8 tiles; L2: a ping and a pong buffer.
func.func @f() {
  air.launch () in () {
    air.segment @db {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %t0 = air.wait_all async
      %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%a = %t0, %b = %t0) -> (!air.token, !air.token) {
        %h = air.herd @compute async [%a] tile (%x, %y) in (%sx=%c2, %sy=%c2) {
        }
        scf.yield %b, %h : !air.token, !air.token
      }
    }
  }
  return
}
