func.func @f() {
  // expected-note@+1 {{nearest enclosing hierarchy op is this 'air.launch'}}
  air.launch () in () {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'air.herd' op must be nested inside an 'air.segment'}}
    air.herd tile (%x) in (%s=%c1) {
    }
  }
  return
}
