//===- AIRToAIETest.cpp - the NPU lowering's BD engine ---------------------===//
#include "analyses/PatternStart.h"
#include "lowerings/AIRToAIE/BDChains.h"
#include "lowerings/AIRToAIE/MergeStreams.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <random>

using namespace aircheck::npu;

namespace {

BD bd(unsigned buffer, int64_t offset, int acq = -1, int rel = -1) {
  BD b;
  b.access.buffer = buffer;
  b.access.offsets = {offset};
  b.access.sizes = {16};
  b.access.strides = {1};
  b.acquireLock = acq;
  b.releaseLock = rel;
  return b;
}

TEST(AIRToAIEChains, IdenticalTransfersFoldToOneBD) {
  std::vector<BD> seq(64, bd(0, 0, 0, 1));
  EXPECT_EQ(chainPeriod(seq), 1u);
}

TEST(AIRToAIEChains, PingPongFoldsToATwoBDRing) {
  std::vector<BD> seq;
  for (int i = 0; i < 8; ++i)
    seq.push_back(bd(i % 2, 0, 0, 1));
  EXPECT_EQ(chainPeriod(seq), 2u);
}

TEST(AIRToAIEChains, APrefixOfAPeriodFolds) {
  // a b c a b: the channel stops where the data stops, so the cycle a b c
  // serves it.
  std::vector<BD> seq{bd(0, 0), bd(0, 16), bd(0, 32), bd(0, 0), bd(0, 16)};
  EXPECT_EQ(chainPeriod(seq), 3u);
}

TEST(AIRToAIEChains, LockActionsArePartOfTheBD) {
  // Same data, but the first BD of each round acquires and the last
  // releases: the period is the round, not one BD.
  std::vector<BD> seq;
  for (int round = 0; round < 3; ++round)
    for (int k = 0; k < 4; ++k)
      seq.push_back(bd(0, 0, k == 0 ? 0 : -1, k == 3 ? 1 : -1));
  EXPECT_EQ(chainPeriod(seq), 4u);
}

TEST(AIRToAIEChains, NoPeriodKeepsEveryBD) {
  std::vector<BD> seq{bd(0, 0), bd(0, 16), bd(0, 32), bd(0, 48)};
  EXPECT_EQ(chainPeriod(seq), 4u);
  EXPECT_EQ(chainPeriod({}), 0u);
}

TEST(AIRToAIEChains, PeriodMatchesItsDefinitionOnRandomSequences) {
  // chainPeriod (a prefix function) against the definition, the shortest
  // p with seq[i] == seq[i mod p], tried p by p, on sequences over 1 to 3
  // BDs: periodic ones, with a tail cut, with one BD changed.
  std::mt19937 rng(20);
  for (int trial = 0; trial < 3000; ++trial) {
    int alphabet = 1 + trial % 3, p0 = 1 + rng() % 6, n = rng() % 40;
    std::vector<BD> base;
    for (int i = 0; i < p0; ++i)
      base.push_back(bd(0, 16 * (rng() % alphabet)));
    std::vector<BD> seq;
    for (int i = 0; i < n; ++i)
      seq.push_back(base[i % p0]);
    if (n && trial % 4 == 0)
      seq[rng() % n] = bd(0, 16 * (rng() % alphabet));
    size_t want = seq.size();
    for (size_t p = 1; p < seq.size(); ++p) {
      bool holds = true;
      for (size_t i = p; holds && i < seq.size(); ++i)
        holds = seq[i] == seq[i % p];
      if (holds) {
        want = p;
        break;
      }
    }
    ASSERT_EQ(chainPeriod(seq), want) << "trial " << trial;
  }
}

class AIRToAIEPatterns : public ::testing::Test {
protected:
  mlir::MLIRContext ctx;
  mlir::MemRefType type(llvm::ArrayRef<int64_t> shape) {
    return mlir::MemRefType::get(shape, mlir::IntegerType::get(&ctx, 32));
  }
  Access access(llvm::ArrayRef<int64_t> offsets, llvm::ArrayRef<int64_t> sizes,
                llvm::ArrayRef<int64_t> strides) {
    Access a;
    a.offsets.assign(offsets.begin(), offsets.end());
    a.sizes.assign(sizes.begin(), sizes.end());
    a.strides.assign(strides.begin(), strides.end());
    return a;
  }
};

TEST_F(AIRToAIEPatterns, WholeBuffer) {
  BDPattern p = bdPattern(access({}, {}, {}), type({16, 32}));
  EXPECT_EQ(p.offset, 0);
  EXPECT_EQ(p.len, 512);
  EXPECT_TRUE(p.sizes.empty());
}

TEST_F(AIRToAIEPatterns, ARowOfAMatrixIsContiguous) {
  // %l2[%k, 0] [1, 256] [256, 1]: row k, no dimensions needed.
  BDPattern p = bdPattern(access({3, 0}, {1, 256}, {256, 1}), type({16, 256}));
  EXPECT_EQ(p.offset, 768);
  EXPECT_EQ(p.len, 256);
  EXPECT_TRUE(p.sizes.empty());
}

TEST_F(AIRToAIEPatterns, ATileKeepsItsDimensions) {
  // A 32x64 tile at (32, 64) of a 64x128 buffer.
  BDPattern p = bdPattern(access({32, 64}, {32, 64}, {128, 1}), type({64, 128}));
  EXPECT_EQ(p.offset, 32 * 128 + 64);
  EXPECT_EQ(p.len, 32 * 64);
  ASSERT_EQ(p.sizes.size(), 2u);
  EXPECT_EQ(p.sizes[0], 32);
  EXPECT_EQ(p.strides[0], 128);
  EXPECT_EQ(p.sizes[1], 64);
  EXPECT_EQ(p.strides[1], 1);
}

TEST_F(AIRToAIEPatterns, ContiguousDimensionsMerge) {
  // [4, 8, 16] with row-major strides [128, 16, 1] is one run of 512.
  BDPattern p = bdPattern(access({0, 0, 0}, {4, 8, 16}, {128, 16, 1}),
                          type({4, 8, 16}));
  EXPECT_EQ(p.len, 512);
  EXPECT_TRUE(p.sizes.empty());
}

// docs/semantics.md 4b: one offset per buffer dimension indexes the
// buffer; otherwise offsets scale by the pattern's strides but the
// innermost, which is added as it is.
TEST(PatternStart, OffsetsPerDimensionIndexTheBuffer) {
  // %out[1, 0, 0] [1, 1, 64] [64, 64, 1] on 2x4x64: row [1, 0], not 64.
  EXPECT_EQ(aircheck::patternStart({1, 0, 0}, {64, 64, 1}, {2, 4, 64}), 256);
  EXPECT_EQ(aircheck::patternStart({1, 2, 3}, {64, 64, 1}, {2, 4, 64}), 256 + 128 + 3);
}

TEST(PatternStart, OtherwiseUpstreamsBDReading) {
  // Two offsets on a 1-D buffer: the outer scaled, the innermost not.
  EXPECT_EQ(aircheck::patternStart({2, 5}, {32, 4}, {256}), 2 * 32 + 5);
  // Fewer offsets than strides align with the innermost.
  EXPECT_EQ(aircheck::patternStart({3}, {64, 8, 2}, {4, 64}), 3);
  EXPECT_EQ(aircheck::patternStart({}, {64, 1}, {4, 64}), 0);
}

} // namespace

