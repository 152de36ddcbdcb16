//===- CoreFootprint.cpp - the elements a core's code touches -------------===//
#include "analyses/aie/CoreFootprint.h"

#include "analyses/IndexExprs.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/VectorInterfaces.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;

namespace {

/// The elements one op touches, as isl text over dims d0..d(rank-1), or
/// nullopt: all of the buffer.
class ElementReader {
public:
  /// Reads ops within `core` (any op holding the code); `params` are
  /// values named as they are (p0, p1, ...: a herd's tile ids).
  explicit ElementReader(Operation *core, ArrayRef<Value> params = {})
      : core(core), ex([this](Value v) { return leaf(v); }) {
    for (auto [k, v] : llvm::enumerate(params))
      loopNames[v] = "p" + std::to_string(k);
  }

  /// The set `op` touches of a buffer of `shape` through `memref` (nullopt:
  /// the whole buffer).
  std::optional<std::string> elements(Operation *op, Value memref,
                                      ArrayRef<int64_t> shape) {
    SmallVector<std::optional<IndexExpr>> idx;
    SmallVector<int64_t> extent(shape.size(), 1);
    Value base;
    auto read = [&](ValueRange vs) {
      for (Value v : vs)
        idx.push_back(ex.expr(v));
    };
    // The vector covers the innermost dimensions (a minor identity map).
    auto vectorExtent = [&](VectorType vt, AffineMap perm) {
      if (!vt || (perm && !perm.isMinorIdentity()) ||
          vt.getRank() > (int64_t)shape.size() || vt.isScalable())
        return false;
      for (int64_t k = 0; k < vt.getRank(); ++k)
        extent[shape.size() - vt.getRank() + k] = vt.getDimSize(k);
      return true;
    };
    if (auto l = dyn_cast<memref::LoadOp>(op)) {
      base = l.getMemRef();
      read(l.getIndices());
    } else if (auto s = dyn_cast<memref::StoreOp>(op)) {
      base = s.getMemRef();
      read(s.getIndices());
    } else if (isa<affine::AffineReadOpInterface,
                   affine::AffineWriteOpInterface>(op)) {
      // affine.load / store and their vector forms.
      auto map = op->getAttrOfType<AffineMapAttr>("map");
      auto r = dyn_cast<affine::AffineReadOpInterface>(op);
      auto w = dyn_cast<affine::AffineWriteOpInterface>(op);
      base = r ? r.getMemRef() : w.getMemRef();
      if (!map)
        return std::nullopt;
      affineIndices(map.getValue(), r ? r.getMapOperands() : w.getMapOperands(),
                    idx);
      VectorType vt;
      if (auto v = dyn_cast<affine::AffineVectorLoadOp>(op))
        vt = v.getVectorType();
      if (auto v = dyn_cast<affine::AffineVectorStoreOp>(op))
        vt = v.getVectorType();
      if (vt && !vectorExtent(vt, AffineMap()))
        return std::nullopt;
    } else if (auto l = dyn_cast<vector::LoadOp>(op)) {
      base = l.getBase();
      read(l.getIndices());
      if (!vectorExtent(l.getVectorType(), AffineMap()))
        return std::nullopt;
    } else if (auto s = dyn_cast<vector::StoreOp>(op)) {
      base = s.getBase();
      read(s.getIndices());
      if (!vectorExtent(s.getVectorType(), AffineMap()))
        return std::nullopt;
    } else if (auto t = dyn_cast<VectorTransferOpInterface>(op)) {
      base = t.getBase();
      read(t.getIndices());
      if (t.getMask() ||
          !vectorExtent(t.getVectorType(), t.getPermutationMap()))
        return std::nullopt;
    } else {
      return std::nullopt;
    }
    if (base != memref || idx.size() != shape.size())
      return std::nullopt;
    // The loops around the op, within the core: their values range over
    // their iteration spaces.
    std::vector<std::string> vars, cons;
    for (Operation *p = op->getParentOp(); p && p != core;
         p = p->getParentOp()) {
      if (auto f = dyn_cast<scf::ForOp>(p)) {
        std::optional<int64_t> step = getConstantIntValue(f.getStep());
        if (!loop(f.getInductionVar(), ex.expr(f.getLowerBound()),
                  ex.expr(f.getUpperBound()), step, vars, cons))
          return std::nullopt;
      } else if (auto f = dyn_cast<affine::AffineForOp>(p)) {
        if (!loop(f.getInductionVar(),
                  ex.mapResult(f.getLowerBoundMap(),
                               f.getLowerBoundOperands()),
                  ex.mapResult(f.getUpperBoundMap(),
                               f.getUpperBoundOperands()),
                  f.getStepAsInt(), vars, cons))
          return std::nullopt;
      }
    }
    for (auto [k, e] : llvm::enumerate(idx)) {
      if (!e)
        return std::nullopt;
      std::string d = "d" + std::to_string(k);
      if (extent[k] == 1)
        cons.push_back(d + " = " + e->text);
      else
        cons.push_back(e->text + " <= " + d + " < " + e->text + " + " +
                       std::to_string(extent[k]));
    }
    // Only the loops' values are leaves; anything else was opaque.
    if (opaqueSeen)
      return std::nullopt;
    std::string text;
    if (!vars.empty())
      text = "exists (" + llvm::join(vars, ", ") + " : " +
             llvm::join(cons, " and ") + ")";
    else
      text = llvm::join(cons, " and ");
    return text;
  }

private:
  Operation *core;
  IndexExprReader ex;
  llvm::DenseMap<Value, std::string> loopNames;
  /// Per loop value, its range (in terms of outer loop values).
  llvm::DenseMap<Value, std::string> loopRanges;
  bool opaqueSeen = false;

