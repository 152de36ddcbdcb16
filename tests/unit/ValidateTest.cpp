//===- ValidateTest.cpp - translation validation's engines ----------------===//
#include "analyses/validate/DesignRun.h"
#include "analyses/validate/Equivalence.h"
#include "analyses/validate/MixedRadix.h"
#include "analyses/validate/ProgramStreams.h"
#include "analyses/validate/RelationEquality.h"
#include "analyses/validate/ReplayAgreement.h"
#include "solvers/IslSupport.h"
#include "tools/Registration.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

class ValidateEngines : public ::testing::Test {
protected:
  ValidateEngines() : ctx(registry()) {}
  static DialectRegistry registry() {
    DialectRegistry r;
    registerDialects(r);
    return r;
  }
  /// The first aie.dma_bd of a memtile DMA program moving `pattern`.
  std::optional<std::vector<int64_t>> elements(const std::string &pattern,
                                               std::string &why) {
    std::string text = R"(
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) {sym_name = "b"} : memref<8x8xi32, 1>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<8x8xi32, 1> )" +
                       pattern + R"()
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
})";
    module = parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
    EXPECT_TRUE(module);
    aie::DMABDOp bd;
    module->walk([&](aie::DMABDOp op) { bd = op; });
    return bdElements(bd, why);
  }
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

TEST_F(ValidateEngines, AContiguousBDMovesItsRange) {
  std::string why;
  auto e = elements("offset = 3 len = 4", why);
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, (std::vector<int64_t>{3, 4, 5, 6}));
}

TEST_F(ValidateEngines, DimensionsRunOutermostFirst) {
  std::string why;
  // Two columns of a row-major 8x8 buffer, read as two rows of 3.
  auto e = elements("offset = 1 len = 6 sizes = [2, 3] strides = [1, 8]", why);
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, (std::vector<int64_t>{1, 9, 17, 2, 10, 18}));
}

TEST_F(ValidateEngines, SizesThatDisagreeWithLenAreNotRead) {
  std::string why;
  EXPECT_FALSE(elements("offset = 0 len = 5 sizes = [2, 3] strides = [8, 1]",
                        why));
  EXPECT_NE(why.find("sizes move 6 elements"), std::string::npos);
}

TEST_F(ValidateEngines, APaddedBDWalksItsPaddedSizes) {
  std::string why;
  // Two rows of two from element 9, padded by a row before and a column
  // on each side: 3 x 4, the zeros where an index lies in a pad.
  auto e = elements("offset = 9 len = 12 sizes = [2, 2] strides = [8, 1] "
                    "pad [<const_pad_before = 1, const_pad_after = 0>, "
                    "<const_pad_before = 1, const_pad_after = 1>]",
                    why);
  ASSERT_TRUE(e) << why;
  const int64_t z = kPadElement;
  EXPECT_EQ(*e, (std::vector<int64_t>{z, z, z, z, z, 9, 10, z, z, 17, 18, z}));
  // A len that is not the padded sizes' product is not read.
  EXPECT_FALSE(elements("offset = 9 len = 4 sizes = [2, 2] strides = [8, 1] "
                        "pad [<const_pad_before = 1, const_pad_after = 0>, "
                        "<const_pad_before = 1, const_pad_after = 1>]",
                        why));
}

TEST(ValidateLogs, EachEntryKnowsItsWriter) {
  FillLog log;
  int a = 0, b = 0; // stand-ins for two ops
  auto *opA = reinterpret_cast<Operation *>(&a);
  auto *opB = reinterpret_cast<Operation *>(&b);
  log.begin(opA);
  log.add(0, Tag{Tag::Argument, 0, 5});
  log.add(1, Tag{Tag::Argument, 0, 6});
  log.begin(opB);
  log.add(2, Tag{Tag::Argument, 0, 7});
  EXPECT_EQ(log.writerOf(1), std::make_pair(opA, size_t(1)));
  EXPECT_EQ(log.writerOf(2), std::make_pair(opB, size_t(0)));
}

