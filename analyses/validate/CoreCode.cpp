//===- CoreCode.cpp - a core's code read as a herd body's -----------------===//
#include "analyses/validate/CoreCode.h"

#include "analyses/FoldedInt.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"
#include "analyses/aie/CascadeLoops.h"
#include "dialects/AIE/AIEDialect.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <functional>

using namespace mlir;
using namespace aircheck;
using aircheck::aiecheck::cascadeLoopOf;

namespace aircheck::validate {

static Operation *rootThroughViews(Value v, bool design) {
  // A herd's kernel argument names its operand: an L1 buffer from outside
  // the herd is one copy per tile (docs/semantics.md 1.2), the core's own.
  Operation *root = memrefRootOp(
      v, ViewLinks | CastLinks | ExecuteLinks | (design ? 0u : KernelArgLinks));
  if (design ? isa_and_nonnull<aie::BufferOp>(root)
             : isa_and_nonnull<memref::AllocOp>(root))
    return root;
  return nullptr;
}

/// The integer a herd body's value folds to where it does not depend on
/// the instance: constants, kernel arguments bound to constants, and ops of
/// those that MLIR's folders evaluate.
std::optional<int64_t> uniformInt(Value v) {
  std::function<std::optional<int64_t>(Value)> boundArg =
      [&](Value x) -> std::optional<int64_t> {
    auto arg = dyn_cast<BlockArgument>(x);
    if (!arg)
      return std::nullopt;
    auto h = dyn_cast_or_null<air::HierarchyOpInterface>(
        arg.getOwner()->getParentOp());
    if (!h)
      return std::nullopt;
    for (auto [a, operand] :
         llvm::zip(h.getKernelArguments(), h.getKernelOperands()))
      if (a == arg)
        return foldedInt(operand, boundArg);
    return std::nullopt;
  };
  return foldedInt(v, boundArg);
}

/// A branch of a herd body that every instance takes the same way (its
/// condition is uniformInt), or, given `bound`, that the instance with
/// those ids takes: the region taken (null: none). nullopt for any other
/// op.
std::optional<Region *> uniformBranch(Operation *op, const Bound *bound) {
  auto value = [&](Value v) -> std::optional<int64_t> {
    if (!bound)
      return uniformInt(v);
    std::function<std::optional<int64_t>(Value)> known =
        [&](Value x) -> std::optional<int64_t> {
      auto it = bound->find(x);
      if (it != bound->end())
        return it->second;
      if (std::optional<int64_t> u = uniformInt(x))
        return u;
      return std::nullopt;
    };
    return foldedInt(v, known);
  };
  if (auto i = dyn_cast<scf::IfOp>(op)) {
    if (std::optional<int64_t> c = value(i.getCondition()))
      return *c ? &i.getThenRegion() : &i.getElseRegion();
  } else if (auto a = dyn_cast<affine::AffineIfOp>(op)) {
    // Its integer set at its operands' values: every constraint holds
    // (== 0 for an equality, >= 0 else).
    SmallVector<AffineExpr> repl;
    for (Value v : a.getOperands()) {
      std::optional<int64_t> c = value(v);
      if (!c)
        return std::nullopt;
      repl.push_back(getAffineConstantExpr(*c, op->getContext()));
    }
    IntegerSet set = a.getIntegerSet();
    ArrayRef<AffineExpr> dims = ArrayRef<AffineExpr>(repl).take_front(
        set.getNumDims());
    ArrayRef<AffineExpr> syms = ArrayRef<AffineExpr>(repl).drop_front(
        set.getNumDims());
    bool holds = true;
    for (unsigned k = 0; k < set.getNumConstraints(); ++k) {
      auto c = dyn_cast<AffineConstantExpr>(
          set.getConstraint(k).replaceDimsAndSymbols(dims, syms));
      if (!c)
        return std::nullopt;
      holds &= set.isEq(k) ? c.getValue() == 0 : c.getValue() >= 0;
    }
    return holds ? &a.getThenRegion() : &a.getElseRegion();
  } else if (auto sw = dyn_cast<scf::IndexSwitchOp>(op)) {
    if (std::optional<int64_t> c = value(sw.getArg())) {
      for (auto [k, v] : llvm::enumerate(sw.getCases()))
        if (v == *c)
          return &sw.getCaseRegions()[k];
      return &sw.getDefaultRegion();
    }
  }
  return std::nullopt;
}

/// The memory operations of a core's code (`design`) or of a herd body,
/// in order; given `bound`, of the body as the instance with those ids
/// runs it (its branches on them decided).
static void collectMemOps(Region &body, bool design, std::vector<MemOp> &out,
                          const Bound *bound) {
  body.walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
    // A herd body's branch on a constant argument: the core holds the
    // case taken (the lowering folds it), the program runs only it.
    if (!design)
      if (std::optional<Region *> taken = uniformBranch(op, bound)) {
        if (*taken)
          collectMemOps(**taken, design, out, bound);
        return WalkResult::skip();
      }
    // A core's loop over cascade words is its half of a cascade channel's
    // put or get (CascadeLoops.h), not code of the herd body's.
    if (design && isa<scf::ForOp>(op))
      for (Operation &inner : op->getRegion(0).front())
        if (isa<aie::PutCascadeOp, aie::GetCascadeOp>(inner)) {
          std::string why;
          if (cascadeLoopOf(&inner, why))
            return WalkResult::skip();
        }
    if (isa<air::AIRDialect>(op->getDialect()) ||
        isa<aie::AIEDialect>(op->getDialect()) ||
        isa<memref::AllocOp, memref::DeallocOp, ViewLikeOpInterface>(op))
      return WalkResult::advance();
    SmallVector<MemrefEffect, 4> effects = memrefEffects(op);
    if (effects.empty())
      return WalkResult::advance();
    // A read whose value no one uses does nothing (a lowering may drop it).
    if (op->getNumRegions() == 0 && op->getNumResults() > 0 &&
        op->use_empty() && llvm::none_of(effects, [](const MemrefEffect &e) {
          return e.write || e.free || !e.stated;
        }))
      return WalkResult::advance();
    MemOp m{op, {}};
    for (Value v : op->getOperands())
      if (isa<BaseMemRefType>(v.getType()))
        m.roots.push_back(rootThroughViews(v, design));
    out.push_back(std::move(m));
    return WalkResult::advance();
  });
}

