// The same shape through an upstream op: scf.reduce's region (parsed by
// code ODS generates for MLIR) defines %t, used earlier outside it.
func.func @f(%a: !air.async.token) {
  %u = air.wait_all async [%t]
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%a) -> !air.async.token {
    scf.reduce(%a : !air.async.token) {
    ^bb0(%x: !air.async.token, %y: !air.async.token):
      %t = air.wait_all async [%x, %y]
      scf.reduce.return %t : !air.async.token
    ^bb1:
      %oops = air.wait_all async [%undefined
  }
  return
}
