//===- TokenConstraintsTest.cpp - the token-constraint encoding -----------===//
#include "solvers/TokenConstraints.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace aircheck;
using Kind = TokenConstraints::Result::Kind;
using FK = TokenConstraints::Fact::Kind;

static bool inCore(const TokenConstraints::Result &r, unsigned f) {
  return std::find(r.core.begin(), r.core.end(), f) != r.core.end();
}

// Affinity wants the pair one after the other, concurrency wants them to
// overlap: the core is exactly those two facts.
TEST(TokenConstraints, AffinityAndConcurrencyOnOnePair) {
  TokenConstraints tc;
  unsigned a = tc.addOp({"@a"}), b = tc.addOp({"@b"});
  unsigned aff = tc.addAffinity(a, b, "affinity");
  unsigned conc = tc.addConcurrency(a, b, "concurrency");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.core.size(), 2u);
  EXPECT_TRUE(inCore(r, aff));
  EXPECT_TRUE(inCore(r, conc));
}

// A chain a -> w -> b of dependency edges orders a before b; a fact that
// plays no part (c before a) stays out of the minimal core.
TEST(TokenConstraints, ConcurrencyOverTransitiveChain) {
  TokenConstraints tc;
  unsigned a = tc.addOp({"@a"}), w = tc.addOp({"wait_all"}),
           b = tc.addOp({"@b"}), c = tc.addOp({"@c"});
  unsigned e1 = tc.addOrder(a, w, "w waits for a");
  unsigned e2 = tc.addOrder(w, b, "b waits for w");
  unsigned e3 = tc.addOrder(c, a, "a waits for c");
  unsigned conc = tc.addConcurrency(a, b, "concurrency");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.core.size(), 3u);
  EXPECT_TRUE(inCore(r, e1) && inCore(r, e2) && inCore(r, conc));
  EXPECT_FALSE(inCore(r, e3));
}

// An op nested in another runs inside it: ordering the parent before b
// orders its child before b too.
TEST(TokenConstraints, NestingCarriesOrder) {
  TokenConstraints tc;
  unsigned loop = tc.addOp({"scf.for"}), inner = tc.addOp({"@inner"}),
           b = tc.addOp({"@b"});
  tc.nest(inner, loop);
  tc.addOrder(loop, b, "b waits for the loop");
  tc.addConcurrency(inner, b, "concurrency");
  EXPECT_EQ(tc.solve().kind, Kind::Inconsistent);
}

// Affinity alone holds: the witness runs the members one after the other.
TEST(TokenConstraints, AffinityOnlyHolds) {
  TokenConstraints tc;
  unsigned a = tc.addOp({"@a"}), b = tc.addOp({"@b"}), c = tc.addOp({"@c"});
  tc.addAffinity(a, b, "ab");
  tc.addAffinity(a, c, "ac");
  tc.addAffinity(b, c, "bc");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Consistent) << r.why;
  ASSERT_EQ(r.schedule.size(), 3u);
  for (size_t i = 0; i + 1 < r.schedule.size(); ++i)
    EXPECT_LE(r.schedule[i].re, r.schedule[i + 1].rs);
  EXPECT_NE(tc.describe(r).find("@a runs"), std::string::npos);
}

// Two ops of 16 tiles each that must overlap do not fit 16 tiles.
TEST(TokenConstraints, ConcurrencyOverCapacity) {
  TokenConstraints tc;
  TokenConstraints::Op big{"@a"};
  big.tiles = 16;
  unsigned a = tc.addOp(big);
  big.name = "@b";
  unsigned b = tc.addOp(big);
  unsigned conc = tc.addConcurrency(a, b, "concurrency");
  tc.setDevice("npu1_4col", 4, 2, 4);
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(inCore(r, conc));
  bool capacity = false;
  for (unsigned f : r.core)
    capacity |= tc.fact(f).kind == FK::Capacity;
  EXPECT_TRUE(capacity);
}

// The same two ops one after the other (affinity) fit: their peak is the
// larger, not the sum.
TEST(TokenConstraints, AffinityPeakIsTheLarger) {
  TokenConstraints tc;
  TokenConstraints::Op big{"@a"};
  big.tiles = 16;
  big.width = 4;
  big.height = 4;
  unsigned a = tc.addOp(big);
  big.name = "@b";
  unsigned b = tc.addOp(big);
  tc.addAffinity(a, b, "affinity");
  tc.addPartition({a, b}, "partition");
  tc.setDevice("npu1_4col", 4, 2, 4);
  EXPECT_EQ(tc.solve().kind, Kind::Consistent);
}

