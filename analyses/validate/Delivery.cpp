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

int64_t aircheck::validate::firstDifference(
    const FillLog *pl, const FillLog *dl,
    llvm::function_ref<bool(Tag, Tag)> same) {
  size_t pn = pl ? pl->size() : 0, dn = dl ? dl->size() : 0;
  int64_t n = (int64_t)std::min(pn, dn);
  size_t i = 0, j = 0;
  for (int64_t k = 0; k < n;) {
    const FillLog::Run &a = pl->runs[i], &b = dl->runs[j];
    int64_t aEnd = a.at + a.tags.count, bEnd = b.at + b.tags.count;
    int64_t end = std::min({aEnd, bEnd, n});
    int64_t ia = k - a.at, ib = k - b.at;
    if (a.elementAt(ia) != b.elementAt(ib) ||
        !same(a.tags.at(ia), b.tags.at(ib)))
      return k;
    // Past the first entry of the overlap both runs have two or more
    // entries, so both steps are theirs.
    if (end - k > 1 &&
        (a.step != b.step ||
         (a.tags.first.kind != Tag::Undefined && a.tags.step != b.tags.step)))
      return k + 1;
    k = end;
    if (end == aEnd)
      ++i;
    if (end == bEnd)
      ++j;
  }
  return pn == dn ? -1 : n;
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
