//===- CoreFootprintTest.cpp - a core's elements against enumeration ------===//
//
// analyses/aie/CoreFootprint reads the elements a core's code touches with
// isl. These tests write random cores (a loop nest of constant bounds and
// steps around a store, a load or a vector write whose indices are affine
// in the loop values) and compare the footprint with the elements the
// test enumerates itself, loop by loop: for such code the footprint is
// exact. The pairs' verdict (footprintsApart) is compared with the
// enumerated sets' intersection.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/CoreFootprint.h"
#include "solvers/IslSupport.h"
#include "tools/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;

namespace {

constexpr int64_t kRows = 3, kCols = 16;
using Element = std::pair<int64_t, int64_t>;

/// One loop of constant bounds and step.
struct Loop {
  int64_t lb, ub, step;
};

/// An access A[rowA * i + rowB, colA * j + colB] (i, j: the two loops'
/// values; a vector of `width` along the columns), a store, a load or a
/// vector write.
struct Access {
  Loop outer, inner;
  int64_t rowA, rowB, colA, colB, width;
  enum Kind { Store, Load, VectorWrite } kind;

  std::set<Element> elements() const {
    std::set<Element> out;
    for (int64_t i = outer.lb; i < outer.ub; i += outer.step)
      for (int64_t j = inner.lb; j < inner.ub; j += inner.step)
        for (int64_t w = 0; w < width; ++w)
          out.insert({rowA * i + rowB, colA * j + colB + w});
    return out;
  }

  /// The core's code, with loop values %i, %j.
  std::string code() const {
    std::ostringstream os;
    os << "      %lb0 = arith.constant " << outer.lb << " : index\n"
       << "      %ub0 = arith.constant " << outer.ub << " : index\n"
       << "      %st0 = arith.constant " << outer.step << " : index\n"
       << "      %lb1 = arith.constant " << inner.lb << " : index\n"
       << "      %ub1 = arith.constant " << inner.ub << " : index\n"
       << "      %st1 = arith.constant " << inner.step << " : index\n"
       << "      scf.for %i = %lb0 to %ub0 step %st0 {\n"
       << "        scf.for %j = %lb1 to %ub1 step %st1 {\n"
       << "          %r = affine.apply affine_map<(d0) -> (d0 * " << rowA
       << " + " << rowB << ")>(%i)\n"
       << "          %c = affine.apply affine_map<(d0) -> (d0 * " << colA
       << " + " << colB << ")>(%j)\n";
    if (kind == Store)
      os << "          %v = arith.constant 1 : i32\n"
         << "          memref.store %v, %buf[%r, %c] : memref<" << kRows << "x"
         << kCols << "xi32>\n";
    else if (kind == Load)
      os << "          %v = memref.load %buf[%r, %c] : memref<" << kRows << "x"
         << kCols << "xi32>\n"
         << "          memref.store %v, %own[%c0] : memref<1xi32>\n";
    else
      os << "          %v = arith.constant dense<1> : vector<" << width
         << "xi32>\n"
         << "          vector.transfer_write %v, %buf[%r, %c] {in_bounds = "
            "[true]} : vector<"
         << width << "xi32>, memref<" << kRows << "x" << kCols << "xi32>\n";
    os << "        }\n      }\n";
    return os.str();
  }

  bool writes() const { return kind != Load; }
};

class CoreFootprintTest : public ::testing::Test {
protected:
  CoreFootprintTest() : ctx(registry()), isl(0) {
    ctx.loadAllAvailableDialects();
  }
  static DialectRegistry registry() {
    DialectRegistry r;
    registerDialects(r);
    return r;
  }