  IndexExprReader::Leaf leaf(Value v) {
    using Leaf = IndexExprReader::Leaf;
    if (auto it = loopNames.find(v); it != loopNames.end())
      return Leaf::named(it->second);
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg)
      return Leaf::notALeaf();
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<scf::ForOp, affine::AffineForOp>(owner) &&
        arg.getArgNumber() == 0) {
      std::string name = "i" + std::to_string(loopNames.size());
      loopNames[v] = name;
      return Leaf::named(name);
    }
    opaqueSeen = true;
    return Leaf::opaque();
  }

  void affineIndices(AffineMap map, ValueRange operands,
                     SmallVectorImpl<std::optional<IndexExpr>> &idx) {
    for (unsigned k = 0; k < map.getNumResults(); ++k)
      idx.push_back(ex.mapResult(map.getSubMap({k}), operands));
  }

  bool loop(Value iv, std::optional<IndexExpr> lb, std::optional<IndexExpr> ub,
            std::optional<int64_t> step, std::vector<std::string> &vars,
            std::vector<std::string> &cons) {
    if (!lb || !ub || !step || *step <= 0)
      return false;
    std::optional<IndexExpr> i = ex.expr(iv);
    if (!i)
      return false;
    vars.push_back(i->text);
    cons.push_back(lb->text + " <= " + i->text + " < " + ub->text);
    if (*step != 1) {
      std::string q = "q" + i->text;
      vars.push_back(q);
      cons.push_back(i->text + " = " + lb->text + " + " +
                     std::to_string(*step) + " * " + q);
    }
    return true;
  }
};

std::string box(ArrayRef<int64_t> shape, bool &ok) {
  std::vector<std::string> dims, cons;
  for (auto [k, n] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(n))
      ok = false;
    dims.push_back("d" + std::to_string(k));
    cons.push_back("0 <= d" + std::to_string(k) + " < " + std::to_string(n));
  }
  return "[" + llvm::join(dims, ", ") + "] : " +
         (cons.empty() ? std::string("true") : llvm::join(cons, " and "));
}

} // namespace

std::map<Operation *, BufferFootprint>
aiecheck::coreFootprints(Operation *core, isl::ctx ctx) {
  std::map<Operation *, BufferFootprint> out;
  core->walk([&](Operation *op) {
    for (const MemrefEffect &e : memrefEffects(op)) {
      if (!e.read && !e.write && !e.free)
        continue;
      Operation *buf = memrefRootOp(e.memref, ViewLinks | CastLinks);
      if (!isa_and_nonnull<aie::BufferOp>(buf))
        continue;
      auto type = dyn_cast<MemRefType>(buf->getResult(0).getType());
      if (!type)
        continue;
      ArrayRef<int64_t> shape = type.getShape();
      bool ok = true;
      std::string whole = box(shape, ok);
      std::string dims = whole.substr(0, whole.find(" :"));
      isl::set all(ctx, "{ " + whole + " }");
      isl::set elems = all;
      if (ok && e.memref == buf->getResult(0) && !e.free) {
        ElementReader reader(core);
        if (std::optional<std::string> t =
                reader.elements(op, e.memref, shape))
          elems = isl::set(ctx, "{ " + dims + " : " + *t + " }")
                      .intersect(all);
      }
      auto [it, fresh] = out.try_emplace(
          buf, BufferFootprint{isl::set::empty(all.space()),
                               isl::set::empty(all.space())});
      if (e.read)
        it->second.reads = it->second.reads.unite(elems);
      if (e.write || e.free)
        it->second.writes = it->second.writes.unite(elems);
    }
  });
  return out;
}

bool aiecheck::elementsRead(Operation *root, Operation *op, Value memref,
                            ArrayRef<Value> params) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return false;
  ElementReader reader(root, params);
  return reader.elements(op, memref, type.getShape()).has_value();
}

bool aiecheck::footprintsApart(const BufferFootprint &a,
                               const BufferFootprint &b) {
  return a.writes.intersect(b.reads.unite(b.writes)).is_empty() &&
         b.writes.intersect(a.reads.unite(a.writes)).is_empty();
}
