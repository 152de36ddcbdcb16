// air.execute yields exactly its declared results (compute model 2.6).
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @execute_mismatch() {
  // expected-error@+1 {{'air.execute' op yields 0 values through 'air.execute_terminator' but declares 1 results of matching types}}
  %t, %v = air.execute -> (index) {
    %c0 = arith.constant 0 : index
  }
  return
}