std::vector<MemOp> memOps(Region &body, bool design, const Bound *bound) {
  std::vector<MemOp> out;
  collectMemOps(body, design, out, bound);
  return out;
}

/// The alloc -> buffer map under which the core's memory operations are the
/// herd body's, or nullopt.
std::optional<std::map<Operation *, Operation *>>
matchCode(ArrayRef<MemOp> herd, ArrayRef<MemOp> core) {
  if (herd.size() != core.size())
    return std::nullopt;
  std::map<Operation *, Operation *> fwd, back;
  for (size_t k = 0; k < herd.size(); ++k) {
    if (herd[k].op->getName() != core[k].op->getName() ||
        herd[k].roots.size() != core[k].roots.size())
      return std::nullopt;
    for (size_t j = 0; j < herd[k].roots.size(); ++j) {
      Operation *a = herd[k].roots[j], *b = core[k].roots[j];
      if (!a || !b) {
        if (a != b)
          return std::nullopt;
        continue;
      }
      auto [f, fn] = fwd.try_emplace(a, b);
      auto [r, rn] = back.try_emplace(b, a);
      if (f->second != b || r->second != a)
        return std::nullopt;
    }
  }
  return fwd;
}


/// The segment whose instances run a herd's (null: none).
air::SegmentOp segmentOf(air::HerdOp herd) {
  return herd->getParentOfType<air::SegmentOp>();
}

/// How many of an instance key's ids are its segment instance's.
size_t segmentRank(air::HerdOp herd) {
  air::SegmentOp seg = segmentOf(herd);
  return seg ? cast<air::HierarchyOpInterface>(seg.getOperation())
                   .getIds()
                   .size()
             : 0;
}

/// The herd's kernel arguments whose operands depend on its segment
/// instance's ids (and fold to a constant once those are given), with the
/// values they take for `segmentIds`.
std::vector<std::pair<Value, int64_t>>
segmentBoundArgs(air::HerdOp herd, ArrayRef<int64_t> segmentIds) {
  std::vector<std::pair<Value, int64_t>> out;
  air::SegmentOp seg = segmentOf(herd);
  if (!seg)
    return out;
  auto sh = cast<air::HierarchyOpInterface>(seg.getOperation());
  auto known = [&](Value v) -> std::optional<int64_t> {
    for (auto [k, id] : llvm::enumerate(sh.getIds()))
      if (v == id && k < segmentIds.size())
        return segmentIds[k];
    for (auto [arg, size] : llvm::zip(sh.getSizeArgs(), sh.getSizeOperands()))
      if (v == arg) {
        APInt c;
        if (matchPattern(size, m_ConstantInt(&c)))
          return c.getSExtValue();
      }
    return std::nullopt;
  };
  auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
  for (auto [arg, operand] :
       llvm::zip(h.getKernelArguments(), h.getKernelOperands())) {
    if (!operand.getType().isIntOrIndex() || foldedInt(operand))
      continue;
    if (std::optional<int64_t> x = foldedInt(operand, known))
      out.push_back({arg, *x});
  }
  return out;
}

} // namespace aircheck::validate