TEST(ValidateLogs, RowsAreKeptAsRuns) {
  FillLog log;
  // Two rows of a 2x4 buffer from two rows of a 8-wide argument, then a
  // computed element: three runs.
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t c = 0; c < 4; ++c)
      log.add(r * 4 + c, Tag{Tag::Argument, 0, 8 * r + c});
  log.add(0, Tag{Tag::Computed, 3, 0, 1});
  ASSERT_EQ(log.runCount(), 3u);
  ASSERT_EQ(log.groups.size() + log.open.has_value(), 2u); // a tile, a run
  EXPECT_EQ(log.size(), 9u);
  EXPECT_EQ(log.elementAt(6), 6);
  EXPECT_EQ(log.tagAt(6), (Tag{Tag::Argument, 0, 10}));
  EXPECT_EQ(log.tagAt(8), (Tag{Tag::Computed, 3, 0, 1}));
  // The same entries give the same runs; another entry, other runs.
  FillLog again;
  for (int64_t k = 0; k < 9; ++k)
    again.add(log.elementAt(k), log.tagAt(k));
  EXPECT_EQ(log, again);
  again.add(1, Tag{Tag::Computed, 3, 1, 1});
  EXPECT_NE(log, again);
}

// An argument's tags: each element its own until written; a write makes
// its page and leaves the page's other elements as they were.
TEST(ValidateLogs, ArgumentTagsArePagedOnWrite) {
  TagArray arg(10000, 2), local(5);
  EXPECT_EQ(arg.size(), 10000);
  EXPECT_EQ(arg[9999], (Tag{Tag::Argument, 2, 9999}));
  EXPECT_EQ(local[4], Tag());
  arg.set(5000, Tag{Tag::Computed, 1, 7, 3});
  EXPECT_EQ(arg[5000], (Tag{Tag::Computed, 1, 7, 3}));
  EXPECT_EQ(arg[4999], (Tag{Tag::Argument, 2, 4999}));
  EXPECT_EQ(arg[5001], (Tag{Tag::Argument, 2, 5001}));
  EXPECT_EQ(arg[0], (Tag{Tag::Argument, 2, 0}));
  local.set(4, Tag{Tag::Argument, 0, 1});
  EXPECT_EQ(local[4], (Tag{Tag::Argument, 0, 1}));
  EXPECT_EQ(local[3], Tag());
  TagArray copy = arg; // a replay's final content is a copy
  arg.set(5000, Tag());
  EXPECT_EQ(copy[5000], (Tag{Tag::Computed, 1, 7, 3}));
}