  /// A random access whose elements stay in the buffer.
  Access randomAccess(std::mt19937 &rng) {
    auto pick = [&](int64_t lo, int64_t hi) {
      return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
    };
    Access a;
    a.kind = static_cast<Access::Kind>(pick(0, 2));
    a.width = a.kind == Access::VectorWrite ? pick(1, 4) * 2 : 1;
    a.outer = {pick(0, 2), 0, pick(1, 3)};
    a.outer.ub = a.outer.lb + pick(1, 4);
    a.inner = {pick(0, 3), 0, pick(1, 4)};
    a.inner.ub = a.inner.lb + pick(1, 8);
    // Coefficients small enough to stay within the rows and columns.
    a.rowA = pick(0, 1);
    int64_t rowMax = kRows - 1 - a.rowA * (a.outer.ub - 1);
    if (rowMax < 0) {
      a.rowA = 0;
      rowMax = kRows - 1;
    }
    a.rowB = pick(0, rowMax);
    a.colA = pick(0, 3);
    int64_t colMax = kCols - a.width - a.colA * (a.inner.ub - 1);
    if (colMax < 0) {
      a.colA = 0;
      colMax = kCols - a.width;
    }
    a.colB = pick(0, colMax);
    return a;
  }

  /// The device of two cores, `a` on tile (0, 2) and `b` on (0, 3), both
  /// using the buffer of (0, 2).
  OwningOpRef<ModuleOp> design(const Access &a, const Access &b) {
    std::ostringstream os;
    os << "module {\n  aie.device(npu1_1col) {\n"
       << "    %t2 = aie.tile(0, 2)\n    %t3 = aie.tile(0, 3)\n"
       << "    %buf = aie.buffer(%t2) {sym_name = \"buf\"} : memref<" << kRows
       << "x" << kCols << "xi32>\n"
       << "    %own2 = aie.buffer(%t2) {sym_name = \"own2\"} : memref<1xi32>\n"
       << "    %own3 = aie.buffer(%t3) {sym_name = \"own3\"} : memref<1xi32>\n";
    for (auto [tile, acc, own] :
         {std::make_tuple("%t2", &a, "%own2"), std::make_tuple("%t3", &b, "%own3")}) {
      os << "    %core_" << (acc == &a ? "a" : "b") << " = aie.core(" << tile
         << ") {\n"
         << "      %c0 = arith.constant 0 : index\n";
      std::string code = acc->code();
      // The load's result goes to the core's own buffer.
      size_t at = code.find("memref.store %v, %own[%c0] : memref<1xi32>");
      if (at != std::string::npos)
        code.replace(at, std::string("memref.store %v, %own[%c0] : memref<1xi32>").size(),
                     std::string("memref.store %v, ") + own +
                         "[%c0] : memref<1xi32>");
      os << code << "      aie.end\n    }\n";
    }
    os << "  }\n}\n";
    return parseSourceString<ModuleOp>(os.str(), &ctx, "design.mlir");
  }

  /// The isl set of `elements`.
  isl::set setOf(const std::set<Element> &elements) {
    isl::set s(isl.get(), "{ [d0, d1] : false }");
    for (auto [r, c] : elements)
      s = s.unite(isl::set(isl.get(), "{ [" + std::to_string(r) + ", " +
                                          std::to_string(c) + "] }"));
    return s;
  }

  /// The footprints on @buf (8x32xi32, of its tile) of a core whose code
  /// is `body`.
  BufferFootprint footprintOfCore(const std::string &body) {
    std::string text = "module {\n  aie.device(npu1_1col) {\n"
                       "    %t2 = aie.tile(0, 2)\n"
                       "    %buf = aie.buffer(%t2) {sym_name = \"buf\"} : "
                       "memref<8x32xi32>\n"
                       "    %core = aie.core(%t2) {\n" +
                       body + "      aie.end\n    }\n  }\n}\n";
    OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(text, &ctx, "c.mlir");
    EXPECT_TRUE(m);
    Operation *core = nullptr, *buf = nullptr;
    if (m)
      m->walk([&](Operation *op) {
        if (isa<aie::CoreOp>(op))
          core = op;
        if (isa<aie::BufferOp>(op))
          buf = op;
      });
    EXPECT_TRUE(core && buf);
    if (!core || !buf)
      return {};
    auto f = coreFootprints(core, isl.get());
    EXPECT_TRUE(f.count(buf));
    return f.count(buf) ? f[buf] : BufferFootprint{};
  }