// Two 2x4 herds that must overlap get rectangles of their own.
TEST(TokenConstraints, ConcurrencyPlacesApart) {
  TokenConstraints tc;
  TokenConstraints::Op h{"@h0"};
  h.tiles = 8;
  h.width = 2;
  h.height = 4;
  unsigned a = tc.addOp(h);
  h.name = "@h1";
  unsigned b = tc.addOp(h);
  tc.addConcurrency(a, b, "concurrency");
  tc.setDevice("npu1_4col", 4, 2, 4);
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Consistent) << r.why;
  ASSERT_TRUE(r.schedule[0].x && r.schedule[1].x);
  EXPECT_NE(*r.schedule[0].x, *r.schedule[1].x);
}

// Explicit placements that overlap, on ops that must overlap in time.
TEST(TokenConstraints, ExplicitPlacementsClash) {
  TokenConstraints tc;
  TokenConstraints::Op h{"@a"};
  h.tiles = 8;
  h.width = 2;
  h.height = 4;
  h.x = 0;
  h.y = 2;
  unsigned a = tc.addOp(h);
  h.name = "@b";
  h.x = 1;
  unsigned b = tc.addOp(h);
  unsigned pa = tc.addPlace(a, "@a at columns 0-1");
  unsigned pb = tc.addPlace(b, "@b at columns 1-2");
  unsigned conc = tc.addConcurrency(a, b, "concurrency");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(inCore(r, pa) && inCore(r, pb) && inCore(r, conc));
}

// An affinity member that declares its partition (x_size / y_size) holds
// exactly it: a member needing more columns cannot share it.
TEST(TokenConstraints, AffinityPartitionTooSmall) {
  TokenConstraints tc;
  TokenConstraints::Op small{"@a"};
  small.tiles = 8;
  small.width = 2;
  small.height = 4;
  small.explicitSize = true;
  unsigned a = tc.addOp(small);
  TokenConstraints::Op wide{"@b"};
  wide.tiles = 16;
  wide.width = 4;
  wide.height = 4;
  unsigned b = tc.addOp(wide);
  tc.addAffinity(a, b, "affinity");
  unsigned part = tc.addPartition({a, b}, "partition");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(inCore(r, part));
}

// Running out of the resource limit is unknown, never consistent.
TEST(TokenConstraints, ResourceLimitIsUnknown) {
  TokenConstraints tc;
  std::vector<unsigned> ops;
  for (int i = 0; i < 12; ++i) {
    TokenConstraints::Op h{"@h" + std::to_string(i)};
    h.tiles = 2;
    h.width = 1;
    h.height = 2;
    ops.push_back(tc.addOp(h));
  }
  for (size_t i = 0; i < ops.size(); ++i)
    for (size_t j = i + 1; j < ops.size(); ++j)
      tc.addConcurrency(ops[i], ops[j], "c");
  tc.setDevice("tiny", 4, 2, 4);
  auto r = tc.solve(5000, /*rlimit=*/1);
  EXPECT_EQ(r.kind, Kind::Unknown);
  EXPECT_FALSE(r.why.empty());
}

// Twenty one-tile ops that must all overlap on 16 tiles: the group's
// shared instant makes it a sum, decided at once, and the core names the
// group and the device.
TEST(TokenConstraints, GroupOverCapacityIsASum) {
  TokenConstraints tc;
  std::vector<unsigned> ops;
  for (int i = 0; i < 20; ++i) {
    TokenConstraints::Op o{"@s" + std::to_string(i)};
    o.tiles = 1;
    o.width = 1;
    o.height = 1;
    ops.push_back(tc.addOp(o));
  }
  for (size_t i = 0; i < ops.size(); ++i)
    for (size_t j = i + 1; j < ops.size(); ++j)
      tc.addConcurrency(ops[i], ops[j], "pair");
  unsigned group = tc.addTogether(ops, "group");
  tc.setDevice("npu1_4col", 4, 2, 4);
  auto r = tc.solve(5000);
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.core.size(), 2u);
  EXPECT_TRUE(inCore(r, group));
}

// Where a pair suffices (affinity against one pair of a larger group), the
// core names the pair, not the whole group.
TEST(TokenConstraints, PairRatherThanGroup) {
  TokenConstraints tc;
  unsigned a = tc.addOp({"@a"}), b = tc.addOp({"@b"}), c = tc.addOp({"@c"});
  unsigned aff = tc.addAffinity(a, b, "affinity");
  unsigned ab = tc.addConcurrency(a, b, "ab");
  tc.addConcurrency(a, c, "ac");
  tc.addConcurrency(b, c, "bc");
  unsigned group = tc.addTogether({a, b, c}, "group");
  auto r = tc.solve();
  ASSERT_EQ(r.kind, Kind::Inconsistent) << r.why;
  EXPECT_EQ(r.core.size(), 2u);
  EXPECT_TRUE(inCore(r, aff) && inCore(r, ab));
  EXPECT_FALSE(inCore(r, group));
}