// The run-against-run comparison finds the entry an entry-by-entry one
// does, over logs made of rows, tiles of rows, steps, undefined tags and
// single faults.
TEST(ValidateLogs, RunComparisonIsEntryComparison) {
  auto same = [](Tag p, Tag d) { return p.kind == Tag::Undefined || p == d; };
  std::mt19937 rng(7);
  auto pick = [&](int n) { return (int64_t)(rng() % n); };
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::pair<int64_t, Tag>> p, d;
    int rows = 1 + pick(6);
    int64_t len = 0, e0 = 0, es = 0, t0 = 0, ts = 0;
    Tag::Kind kind = Tag::Argument;
    int32_t who = 0;
    for (int r = 0; r < rows; ++r) {
      if (r > 0 && pick(2)) { // the row before's shape, moved: a tile
        e0 += pick(2) ? 4 : pick(5);
        t0 += pick(2) ? 8 : pick(9);
      } else {
        len = 1 + pick(6), e0 = pick(20), es = pick(3) - 1, t0 = pick(40),
        ts = pick(3);
        kind = pick(5) == 0 ? Tag::Undefined : Tag::Argument;
        who = kind == Tag::Undefined ? 0 : (int32_t)pick(2);
      }
      for (int64_t c = 0; c < len; ++c)
        p.push_back({e0 + c * es,
                     Tag{kind, who, kind == Tag::Undefined ? 0 : t0 + c * ts}});
    }
    d = p;
    for (auto &entry : d)
      if (entry.second.kind == Tag::Undefined && pick(2))
        entry.second = Tag{Tag::Argument, 1, pick(9)};
    switch (pick(4)) {
    case 0: d[pick(d.size())].first += 1; break;
    case 1: d[pick(d.size())].second.element += 1; break;
    case 2: d.resize(pick(d.size() + 1)); break;
    default: break;
    }
    FillLog pl, dl;
    for (auto &[e, t] : p)
      pl.add(e, t);
    for (auto &[e, t] : d)
      dl.add(e, t);
    int64_t expect = -1;
    size_t n = std::min(p.size(), d.size());
    for (size_t k = 0; k < n && expect < 0; ++k)
      if (p[k].first != d[k].first || !same(p[k].second, d[k].second))
        expect = k;
    if (expect < 0 && p.size() != d.size())
      expect = n;
    ASSERT_EQ(firstDifference(&pl, &dl, same), expect) << "trial " << trial;
    // The log reads back its entries, and equal entries make equal logs.
    FillLog again;
    for (size_t k = 0; k < p.size(); ++k) {
      ASSERT_EQ(pl.elementAt(k), p[k].first) << "trial " << trial;
      ASSERT_EQ(pl.tagAt(k), p[k].second) << "trial " << trial;
      again.add(p[k].first, p[k].second);
    }
    ASSERT_EQ(again, pl);
    ASSERT_EQ(dl == pl, d == p) << "trial " << trial;
  }
}

// A row added at once makes the log its entries added one at a time make,
// whatever the open run before it and however the row continues it.
TEST(ValidateLogs, RowsAddLikeTheirEntries) {
  std::mt19937 rng(11);
  auto pick = [&](int n) { return (int64_t)(rng() % n); };
  auto tag = [&]() {
    Tag::Kind kinds[] = {Tag::Argument, Tag::Computed, Tag::Undefined};
    Tag::Kind k = kinds[pick(3)];
    return k == Tag::Undefined ? Tag()
                               : Tag(k, (int32_t)pick(2), pick(12), 0);
  };
  for (int trial = 0; trial < 3000; ++trial) {
    FillLog rows, entries;
    for (int r = 0, n = 1 + (int)pick(5); r < n; ++r) {
      int64_t e = pick(12), step = pick(4) - 1;
      TagRun row{tag(), pick(3) - 1, pick(6)};
      if (row.first.kind == Tag::Undefined)
        row.step = 0;
      rows.addRow(e, step, row);
      for (int64_t i = 0; i < row.count; ++i)
        entries.add(e + i * step, row.at(i));
    }
    ASSERT_EQ(rows.size(), entries.size()) << "trial " << trial;
    ASSERT_EQ(rows, entries) << "trial " << trial;
    for (size_t k = 0; k < entries.size(); ++k) {
      ASSERT_EQ(rows.elementAt(k), entries.elementAt(k)) << "trial " << trial;
      ASSERT_EQ(rows.tagAt(k), entries.tagAt(k)) << "trial " << trial;
    }
  }
}

