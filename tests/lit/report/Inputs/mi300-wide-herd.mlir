// The MI300 nested-segment mapping with a herd of 64 waves: too many for one CU.
func.func @f() {
  air.launch () in () {
    %c8 = arith.constant 8 : index
    air.segment @xcd unroll(%x) in (%nx=%c8) attributes {backend_granularity = "XCD"} {
      %c38 = arith.constant 38 : index
      air.segment @cu unroll(%c) in (%nc=%c38) {
        %c64 = arith.constant 64 : index
        air.herd @warps tile (%w) in (%nw=%c64) {
        }
      }
    }
  }
  return
}
