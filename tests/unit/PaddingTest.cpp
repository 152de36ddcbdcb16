//===- PaddingTest.cpp - a transfer's padding, read once for every check ---===//
//
// air::getPadding aligns upstream's pad_before / pad_after lists with a
// pattern's dimensions from the innermost (docs/semantics.md 4c), and
// air::movedElements counts what a transfer moves with its zeros; lint's
// volume balance, the run's transfer matching and the lowering read them.
//
//===----------------------------------------------------------------------===//
#include "dialects/AIR/AIRDialect.h"
#include "tools/Registration.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace aircheck;
using namespace mlir;

namespace {

/// A module whose one channel.put carries `attrs` on a 6x5 pattern of an
/// 8x8 L2 buffer (`whole`: no pattern).
struct Put {
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  Operation *put = nullptr;
  Put(const std::string &attrs, bool whole = false) {
    DialectRegistry registry;
    registerDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    std::string pattern =
        whole ? "%b[] [] []" : "%b[%c0, %c0] [%c6, %c5] [%c8, %c1]";
    std::string text =
        "air.channel @c [1]\n"
        "func.func @f() {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c5 = arith.constant 5 : index\n"
        "  %c6 = arith.constant 6 : index\n"
        "  %c8 = arith.constant 8 : index\n"
        "  %b = memref.alloc() : memref<8x8xi32, 1>\n"
        "  air.channel.put @c[] (" + pattern + ") " + attrs +
        " : (memref<8x8xi32, 1>)\n"
        "  return\n"
        "}\n";
    module = parseSourceString<ModuleOp>(text, &ctx);
    if (module)
      module->walk([&](air::ChannelPutOp p) { put = p; });
  }
};

TEST(Padding, NoneWithoutAttributes) {
  Put p("");
  ASSERT_TRUE(p.put);
  EXPECT_FALSE(air::getPadding(p.put, 2).has_value());
  EXPECT_EQ(air::movedElements(p.put, true, {6, 5}, Type()), 30);
}

TEST(Padding, OnePerDimension) {
  Put p("{pad_before = array<i32: 1, 2>, pad_after = array<i32: 1, 1>}");
  ASSERT_TRUE(p.put);
  std::optional<air::Padding> pad = air::getPadding(p.put, 2);
  ASSERT_TRUE(pad.has_value());
  EXPECT_EQ(pad->before, (SmallVector<int64_t, 4>{1, 2}));
  EXPECT_EQ(pad->after, (SmallVector<int64_t, 4>{1, 1}));
  // (1 + 6 + 1) x (2 + 5 + 1): a put moves its zeros, a get has none.
  EXPECT_EQ(air::movedElements(p.put, true, {6, 5}, Type()), 64);
  EXPECT_EQ(air::movedElements(p.put, false, {6, 5}, Type()), 30);
}

TEST(Padding, AlignsFromTheInnermost) {
  // A shorter list pads the inner dimensions; a longer one may only have
  // zeros in front (upstream's air-to-aie aligns them so).
  Put shorter("{pad_before = array<i32: 3>, pad_after = array<i32: 1>}");
  std::optional<air::Padding> pad = air::getPadding(shorter.put, 2);
  ASSERT_TRUE(pad.has_value());
  EXPECT_EQ(pad->before, (SmallVector<int64_t, 4>{0, 3}));
  EXPECT_EQ(pad->after, (SmallVector<int64_t, 4>{0, 1}));
  Put longer("{pad_before = array<i32: 0, 1, 2>, "
             "pad_after = array<i32: 0, 1, 1>}");
  pad = air::getPadding(longer.put, 2);
  ASSERT_TRUE(pad.has_value());
  EXPECT_EQ(pad->before, (SmallVector<int64_t, 4>{1, 2}));
  Put lost("{pad_before = array<i32: 1, 1, 2>, "
           "pad_after = array<i32: 0, 1, 1>}");
  pad = air::getPadding(lost.put, 2);
  ASSERT_TRUE(pad.has_value());
  EXPECT_TRUE(pad->before.empty()); // does not align: not read
  EXPECT_FALSE(air::movedElements(lost.put, true, {6, 5}, Type()));
}

TEST(Padding, MismatchedOrNegativeListsAreNotRead) {
  Put one("{pad_before = array<i32: 1, 1>}");
  ASSERT_TRUE(air::getPadding(one.put, 2).has_value());
  EXPECT_TRUE(air::getPadding(one.put, 2)->before.empty());
  Put negative("{pad_before = array<i32: -1, 0>, "
               "pad_after = array<i32: 0, 0>}");
  EXPECT_TRUE(air::getPadding(negative.put, 2)->before.empty());
}

TEST(Padding, AWholeBufferPadsItsShape) {
  Put p("{pad_before = array<i32: 0, 2>, pad_after = array<i32: 0, 2>}",
        /*whole=*/true);
  ASSERT_TRUE(p.put);
  Type type = cast<air::ChannelOpInterface>(p.put).getMemref().getType();
  // 8 x (2 + 8 + 2).
  EXPECT_EQ(air::movedElements(p.put, true, {}, type), 96);
}

} // namespace