// A fill log against a relation (what --cross-check-streams compares with
// the stream relations): checked group by group, it agrees with the
// relation of its own entries read one by one, and not with that relation
// with one entry moved, added or dropped.
TEST(ValidateLogs, SameFillsIsEntryEquality) {
  IslContext isl;
  std::mt19937 rng(23);
  auto pick = [&](int n) { return (int64_t)(rng() % n); };
  auto point = [&](size_t k, int64_t a, int32_t g, int64_t t) {
    return isl::map(isl.get(), "{ X[" + std::to_string(k) + "] -> [D[" +
                                   std::to_string(a) + "] -> V[1, " +
                                   std::to_string(g) + ", 0, " +
                                   std::to_string(t) + "]] }");
  };
  for (int trial = 0; trial < 200; ++trial) {
    isl.resetBudget();
    FillLog log;
    // Rows of a tile, round after round: the log groups them.
    int64_t rows = 1 + pick(4), len = 1 + pick(5), rounds = 1 + pick(3);
    int32_t who = (int32_t)pick(3);
    for (int64_t r = 0; r < rounds; ++r)
      for (int64_t i = 0; i < rows; ++i)
        log.addRow(pick(2) * 64 + i * 8, 1 + pick(2),
                   TagRun{Tag(Tag::Argument, who, 100 * r + 16 * i),
                          pick(3), len});
    isl::map exact(isl.get(), "{ X[e] -> [D[a] -> V[k, w, r, x]] : false }");
    for (size_t k = 0; k < log.size(); ++k)
      exact = exact.unite(point(k, log.elementAt(k), log.tagAt(k).who,
                                log.tagAt(k).element));
    std::string why;
    ASSERT_TRUE(sameFills(log, exact, isl.get(), why))
        << "trial " << trial << ": " << why;
    ASSERT_TRUE(sameFills(log, exact, isl.get(), why, /*explicitPieces=*/true))
        << "trial " << trial << ": " << why;
    size_t k = pick((int)log.size());
    Tag t = log.tagAt(k);
    isl::map moved = exact.subtract(point(k, log.elementAt(k), t.who, t.element))
                         .unite(point(k, log.elementAt(k), t.who, t.element + 1));
    EXPECT_FALSE(sameFills(log, moved, isl.get(), why)) << "trial " << trial;
    EXPECT_FALSE(sameFills(log, exact.unite(point(log.size(), 0, who, 0)),
                           isl.get(), why))
        << "trial " << trial;
    EXPECT_FALSE(sameFills(
        log, exact.subtract(point(k, log.elementAt(k), t.who, t.element)),
        isl.get(), why))
        << "trial " << trial;
  }
  // A tag that is not an argument's element is no agreement.
  FillLog computed;
  computed.add(0, Tag(Tag::Computed, 1, 0, 1));
  std::string why;
  EXPECT_FALSE(sameFills(computed, point(0, 0, 1, 0), isl.get(), why));
  // An entry no one wrote has no image.
  FillLog undefined;
  undefined.add(0, Tag());
  EXPECT_TRUE(sameFills(undefined,
                        isl::map(isl.get(),
                                 "{ X[e] -> [D[a] -> V[k, w, r, x]] : false }"),
                        isl.get(), why));
}

TEST(ValidateLogs, StreamRunsSplit) {
  TagRun r;
  for (int64_t k = 0; k < 5; ++k)
    ASSERT_TRUE(r.extend(Tag{Tag::Argument, 2, 10 + 3 * k}));
  EXPECT_FALSE(r.extend(Tag{Tag::Argument, 2, 99}));
  EXPECT_FALSE(r.extend(Tag{Tag::Argument, 1, 25}));
  TagRun rest = r.drop(2);
  EXPECT_EQ(rest.count, 3);
  EXPECT_EQ(rest.at(0), (Tag{Tag::Argument, 2, 16}));
}

TEST(ValidateTags, EqualityIsKindWhoAndElement) {
  EXPECT_EQ((Tag{Tag::Argument, 1, 2}), (Tag{Tag::Argument, 1, 2}));
  EXPECT_NE((Tag{Tag::Argument, 1, 2}), (Tag{Tag::Computed, 1, 2}));
  EXPECT_NE((Tag{Tag::Argument, 1, 2}), (Tag{Tag::Argument, 1, 3}));
}

} // namespace

