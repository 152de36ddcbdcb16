// What is wrong: two wait_all ops wait for each other's token. A token is an
//   SSA value, so the cycle is a use before the definition; MLIR's verifier
//   rejects it (dominance), before any check runs.
// Rule broken: seed 000 section 1.4: an op waits only for tokens produced
//   before it; a dependency cycle never signals (structure).
// Fix: drop one of the two dependencies.
func.func @token_cycle() {
  air.launch () in () {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %a = air.wait_all async [%b]
    // expected-note @+1 {{operand defined here}}
    %b = air.wait_all async [%a]
  }
  return
}
