// Regression (issue 13): an scf.reduce whose reduction region lacks the two
// block arguments crashed lint inside mlir::verify, since scf.reduce.return's
// verifier reads them before scf.reduce's own verifier checks that they are
// there. Lint checks that shape first: one `structure` error, exit 1, and
// the verifier does not run on the module.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-check lint %t/no-args.mlir 2> %t/no-args.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOARGS < %t/no-args.err
// NOARGS: no-args.mlir:11:7: error: 'scf.reduce' op reduction region #0 must take two arguments of the reduced operand's type '!air.async.token', but its block has no arguments
// NOARGS-NEXT: scf.reduce(%t : !air.token) {
// NOARGS-NOT: error
// NOARGS: air-check: 1 file, 1 error, 0 warnings

// air-opt runs the same guard before MLIR's verifier (its first pass): the
// same error, exit 1, no crash.
// RUN: air-opt %t/no-args.mlir 2> %t/opt.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=OPT < %t/opt.err
// OPT: no-args.mlir:11:7: error: 'scf.reduce' op reduction region #0 must take two arguments
// OPT-NOT: Stack dump

// The finding is under rule `structure`.
// RUN: not air-check lint --format=json %t/no-args.mlir | FileCheck %s --check-prefix=JSON
// JSON: "rule": "structure"
// JSON: "status": "findings"

// One argument, or two of another type: the same error.
// RUN: air-check lint %t/one-arg.mlir %t/wrong-type.mlir 2> %t/other.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=OTHER < %t/other.err
// OTHER: one-arg.mlir:11:7: error: 'scf.reduce' op reduction region #0 must take two arguments of the reduced operand's type '!air.async.token', but its block takes ('!air.async.token')
// OTHER: wrong-type.mlir:11:7: error: 'scf.reduce' op reduction region #0 must take two arguments of the reduced operand's type '!air.async.token', but its block takes ('index', 'index')
// OTHER: air-check: 2 files, 2 errors, 0 warnings

// report checks the same before it verifies: exit 2, no crash.
// RUN: air-check report --device=npu1_4col %t/no-args.mlir 2> %t/report.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.err
// REPORT: error: 'scf.reduce' op reduction region #0 must take two arguments

//--- no-args.mlir
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = air.wait_all async
  %r = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%t0) -> !air.token {
    %t = air.wait_all async [%t0]
    // The reduction region should begin with
    //   ^bb0(%a: !air.token, %b: !air.token):
    // and merge %a and %b.
      scf.reduce(%t : !air.token) {
        %m = air.wait_all async [%t, %t]
        scf.reduce.return %m : !air.token
      }
  }
  air.wait_all [%r]
  return
}
//--- one-arg.mlir
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = air.wait_all async
  %r = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%t0) -> !air.token {
    %t = air.wait_all async [%t0]
    // One argument where scf.reduce needs two.
    // (kept at the same line as in no-args.mlir)
    // .
      scf.reduce(%t : !air.token) {
      ^bb0(%a: !air.token):
        %m = air.wait_all async [%a, %t]
        scf.reduce.return %m : !air.token
      }
  }
  air.wait_all [%r]
  return
}
//--- wrong-type.mlir
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = air.wait_all async
  %r = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%t0) -> !air.token {
    %t = air.wait_all async [%t0]
    // Two arguments of the wrong type.
    // (kept at the same line as in no-args.mlir)
    // .
      scf.reduce(%t : !air.token) {
      ^bb0(%a: index, %b: index):
        %m = air.wait_all async [%t, %t]
        scf.reduce.return %m : !air.token
      }
  }
  air.wait_all [%r]
  return
}