// Relation against relation (RelationEquality.h): a design's fills, in
// the runtime sequence's numbering of arguments, equal the program's for
// one instance however either is written (pieces, divisions), and differ
// where one entry lands elsewhere, carries another element or another
// argument, or is missing.
namespace {
isl::pw_multi_aff fn(isl::ctx ctx, const char *text) {
  return isl::pw_multi_aff(ctx, text);
}
} // namespace

TEST(ValidateRelations, SameRelationIsEntryEquality) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  // 2 rows of 8 elements, row r of argument 1 (the sequence's 0) into row
  // 1 - r of the buffer.
  const char *designText = "{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] "
                           "-> V[1, 0, 0, e]] : 0 <= e < 16 }";
  isl::pw_multi_aff design = fn(ctx, designText);
  isl::pw_multi_aff program =
      fn(ctx, "{ X[s, h, e] -> [D[8 + e] -> V[1, 1, 0, e]] : 0 <= e < 8; "
              "X[s, h, e] -> [D[e - 8] -> V[1, 1, 0, e]] : 8 <= e < 16 }");
  std::vector<int> args = {1, 0};
  std::string why;
  isl::pw_multi_aff one = atInstance(program, {0, 3});
  EXPECT_TRUE(sameRelation(design, one, args, why)) << why;
  // The instance's ids are fixed, not kept.
  EXPECT_EQ(one.domain().tuple_dim(), 1u);
  auto differs = [&](const char *text, const char *says) {
    std::string w;
    bool same = sameRelation(fn(ctx, text), one, args, w);
    EXPECT_FALSE(same) << text;
    EXPECT_NE(w.find(says), std::string::npos) << text << ": " << w;
  };
  // Entry 3 lands one element on; carries the next element.
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 0, 0, e]] : "
          "0 <= e < 16 and e != 3; X[3] -> [D[12] -> V[1, 0, 0, 3]] }",
          "entry 3 of the buffer's fills: the design delivers %arg1[3] into "
          "element [12], the program %arg1[3] into element [11]");
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 0, 0, e]] : "
          "0 <= e < 16 and e != 3; X[3] -> [D[11] -> V[1, 0, 0, 4]] }",
          "entry 3 of the buffer's fills: the design delivers %arg1[4] into "
          "element [11]");
  // Entry 5 carries another argument's element.
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 0, 0, e]] : "
          "0 <= e < 16 and e != 5; X[5] -> [D[13] -> V[1, 1, 0, 5]] }",
          "entry 5 of the buffer's fills: the design delivers %arg0[5] into "
          "element [13], the program %arg1[5]");
  // The last entry is missing; an entry too many; an argument the
  // function lacks.
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 0, 0, e]] : "
          "0 <= e < 15 }",
          "only the program fills entry 15");
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 0, 0, e]] : "
          "0 <= e < 17 }",
          "only the design fills entry 16");
  differs("{ X[e] -> [D[8 * (1 - floor(e / 8)) + (e mod 8)] -> V[1, 2, 0, e]] : "
          "0 <= e < 16 }",
          "argument the function does not have");
  // The same function written in other pieces is equal.
  EXPECT_TRUE(sameRelation(
      fn(ctx, "{ X[e] -> [D[8 + e] -> V[1, 0, 0, e]] : 0 <= e < 4; X[e] -> "
              "[D[8 + e] -> V[1, 0, 0, e]] : 4 <= e < 8; X[e] -> [D[e - 8] -> "
              "V[1, 0, 0, e]] : 8 <= e < 16 }"),
      one, args, why))
      << why;
}