  MLIRContext ctx;
  IslContext isl;
};

TEST_F(CoreFootprintTest, MatchesEnumerationOnRandomCores) {
  std::mt19937 rng(20261128);
  int apartSeen = 0, meetSeen = 0;
  for (int round = 0; round < 100; ++round) {
    Access a = randomAccess(rng), b = randomAccess(rng);
    OwningOpRef<ModuleOp> m = design(a, b);
    ASSERT_TRUE(m) << a.code() << b.code();
    std::vector<Operation *> cores;
    Operation *buf = nullptr;
    m->walk([&](Operation *op) {
      if (isa<aie::CoreOp>(op))
        cores.push_back(op);
      if (auto b = dyn_cast<aie::BufferOp>(op))
        if (b.getSymName() == "buf")
          buf = op;
    });
    ASSERT_EQ(cores.size(), 2u);
    ASSERT_TRUE(buf);
    std::map<Operation *, BufferFootprint> fa =
        coreFootprints(cores[0], isl.get());
    std::map<Operation *, BufferFootprint> fb =
        coreFootprints(cores[1], isl.get());
    ASSERT_TRUE(fa.count(buf) && fb.count(buf));
    std::set<Element> ea = a.elements(), eb = b.elements();
    // Exact for these cores: the written (read) elements, nothing else.
    EXPECT_TRUE(fa[buf].writes.is_equal(a.writes() ? setOf(ea) : setOf({})))
        << "round " << round << ":\n" << a.code();
    EXPECT_TRUE(fa[buf].reads.is_equal(a.writes() ? setOf({}) : setOf(ea)))
        << "round " << round << ":\n" << a.code();
    EXPECT_TRUE(fb[buf].writes.is_equal(b.writes() ? setOf(eb) : setOf({})))
        << "round " << round << ":\n" << b.code();
    // Apart: neither writes what the other touches.
    bool meet = false;
    for (const Element &e : ea)
      meet |= eb.count(e) && (a.writes() || b.writes());
    EXPECT_EQ(footprintsApart(fa[buf], fb[buf]), !meet)
        << "round " << round << ":\n" << a.code() << b.code();
    ++(meet ? meetSeen : apartSeen);
  }
  // Both verdicts were put to the test.
  EXPECT_GT(apartSeen, 5);
  EXPECT_GT(meetSeen, 5);
}

TEST_F(CoreFootprintTest, AViewCountsTheWholeBuffer) {
  BufferFootprint f = footprintOfCore(R"(
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : i32
      %row = memref.subview %buf[1, 0] [1, 32] [1, 1] : memref<8x32xi32> to memref<32xi32, strided<[1], offset: 32>>
      memref.store %c7, %row[%c0] : memref<32xi32, strided<[1], offset: 32>>
)");
  ASSERT_FALSE(f.writes.is_null());
  EXPECT_TRUE(f.writes.is_equal(
      isl::set(isl.get(), "{ [d0, d1] : 0 <= d0 < 8 and 0 <= d1 < 32 }")));
}

TEST_F(CoreFootprintTest, AffineVectorFormsCoverTheirVectors) {
  BufferFootprint f = footprintOfCore(R"(
      %v = arith.constant dense<7> : vector<8xi32>
      affine.vector_store %v, %buf[1, 4] : memref<8x32xi32>, vector<8xi32>
      %w = affine.vector_load %buf[2, 0] : memref<8x32xi32>, vector<4xi32>
)");
  ASSERT_FALSE(f.writes.is_null());
  EXPECT_TRUE(f.writes.is_equal(
      isl::set(isl.get(), "{ [1, d1] : 4 <= d1 < 12 }")));
  EXPECT_TRUE(f.reads.is_equal(
      isl::set(isl.get(), "{ [2, d1] : 0 <= d1 < 4 }")));
}

} // namespace
