//===- Delivery.cpp - which element lands where, on either side -----------===//
#include "analyses/validate/Delivery.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace aircheck::validate;

std::pair<Operation *, size_t> FillLog::writerOf(size_t i) const {
  auto it = llvm::upper_bound(by, i, [](size_t v, const auto &p) {
    return v < p.first;
  });
  if (it == by.begin())
    return {nullptr, i};
  --it;
  return {it->second, i - it->first};
}

void FillLog::add(int64_t e, Tag t) {
  if (!runs.empty()) {
    Run &r = runs.back();
    int64_t n = r.tags.count;
    bool fits = n == 1 || e == r.element + n * r.step;
    if (fits && r.tags.extend(t)) {
      if (n == 1)
        r.step = e - r.element;
      return;
    }
  }
  runs.push_back(Run{(int64_t)size(), e, 0, TagRun{t, 0, 1}});
}

const FillLog::Run &FillLog::runOf(size_t i) const {
  auto it = llvm::upper_bound(
      runs, (int64_t)i, [](int64_t v, const Run &r) { return v < r.at; });
  return *std::prev(it);
}

int64_t FillLog::elementAt(size_t i) const {
  const Run &r = runOf(i);
  return r.elementAt((int64_t)i - r.at);
}

Tag FillLog::tagAt(size_t i) const {
  const Run &r = runOf(i);
  return r.tags.at((int64_t)i - r.at);
}

std::vector<Tag> aircheck::validate::argumentTags(BlockArgument a) {
  auto type = dyn_cast<MemRefType>(a.getType());
  std::vector<Tag> tags;
  if (type && type.hasStaticShape())
    for (int64_t e = 0; e < type.getNumElements(); ++e)
      tags.push_back(Tag(Tag::Argument, (int32_t)a.getArgNumber(), e));
  return tags;
}

std::string aircheck::validate::lineColOf(mlir::Operation *op) {
  if (auto l = llvm::dyn_cast<mlir::FileLineColLoc>(op->getLoc()))
    return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
  return "?";
}

std::optional<std::vector<Tag>>
aircheck::validate::constantTags(mlir::Attribute value) {
  auto dense = llvm::dyn_cast_or_null<mlir::DenseElementsAttr>(value);
  if (!dense)
    return std::nullopt;
  mlir::Type elt = dense.getElementType();
  int32_t bits = llvm::isa<mlir::IndexType>(elt) ? 64 : elt.getIntOrFloatBitWidth();
  std::vector<Tag> out;
  if (llvm::isa<mlir::IntegerType, mlir::IndexType>(elt)) {
    for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
      out.push_back(Tag(Tag::Constant, bits, v.getSExtValue()));
    return out;
  }
  if (llvm::isa<mlir::FloatType>(elt)) {
    for (const llvm::APFloat &v : dense.getValues<llvm::APFloat>())
      out.push_back(
          Tag(Tag::Constant, bits, (int64_t)v.bitcastToAPInt().getZExtValue()));
    return out;
  }
  return std::nullopt;
}
