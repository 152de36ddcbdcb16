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
  size_t f = fillOf(i);
  if (f >= by.size())
    return {nullptr, i};
  return {by[f].second, i - by[f].first};
}

size_t FillLog::fillOf(size_t i) const {
  auto it = llvm::upper_bound(by, i, [](size_t v, const auto &p) {
    return v < p.first;
  });
  // Before the first transfer (none began): past the end, for writerOf.
  return it == by.begin() ? by.size() : size_t(it - by.begin()) - 1;
}

void FillLog::add(int64_t e, Tag t) {
  if (open) {
    Run &r = *open;
    int64_t n = r.tags.count;
    bool fits = n == 1 || e == r.element + n * r.step;
    if (fits && r.tags.extend(t)) {
      if (n == 1)
        r.step = e - r.element;
      return;
    }
    close();
  }
  open = Run{(int64_t)size(), e, 0, TagRun{t, 0, 1}};
}

void FillLog::addRow(int64_t e, int64_t step, const TagRun &row) {
  for (int64_t i = 0; i < row.count; ++i) {
    add(e + i * step, row.at(i));
    // Entries i - 1 and i in the open run: its steps are the row's, and
    // every later entry of the row continues it.
    if (i >= 1 && open->at + 2 <= (int64_t)size()) {
      open->tags.count += row.count - i - 1;
      return;
    }
  }
}

void FillLog::close() {
  Run r = *open;
  open.reset();
  if (!groups.empty()) {
    Group &g = groups.back();
    const Run &f = g.first;
    // The same shape: length, steps, kind, who and round (a run of one has
    // both steps 0).
    bool shape = r.tags.count == f.tags.count && r.step == f.step &&
                 r.tags.step == f.tags.step &&
                 r.tags.first.kind == f.tags.first.kind &&
                 r.tags.first.who == f.tags.first.who &&
                 r.tags.first.round == f.tags.first.round;
    if (shape) {
      Run last = g.run(g.count - 1);
      int64_t de = r.element - last.element,
              dt = r.tags.first.element - last.tags.first.element;
      if (g.count == 1 || (de == g.element && dt == g.tag)) {
        g.element = de;
        g.tag = dt;
        ++g.count;
        return;
      }
    }
  }
  groups.push_back(Group{r, 1, 0, 0});
}

size_t FillLog::runCount() const {
  size_t n = open ? 1 : 0;
  for (const Group &g : groups)
    n += g.count;
  return n;
}

FillLog::Run FillLog::runOf(size_t i) const {
  if (open && (int64_t)i >= open->at)
    return *open;
  auto it =
      llvm::upper_bound(groups, (int64_t)i, [](int64_t v, const Group &g) {
        return v < g.first.at;
      });
  const Group &g = *std::prev(it);
  return g.run(((int64_t)i - g.first.at) / g.first.tags.count);
}

int64_t FillLog::elementAt(size_t i) const {
  Run r = runOf(i);
  return r.elementAt((int64_t)i - r.at);
}

Tag FillLog::tagAt(size_t i) const {
  Run r = runOf(i);
  return r.tags.at((int64_t)i - r.at);
}

int64_t aircheck::validate::firstDifference(
    const FillLog *pl, const FillLog *dl,
    llvm::function_ref<bool(Tag, Tag)> same) {
  size_t pn = pl ? pl->size() : 0, dn = dl ? dl->size() : 0;
  int64_t n = (int64_t)std::min(pn, dn);
  if (n == 0)
    return pn == dn ? -1 : 0;
  FillLog::Runs ps(*pl), ds(*dl);
  FillLog::Run a = ps.get(), b = ds.get();
  for (int64_t k = 0; k < n;) {
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
    if (k >= n)
      break;
    if (end == aEnd) {
      ps.next();
      a = ps.get();
    }
    if (end == bEnd) {
      ds.next();
      b = ds.get();
    }
  }
  return pn == dn ? -1 : n;
}

TagArray::TagArray(const std::vector<Tag> &tags)
    : TagArray((int64_t)tags.size()) {
  for (size_t e = 0; e < tags.size(); ++e)
    set((int64_t)e, tags[e]);
}

void TagArray::makePage(int64_t k) {
  std::vector<Tag> &p = pages[k];
  int64_t first = k * kPage, end = std::min(first + kPage, n);
  p.reserve(end - first);
  for (int64_t e = first; e < end; ++e)
    p.push_back(initial(e));
}

TagArray aircheck::validate::argumentTags(BlockArgument a) {
  auto type = dyn_cast<MemRefType>(a.getType());
  if (type && type.hasStaticShape())
    return TagArray(type.getNumElements(), (int32_t)a.getArgNumber());
  return TagArray();
}

std::string aircheck::validate::lineColOf(mlir::Operation *op) {
  if (auto l = llvm::dyn_cast<mlir::FileLineColLoc>(op->getLoc()))
    return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
  return "?";
}

bool aircheck::validate::earlierInText(mlir::Operation *a,
                                       mlir::Operation *b) {
  if (a == b)
    return false;
  if (a->getBlock() && a->getBlock() == b->getBlock())
    return a->isBeforeInBlock(b);
  auto la = llvm::dyn_cast<mlir::FileLineColLoc>(a->getLoc());
  auto lb = llvm::dyn_cast<mlir::FileLineColLoc>(b->getLoc());
  if (la && lb)
    return std::make_pair(la.getLine(), la.getColumn()) <
           std::make_pair(lb.getLine(), lb.getColumn());
  return a < b;
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
