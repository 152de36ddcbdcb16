//===- BarrierRaceEngineTest.cpp - the GPU after-check's isl engine -------===//
#include "lowerings/AIRToGPU/BarrierRaceEngine.h"

#include <gtest/gtest.h>

using namespace aircheck;
using Kind = RaceStatement::Kind;

namespace {
RaceStatement access(Kind kind, std::string buffer, std::vector<std::string> schedule,
                     std::vector<std::string> index, unsigned depth = 0,
                     std::string domain = "") {
  RaceStatement s;
  s.kind = kind;
  s.buffer = std::move(buffer);
  s.schedule = std::move(schedule);
  s.index = std::move(index);
  s.depth = depth;
  s.domain = std::move(domain);
  return s;
}
RaceStatement barrier(std::vector<std::string> schedule, unsigned depth = 0,
                      std::string domain = "") {
  return access(Kind::Barrier, "", std::move(schedule), {}, depth,
                std::move(domain));
}
RaceProgram block(int64_t x, int64_t y = 1) {
  RaceProgram p;
  p.block = {x, y, 1};
  return p;
}
} // namespace

TEST(BarrierRaceEngine, DistinctElementsPerThreadDoNotRace) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t0"}));
  p.statements.push_back(access(Kind::Read, "a", {"1"}, {"t0"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

TEST(BarrierRaceEngine, NeighbourReadWithoutBarrierRaces) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t0"}));
  p.statements.push_back(access(Kind::Read, "a", {"1"}, {"(t0 + 1) mod 64"}));
  RaceResult r = checkBarrierRaces(p);
  ASSERT_EQ(r.verdict, RaceResult::Verdict::Race);
  EXPECT_EQ(r.first, 0u);
  EXPECT_EQ(r.second, 1u);
  EXPECT_NE(r.witness.find("thread ("), std::string::npos);
}

TEST(BarrierRaceEngine, BarrierBetweenSeparates) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t0"}));
  p.statements.push_back(barrier({"1"}));
  p.statements.push_back(access(Kind::Read, "a", {"2"}, {"(t0 + 1) mod 64"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

TEST(BarrierRaceEngine, BarrierBeforeBothDoesNotSeparate) {
  RaceProgram p = block(64);
  p.statements.push_back(barrier({"0"}));
  p.statements.push_back(access(Kind::Write, "a", {"1"}, {"t0"}));
  p.statements.push_back(access(Kind::Read, "a", {"2"}, {"(t0 + 1) mod 64"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::Race);
}

TEST(BarrierRaceEngine, OtherBuffersAndReadsDoNotConflict) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t0"}));
  p.statements.push_back(access(Kind::Read, "b", {"1"}, {"(t0 + 1) mod 64"}));
  p.statements.push_back(access(Kind::Read, "c", {"2"}, {"0"}));
  p.statements.push_back(access(Kind::Read, "c", {"3"}, {"0"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

TEST(BarrierRaceEngine, WriteWriteToOneElementRaces) {
  RaceProgram p = block(2);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"0"}));
  RaceResult r = checkBarrierRaces(p);
  ASSERT_EQ(r.verdict, RaceResult::Verdict::Race);
  EXPECT_EQ(r.first, 0u);
  EXPECT_EQ(r.second, 0u);
}

TEST(BarrierRaceEngine, GuardedWriteIsOneThread) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0", "0", "0"}, {"0"}, 0, "t0 = 0"));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
  p.statements.push_back(access(Kind::Read, "a", {"1"}, {"0"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::Race);
  p.statements.back().schedule = {"2"};
  p.statements.insert(p.statements.begin() + 1, barrier({"1"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

// for k in 0..4 { a[t] = ..; barrier; .. = a[(t + 1) mod 64] }: the read of
// iteration k and the write of k + 1 race; a barrier at the end fixes it.
TEST(BarrierRaceEngine, LoopCarriedWriteAfterRead) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0", "k0", "0"}, {"t0"}, 1, "k0 < 4"));
  p.statements.push_back(barrier({"0", "k0", "1"}, 1, "k0 < 4"));
  p.statements.push_back(
      access(Kind::Read, "a", {"0", "k0", "2"}, {"(t0 + 1) mod 64"}, 1, "k0 < 4"));
  RaceResult r = checkBarrierRaces(p);
  ASSERT_EQ(r.verdict, RaceResult::Verdict::Race);
  EXPECT_NE(r.witness.find("loop iteration"), std::string::npos);
  p.statements.push_back(barrier({"0", "k0", "3"}, 1, "k0 < 4"));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

// A copy spread over the threads: thread t writes t, t + 32, ...; a later
// read of any element after a barrier is separated.
TEST(BarrierRaceEngine, SpreadCopyThenBarrier) {
  RaceProgram p = block(32);
  p.statements.push_back(access(Kind::Write, "a", {"0", "k0", "0"},
                                {"floor((t0 + 32 * k0) / 8)", "(t0 + 32 * k0) mod 8"}, 1,
                                "t0 + 32 * k0 < 1024"));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
  p.statements.push_back(access(Kind::Read, "a", {"2", "k0", "0"}, {"k0", "3"}, 1, "k0 < 128"));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::Race);
  p.statements.insert(p.statements.begin() + 1, barrier({"1"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

TEST(BarrierRaceEngine, UnknownIndexIsAnyElement) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {""}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::Race);
}

TEST(BarrierRaceEngine, ParametersAreOneValueForTheBlock) {
  RaceProgram p = block(64);
  p.params = {"p0"};
  // Thread t writes a[p0 * 64 + t]: distinct per thread for any p0.
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"64 * p0 + t0"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
}

TEST(BarrierRaceEngine, TwoDimensionalBlock) {
  RaceProgram p = block(8, 8);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t1", "t0"}));
  EXPECT_EQ(checkBarrierRaces(p).verdict, RaceResult::Verdict::NoRace);
  // Rows only: threads of one row collide.
  p.statements.push_back(access(Kind::Write, "b", {"1"}, {"t1"}));
  RaceResult r = checkBarrierRaces(p);
  ASSERT_EQ(r.verdict, RaceResult::Verdict::Race);
  EXPECT_EQ(r.first, 1u);
}

TEST(BarrierRaceEngine, MalformedExpressionIsUnknownNotAPass) {
  RaceProgram p = block(64);
  p.statements.push_back(access(Kind::Write, "a", {"0"}, {"t0 +* 1"}));
  RaceResult r = checkBarrierRaces(p);
  EXPECT_EQ(r.verdict, RaceResult::Verdict::Unknown);
  EXPECT_FALSE(r.why.empty());
}