//===----------------------------------------------------------------------===//
// MergeStreams: two streams of a core over one channel pair.
//===----------------------------------------------------------------------===//

namespace {
using namespace aircheck::npu;

/// A plan of one core (tile (0, 2)) receiving `n` streams, stream s from a
/// far endpoint at `far[s]`, its transfers at the given orders (the far side
/// at `farOrders`, the core side at `coreOrders`).
TransferPlan coreReceiving(const std::vector<Level> &far,
                           const std::vector<std::vector<uint64_t>> &coreOrders,
                           const std::vector<std::vector<uint64_t>> &farOrders) {
  TransferPlan plan;
  for (size_t s = 0; s < far.size(); ++s) {
    BufferRef l1{Level::L1};
    plan.buffers.push_back(l1);
    BufferRef f{far[s]};
    f.argIndex = s;
    plan.buffers.push_back(f);
    Endpoint get{false, Level::L1};
    get.name = "in" + std::to_string(s);
    for (uint64_t o : coreOrders[s]) {
      Access a;
      a.buffer = 2 * s;
      a.order = o;
      get.accesses.push_back(a);
    }
    Endpoint put{true, far[s]};
    put.name = "src" + std::to_string(s);
    for (uint64_t o : farOrders[s]) {
      Access a;
      a.buffer = 2 * s + 1;
      a.order = o;
      put.accesses.push_back(a);
    }
    get.peers = {static_cast<unsigned>(2 * s + 1)};
    put.peers = {static_cast<unsigned>(2 * s)};
    plan.endpoints.push_back(get);
    plan.endpoints.push_back(put);
  }
  return plan;
}

unsigned merge(TransferPlan &plan) {
  return mergeCoreStreams(
      plan, [](const Endpoint &) { return Tile{0, 2}; },
      [](bool) -> int64_t { return 2; });
}
} // namespace

