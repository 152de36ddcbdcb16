//===- UnrollSegments.cpp - a segment's instances as segments of their own ===//
#include "lowerings/AIRToAIE/UnrollSegments.h"

#include "dialects/AIR/HierarchySizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

static std::string suffix(ArrayRef<int64_t> ids) {
  std::string s;
  for (int64_t i : ids)
    s += "_" + std::to_string(i);
  return s;
}

/// The placement attributes that pin a single instance.
static void unpin(Operation *op) {
  op->removeAttr("x_loc");
  op->removeAttr("y_loc");
}

unsigned aircheck::npu::unrollSegments(ModuleOp module) {
  SmallVector<air::SegmentOp> todo;
  module.walk([&](air::SegmentOp seg) {
    if (seg->getParentOfType<air::SegmentOp>())
      return;
    auto sizes = air::constantSizes(seg);
    if (!sizes || llvm::any_of(*sizes, [](int64_t s) { return s < 1; }))
      return;
    int64_t n = *air::constantInstances(seg);
    if (n > 1 && n <= kMaxSegmentInstances)
      todo.push_back(seg);
  });
  for (air::SegmentOp seg : todo) {
    auto hi = cast<air::HierarchyOpInterface>(seg.getOperation());
    SmallVector<int64_t, 3> sizes = *air::constantSizes(hi);
    unsigned sizeBase = hi.getSizeOperands().getBeginOperandIndex();
    OpBuilder b(seg);
    Location loc = seg.getLoc();
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> tokens;
    SmallVector<int64_t> ids(sizes.size(), 0);
    for (bool more = true; more;) {
      Operation *copy = b.clone(*seg.getOperation());
      for (size_t k = 0; k < sizes.size(); ++k)
        copy->setOperand(sizeBase + k, one);
      auto ch = cast<air::HierarchyOpInterface>(copy);
      Block &body = copy->getRegion(0).front();
      OpBuilder in = OpBuilder::atBlockBegin(&body);
      for (auto [k, id] : llvm::enumerate(ch.getIds()))
        BlockArgument(id).replaceAllUsesWith(
            arith::ConstantIndexOp::create(in, loc, ids[k]).getResult());
      for (auto [k, size] : llvm::enumerate(ch.getSizeArgs()))
        BlockArgument(size).replaceAllUsesWith(
            arith::ConstantIndexOp::create(in, loc, sizes[k]).getResult());
      if (auto name = copy->getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName()))
        copy->setAttr(SymbolTable::getSymbolAttrName(),
                      b.getStringAttr(name.getValue() + suffix(ids)));
      unpin(copy);
      copy->walk([&](air::HerdOp h) {
        if (h->getParentOfType<air::SegmentOp>() != copy)
          return;
        unpin(h);
        if (auto name = h.getSymName())
          h.setSymName((*name + suffix(ids)).str());
      });
      if (Value t = cast<air::AsyncOpInterface>(copy).getAsyncToken())
        tokens.push_back(t);
      // The next instance, last dimension fastest.
      more = false;
      for (int k = static_cast<int>(sizes.size()) - 1; k >= 0; --k) {
        if (++ids[k] < sizes[k]) {
          more = true;
          break;
        }
        ids[k] = 0;
      }
    }
    if (Value t = cast<air::AsyncOpInterface>(seg.getOperation())
                      .getAsyncToken()) {
      auto w = air::WaitAllOp::create(
          b, loc, air::AsyncTokenType::get(b.getContext()), tokens);
      t.replaceAllUsesWith(w.getAsyncToken());
    }
    seg.erase();
  }
  return todo.size();
}
