// launch-token-scope (seed 000 1.5 and 2.1): launch instances are
// may-be-parallel, so an air.launch carries no concurrency list, and only
// dependency tokens cross into a launch body (affinity and concurrency
// tokens never do, not even through nested args(...)). Lint checks it; the
// op verifier leaves it to lint, so air-opt accepts these programs.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-check lint --verify-diagnostics %t/concurrency-list.mlir %t/affinity-into-launch.mlir %t/concurrency-through-segment-args.mlir %t/dependency-ok.mlir
// RUN: air-check lint %t/concurrency-list.mlir %t/affinity-into-launch.mlir %t/concurrency-through-segment-args.mlir 2> %t/err; test $? -eq 1
// RUN: FileCheck %s < %t/err
// CHECK: air-check: 3 files, 3 errors, 0 warnings
// The findings are the rule's own: --disable silences them.
// RUN: not air-check lint --format=json %t/concurrency-list.mlir | FileCheck %s --check-prefix=JSON
// JSON: "rule": "launch-token-scope",
// JSON-NEXT: "severity": "error"
// RUN: air-check lint --disable=launch-token-scope %t/concurrency-list.mlir %t/affinity-into-launch.mlir %t/concurrency-through-segment-args.mlir
// RUN: air-check lint %t/dependency-ok.mlir 2>&1 | FileCheck %s --check-prefix=OK
// OK: air-check: 1 file, 0 errors, 0 warnings
// RUN: air-opt %t/concurrency-list.mlir 2> /dev/null | FileCheck %s --check-prefix=OPT
// OPT: air.launch () in () [concurrency = [%arg0]] {
// RUN: air-opt %t/affinity-into-launch.mlir > /dev/null 2>&1
// RUN: air-opt %t/concurrency-through-segment-args.mlir > /dev/null 2>&1

//--- concurrency-list.mlir
func.func @launch_concurrency(%t: !air.token) {
  // expected-error@+1 {{'air.launch' op must not carry a concurrency list: launch instances are may-be-parallel, so no overlap can be required of them (compute model 2.1)}}
  air.launch () in () [concurrency = [%t]] {
  }
  return
}

//--- affinity-into-launch.mlir
func.func @affinity_token_into_launch() {
  %t = air.token.alloc : !air.token
  // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
  air.launch () in () args(%a=%t) : !air.token {
    // expected-note@+1 {{used in the affinity list here}}
    air.segment @s [affinity = [%a]] {
    }
  }
  return
}

//--- concurrency-through-segment-args.mlir
func.func @concurrency_token_through_segment_args() {
  %t = air.token.alloc : !air.token
  // expected-error@+1 {{'air.launch' op passes a token into its body that is used in a concurrency list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
  air.launch () in () args(%a=%t) : !air.token {
    air.segment @outer args(%b=%a) : !air.token {
      // expected-note@+1 {{used in the concurrency list here}}
      air.segment @inner [concurrency = [%b]] {
      }
    }
  }
  return
}

//--- dependency-ok.mlir
// A dependency token may cross; affinity tokens made inside the launch are
// fine.
func.func @dependency_token_into_launch_ok() {
  %t = air.wait_all async
  air.launch () in () args(%a=%t) : !air.token {
    %ta = air.token.alloc : !air.token
    air.segment @s [dependency = [%a]] [affinity = [%ta]] {
    }
    air.segment @s2 [affinity = [%ta]] {
    }
  }
  return
}
