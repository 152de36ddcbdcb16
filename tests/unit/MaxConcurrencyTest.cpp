//===- MaxConcurrencyTest.cpp - peak live weight under a partial order ----===//
#include "solvers/MaxConcurrency.h"

#include <gtest/gtest.h>

using namespace aircheck;

// Three items in a chain and one unordered item: the peak is the heaviest
// chain element plus the free one, not the sum of all.
TEST(MaxConcurrency, ChainAndFreeItem) {
  MaxConcurrency mc;
  unsigned e[8];
  for (unsigned &x : e)
    x = mc.addEvent();
  mc.addItem(e[0], e[1], 10);
  mc.addItem(e[2], e[3], 30);
  mc.addItem(e[4], e[5], 20);
  mc.addItem(e[6], e[7], 5);
  mc.order(e[1], e[2]); // first ends before second starts
  mc.order(e[3], e[4]);
  auto r = mc.solve();
  ASSERT_TRUE(r.peak.has_value()) << r.why;
  EXPECT_EQ(*r.peak, 35);
  EXPECT_EQ(r.items.size(), 2u);
}

// Without any order everything may overlap.
TEST(MaxConcurrency, UnorderedItemsAllOverlap) {
  MaxConcurrency mc;
  for (int i = 0; i < 5; ++i) {
    unsigned s = mc.addEvent(), t = mc.addEvent();
    mc.addItem(s, t, 7);
  }
  auto r = mc.solve();
  ASSERT_TRUE(r.peak.has_value());
  EXPECT_EQ(*r.peak, 35);
}

// Items sharing an end event with a start: [a, b) and [b, c) never overlap.
TEST(MaxConcurrency, TouchingIntervalsDoNotOverlap) {
  MaxConcurrency mc;
  unsigned a = mc.addEvent(), b = mc.addEvent(), c = mc.addEvent();
  mc.addItem(a, b, 4);
  mc.addItem(b, c, 6);
  auto r = mc.solve();
  ASSERT_TRUE(r.peak.has_value());
  EXPECT_EQ(*r.peak, 6);
}

TEST(MaxConcurrency, EmptyIsZero) {
  MaxConcurrency mc;
  auto r = mc.solve();
  ASSERT_TRUE(r.peak.has_value());
  EXPECT_EQ(*r.peak, 0);
}
