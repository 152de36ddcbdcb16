//===- Z3SolverTest.cpp - z3 is usable with a timeout ----------------------===//
#include <gtest/gtest.h>
#include <z3++.h>

TEST(Z3, SolvesAndExplainsWithUnsatCore) {
  z3::context c;
  z3::solver s(c);
  z3::params p(c);
  p.set("timeout", 2000u);
  s.set(p);
  z3::expr x = c.int_const("x");
  z3::expr a = c.bool_const("a"), b = c.bool_const("b");
  s.add(z3::implies(a, x > 3));
  s.add(z3::implies(b, x < 2));
  z3::expr_vector assumptions(c);
  assumptions.push_back(a);
  assumptions.push_back(b);
  ASSERT_EQ(s.check(assumptions), z3::unsat);
  EXPECT_EQ(s.unsat_core().size(), 2u);
  EXPECT_EQ(s.check(), z3::sat);
}