// What cores send (kind-2 tags) compares through the buffers' pairing:
// the design's buffer 0 is the program's instance number 5, so a design
// function of V[2, 0, r, x] equals a program's of V[2, 5, r, x], not one
// of another instance, nor one without the pairing; the rounds count.
TEST(ValidateRelations, CoreValuesCompareThroughThePairing) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  isl::pw_multi_aff design =
      fn(ctx, "{ X[e] -> [D[e mod 4] -> V[2, 0, 1 + floor(e / 4), e mod 4]] : "
              "0 <= e < 8 }");
  isl::pw_multi_aff program =
      fn(ctx, "{ X[e] -> [D[e mod 4] -> V[2, 5, 1 + floor(e / 4), e mod 4]] : "
              "0 <= e < 8 }");
  std::string why;
  EXPECT_TRUE(sameRelation(design, program, {}, why, {{0, 5}})) << why;
  EXPECT_FALSE(sameRelation(design, program, {}, why, {{0, 6}}));
  EXPECT_FALSE(sameRelation(design, program, {}, why));
  EXPECT_FALSE(sameRelation(
      fn(ctx, "{ X[e] -> [D[e mod 4] -> V[2, 0, 2 - floor(e / 4), e mod 4]] "
              ": 0 <= e < 8 }"),
      program, {}, why, {{0, 5}}));
  EXPECT_NE(why.find("entry 0"), std::string::npos) << why;
}

// Results: the design's runtime-sequence argument 0 is the function's
// argument 2, its buffer 0 the program's instance 3; what each element
// holds at the end must then be the same, element by element.
TEST(ValidateRelations, ResultsCompareRenamed) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  isl::pw_multi_aff design =
      fn(ctx, "{ A[0, t] -> V[2, 0, 1 + floor(t / 4), t mod 4] : 0 <= t < 8 }");
  isl::pw_multi_aff program =
      fn(ctx, "{ A[2, t] -> V[2, 3, 1 + floor(t / 4), t mod 4] : 0 <= t < 8 }");
  std::vector<int> args = {2};
  std::string why;
  EXPECT_TRUE(sameResults(design, 0, program, 2, args, {{0, 3}}, why)) << why;
  // Another round at element 5; an element only one side writes; a buffer
  // without a counterpart.
  EXPECT_FALSE(sameResults(
      fn(ctx, "{ A[0, t] -> V[2, 0, 1 + floor(t / 4), t mod 4] : 0 <= t < 8 "
              "and t != 5; A[0, 5] -> V[2, 0, 1, 1] }"),
      0, program, 2, args, {{0, 3}}, why));
  EXPECT_NE(why.find("element 5"), std::string::npos) << why;
  EXPECT_FALSE(sameResults(
      fn(ctx, "{ A[0, t] -> V[2, 0, 1 + floor(t / 4), t mod 4] : 0 <= t < 7 }"),
      0, program, 2, args, {{0, 3}}, why));
  EXPECT_NE(why.find("only the program writes element 7"), std::string::npos)
      << why;
  EXPECT_FALSE(sameResults(design, 0, program, 2, args, {}, why));
  EXPECT_NE(why.find("no counterpart"), std::string::npos) << why;
}

// Which instances receive what a design buffer receives, read from the
// functions alone: in a 2 x 2 herd each tile (x, y) gets row x of the
// argument, so a buffer that gets row 1 is the fills of (1, 0) and (1, 1),
// and one that gets a row shifted by an element is no instance's.
TEST(ValidateRelations, MatchingInstancesReadsTheInstance) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  isl::pw_multi_aff program =
      fn(ctx, "{ X[x, y, e] -> [D[e] -> V[1, 0, 0, 8 * x + e]] : 0 <= x < 2 and "
              "0 <= y < 2 and 0 <= e < 8 }");
  std::vector<int> args = {0};
  isl::set row1 = matchingInstances(
      fn(ctx, "{ X[e] -> [D[e] -> V[1, 0, 0, 8 + e]] : 0 <= e < 8 }"), program,
      args);
  EXPECT_TRUE(row1.is_equal(isl::set(ctx, "{ X[1, y] : 0 <= y < 2 }")))
      << row1;
  isl::set shifted = matchingInstances(
      fn(ctx, "{ X[e] -> [D[e] -> V[1, 0, 0, 9 + e]] : 0 <= e < 8 }"), program,
      args);
  EXPECT_TRUE(shifted.is_empty()) << shifted;
  // One entry fewer than the instances' is no instance's either.
  isl::set shorter = matchingInstances(
      fn(ctx, "{ X[e] -> [D[e] -> V[1, 0, 0, e]] : 0 <= e < 7 }"), program, args);
  EXPECT_TRUE(shorter.is_empty()) << shorter;
  // Instances the program fills differently per y are told apart.
  isl::pw_multi_aff perTile =
      fn(ctx, "{ X[x, y, e] -> [D[e] -> V[1, 0, 0, 16 * x + 8 * y + e]] : "
              "0 <= x < 2 and 0 <= y < 2 and 0 <= e < 8 }");
  isl::set one = matchingInstances(
      fn(ctx, "{ X[e] -> [D[e] -> V[1, 0, 0, 24 + e]] : 0 <= e < 8 }"), perTile,
      args);
  EXPECT_TRUE(one.is_equal(isl::set(ctx, "{ X[1, 1] }"))) << one;
}

