// Token rules: synchrony forms (compute model 2.1 "Synchrony") and the scope
// rule of 1.5: only dependency tokens cross into a launch, and a launch
// carries no concurrency list.
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @launch_concurrency(%t: !air.token) {
  // expected-error@+1 {{'air.launch' op must not carry a concurrency list: launch instances are may-be-parallel, so no overlap can be required of them (compute model 2.1)}}
  air.launch () in () [concurrency = [%t]] {
  }
  return
}

// -----

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

// -----

func.func @concurrency_token_through_segment_args() {
  %t = air.token.alloc : !air.token
  // expected-error@+1 {{'air.launch' op passes a token into its body that is used in a concurrency list}}
  air.launch () in () args(%a=%t) : !air.token {
    air.segment @outer args(%b=%a) : !air.token {
      // expected-note@+1 {{used in the concurrency list here}}
      air.segment @inner [concurrency = [%b]] {
      }
    }
  }
  return
}

// -----

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

// -----

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
