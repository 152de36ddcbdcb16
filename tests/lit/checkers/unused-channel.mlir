// A channel nobody uses is a warning, not an error (lint exits 0).
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint %s 2>&1 | FileCheck %s
// CHECK: air-check: 1 file, 0 errors, 1 warning

// expected-warning@+1 {{channel @unused is declared but never used}}
air.channel @unused [2]
func.func @f() {
  return
}