// A function composed by pullbacks, written out and read back
// (islx::reparsed): the same function, in the same space, for every entry.
TEST(ValidateRelations, ReparsedIsTheSameFunction) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  isl::pw_multi_aff inner(ctx, "{ X[e] -> S[3 * floor(e / 7) + (e mod 7)] : "
                               "0 <= e < 70 }");
  isl::pw_multi_aff outer(ctx, "{ S[p] -> [D[(floor(p / 4)) mod 5] -> "
                               "V[1, 0, 0, 2 * p + (p mod 3)]] : p >= 0 }");
  isl::pw_multi_aff composed = outer.pullback(inner);
  isl::pw_multi_aff again = islx::reparsed(composed);
  EXPECT_TRUE(again.get_space().is_equal(composed.get_space()));
  EXPECT_TRUE(again.as_map().is_equal(composed.as_map()));
  std::string why;
  EXPECT_TRUE(sameRelation(again, composed, {0}, why)) << why;
}

namespace {

// A walk whose strides nest is inverted as the digits of a mixed radix:
// the inverse, read as a relation, is the walk's own reverse (isl's
// relation of the walk, written here apart); walks whose dims overlap or
// stand still are not inverted so.
TEST(ValidateRadix, NestingWalksInvertToTheirDigits) {
  IslContext isl;
  isl::ctx ctx = isl.get();
  // Dims in any order: stride 8 size 3, stride 1 size 4, stride 32 size 2,
  // and one of size 1; from element 5.
  std::vector<std::pair<int64_t, int64_t>> dims = {
      {8, 3}, {1, 4}, {32, 2}, {7, 1}};
  std::optional<RadixDigits> r = mixedRadixDigits("t - 5", dims);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->digits[3], "0");
  std::string cond;
  for (const std::string &c : r->conditions)
    cond += " and " + c;
  isl::map inverse(ctx, "{ T[t] -> I[" + r->digits[0] + ", " + r->digits[1] +
                            ", " + r->digits[2] + ", 0] : true" + cond + " }");
  isl::map walk(ctx, "{ I[a, b, c, d] -> T[5 + 8a + b + 32c + 7d] : 0 <= a < 3 "
                     "and 0 <= b < 4 and 0 <= c < 2 and d = 0 }");
  EXPECT_TRUE(inverse.is_equal(walk.reverse()));
  // Overlapping dims (stride 2 under a size-4 stride 1), a stride 0, a
  // negative stride.
  EXPECT_FALSE(mixedRadixDigits("t", {{1, 4}, {2, 3}}));
  EXPECT_FALSE(mixedRadixDigits("t", {{1, 4}, {0, 3}}));
  EXPECT_FALSE(mixedRadixDigits("t", {{-1, 4}}));
  // Nothing moves: one element.
  std::optional<RadixDigits> one = mixedRadixDigits("t - 3", {{4, 1}});
  ASSERT_TRUE(one);
  EXPECT_EQ(isl::set(ctx, "{ [t] : " + one->conditions[0] + " and " +
                              one->conditions[1] + " }")
                .is_equal(isl::set(ctx, "{ [3] }")),
            true);
}