TEST(MergeStreams, TwoStreamsFromL2InterleavedAlikeShareAChannel) {
  // Three streams in; A and B alternate at both ends.
  TransferPlan plan = coreReceiving({Level::L2, Level::L2, Level::L3},
                                    {{1, 3}, {2, 4}, {5}}, {{1, 3}, {2, 4}, {5}});
  EXPECT_EQ(merge(plan), 1u);
  ASSERT_EQ(plan.endpoints.size(), 4u);
  const Endpoint &core = plan.endpoints[0], &far = plan.endpoints[1];
  ASSERT_EQ(core.accesses.size(), 4u);
  // The core's chain visits A's and B's buffers in turn; so does the far one.
  EXPECT_EQ(core.accesses[0].buffer, 0u);
  EXPECT_EQ(core.accesses[1].buffer, 2u);
  EXPECT_EQ(core.accesses[2].buffer, 0u);
  EXPECT_EQ(far.accesses[1].buffer, 3u);
  EXPECT_EQ(core.peers, (llvm::SmallVector<unsigned, 2>{1}));
  EXPECT_EQ(far.peers, (llvm::SmallVector<unsigned, 2>{0}));
  EXPECT_EQ(far.name, "src0_src1");
  // Peers of the stream left alone are renumbered.
  EXPECT_EQ(plan.endpoints[2].peers, (llvm::SmallVector<unsigned, 2>{3}));
  EXPECT_EQ(plan.endpoints[3].peers, (llvm::SmallVector<unsigned, 2>{2}));
}

TEST(MergeStreams, OtherInterleavingsAtTheFarEndAreNotMerged) {
  // The core takes A, B, A, B; the far end sends A, A, B, B: merged, the
  // second transfer would land in B's buffer with A's data.
  TransferPlan plan = coreReceiving({Level::L2, Level::L2, Level::L2},
                                    {{1, 3}, {2, 4}, {5}}, {{1, 2}, {3, 4}, {5}});
  // Only pairs with the same interleaving merge: A with C, B with C.
  EXPECT_EQ(merge(plan), 1u);
  ASSERT_EQ(plan.endpoints.size(), 4u);
  for (const Endpoint &e : plan.endpoints)
    if (e.accesses.size() == 3) {
      EXPECT_NE(e.name.find('2'), std::string::npos) << e.name;
    }
}

TEST(MergeStreams, FarEndsAtDifferentLevelsAreNotMerged) {
  TransferPlan plan = coreReceiving({Level::L2, Level::L3, Level::L1},
                                    {{1}, {2}, {3}}, {{1}, {2}, {3}});
  EXPECT_EQ(merge(plan), 0u);
  EXPECT_EQ(plan.endpoints.size(), 6u);
}

TEST(MergeStreams, ATileWithinItsChannelsIsLeftAlone) {
  TransferPlan plan = coreReceiving({Level::L2, Level::L2}, {{1, 3}, {2, 4}},
                                    {{1, 3}, {2, 4}});
  EXPECT_EQ(merge(plan), 0u);
}
