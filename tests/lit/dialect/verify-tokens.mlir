// Token forms (compute model 2.1 "Synchrony"): an async op names its token,
// a sync op binds none, air.wait_all takes only dependency tokens, and token
// lists hold values of the AIR token types. The token scope rules of 1.5
// (no concurrency list on air.launch, only dependency tokens into a launch)
// are lint's: checkers/launch-token-scope.mlir.
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @async_without_result() {
  // expected-error@+1 {{needs to be named when marked 'async'}}
  air.wait_all async
  return
}

// -----

func.func @sync_with_result() {
  // expected-error@+1 {{a 'sync' op blocks and produces no token, but a result is bound}}
  %t = air.launch sync () in () {
  }
  return
}

// -----

func.func @wait_all_affinity(%t: !air.token) {
  // expected-error@+1 {{'air.wait_all' takes only dependency tokens}}
  air.wait_all [affinity = [%t]]
  return
}

// -----

// expected-error@+1 {{unknown AIR type 'tok'; expected 'async.token' or 'token'}}
func.func @bad_type(%t: !air.tok) {
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @dependency_not_a_token(%i: index) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: '!air.async.token' vs 'index'}}
  air.wait_all [%i]
  return
}