class ValidateProgramResults : public ::testing::Test {
protected:
  ValidateProgramResults() : ctx(registry()) {
    ctx.loadAllAvailableDialects();
  }
  static DialectRegistry registry() {
    DialectRegistry r;
    registerDialects(r);
    return r;
  }
  /// Two herd instances compute 8 elements each and write them into a
  /// segment's L2 buffer at `offset` (of the tile id tx), which the
  /// segment then copies to the argument.
  ProgramStreams derive(const std::string &offset) {
    std::string text = R"(
#at = affine_map<()[s0] -> ()" + offset + R"()>
module {
  func.func @f(%arg0: memref<16xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nlx=%c1) args(%A=%arg0) : memref<16xi32> {
      air.segment @s args(%sA=%A) : memref<16xi32> {
        %c1s = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %p = memref.alloc() : memref<16xi32, 1>
        air.herd @h tile (%tx, %ty) in (%sx=%c2, %sy=%c1s) args(%hp=%p) : memref<16xi32, 1> {
          %c8 = arith.constant 8 : index
          %c1h = arith.constant 1 : index
          %v = arith.constant 7 : i32
          %o = affine.apply #at()[%tx]
          %l = memref.alloc() : memref<8xi32, 2>
          linalg.fill ins(%v : i32) outs(%l : memref<8xi32, 2>)
          air.dma_memcpy_nd (%hp[%o] [%c8] [%c1h], %l[] [] []) {id = 1 : i32} : (memref<16xi32, 1>, memref<8xi32, 2>)
          air.herd_terminator
        }
        air.dma_memcpy_nd (%sA[] [] [], %p[] [] []) {id = 2 : i32} : (memref<16xi32>, memref<16xi32, 1>)
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
})";
    module = parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
    EXPECT_TRUE(module);
    return deriveProgramStreams(*module);
  }
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

// Results through an L2 buffer a herd writes: each element's last write
// before the segment's copy is one herd instance's hand-off of its L1
// buffer (kind 2, round 1); where two instances of the herd write one
// element (a race, which validate refuses before it gets here) the
// results are not covered, and say why.
TEST_F(ValidateProgramResults, AHerdWritesThroughL2) {
  ProgramStreams disjoint = derive("s0 * 8");
  ASSERT_TRUE(disjoint.outside.empty()) << disjoint.outside;
  ASSERT_EQ(disjoint.results.count(0), 1u)
      << (disjoint.resultsNotCovered.count(0) ? disjoint.resultsNotCovered[0]
                                              : "");
  isl::pw_multi_aff r = disjoint.results.at(0);
  EXPECT_TRUE(r.domain().is_equal(
      isl::set(r.ctx(), "{ A[0, t] : 0 <= t < 16 }")));
  // Elements 3 and 11 are two instances' element 3, both their first
  // hand-off.
  isl::set at3 = r.intersect_domain(isl::set(r.ctx(), "{ A[0, 3] }"))
                     .as_map()
                     .range();
  isl::set at11 = r.intersect_domain(isl::set(r.ctx(), "{ A[0, 11] }"))
                      .as_map()
                      .range();
  EXPECT_TRUE(at3.is_subset(isl::set(r.ctx(), "{ V[2, w, 1, 3] }")));
  EXPECT_TRUE(at11.is_subset(isl::set(r.ctx(), "{ V[2, w, 1, 3] }")));
  EXPECT_FALSE(at3.is_equal(at11));

  ProgramStreams racy = derive("0");
  ASSERT_EQ(racy.resultsNotCovered.count(0), 1u);
  EXPECT_NE(racy.resultsNotCovered[0].find("two instances of a herd"),
            std::string::npos)
      << racy.resultsNotCovered[0];
}

} // namespace
