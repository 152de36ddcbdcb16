//===- FoldL3Views.cpp - a view of an L3 argument as its transfers' pattern ----===//
#include "lowerings/AIRToAIE/FoldL3Views.h"
#include "analyses/MemrefRoots.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace aircheck;

namespace {

/// A transfer side that reads or writes a view whole: the op and the
/// operand naming the view.
struct Leaf {
  Operation *op;
  OpOperand *memref;
};

/// Whether `use` is the memref operand of a whole-buffer side of a
/// transfer (no offsets, sizes or strides on that side).
bool wholeSide(OpOperand &use) {
  Operation *o = use.getOwner();
  if (auto m = dyn_cast<air::DmaMemcpyNdOp>(o)) {
    if (&use == &m.getSrcMutable())
      return m.getSrcOffsets().empty() && m.getSrcSizes().empty() &&
             m.getSrcStrides().empty() && !m.getStaticSrcOffsets() &&
             !m.getStaticSrcSizes() && !m.getStaticSrcStrides();
    if (&use == &m.getDstMutable())
      return m.getDstOffsets().empty() && m.getDstSizes().empty() &&
             m.getDstStrides().empty() && !m.getStaticDstOffsets() &&
             !m.getStaticDstSizes() && !m.getStaticDstStrides();
    return false;
  }
  if (auto p = dyn_cast<air::ChannelPutOp>(o))
    return &use == &p.getSrcMutable() && p.getSrcOffsets().empty() &&
           p.getSrcSizes().empty() && p.getSrcStrides().empty() &&
           !p.getStaticOffsets() && !p.getStaticSizes() &&
           !p.getStaticStrides();
  if (auto g = dyn_cast<air::ChannelGetOp>(o))
    return &use == &g.getDstMutable() && g.getDstOffsets().empty() &&
           g.getDstSizes().empty() && g.getDstStrides().empty() &&
           !g.getStaticOffsets() && !g.getStaticSizes() &&
           !g.getStaticStrides();
  return false;
}

/// The kernel argument a use of a hierarchy op's kernel operand becomes
/// (null when the use is another operand).
BlockArgument kernelArgumentOf(OpOperand &use) {
  auto h = dyn_cast<air::HierarchyOpInterface>(use.getOwner());
  if (!h)
    return {};
  OperandRange kernel = h.getKernelOperands();
  if (kernel.empty())
    return {};
  unsigned at = use.getOperandNumber(), first = kernel.getBeginOperandIndex();
  if (at < first || at >= first + kernel.size())
    return {};
  return h.getKernelArguments()[at - first];
}

/// Collects the whole-buffer sides `v` reaches through kernel operands;
/// false where it has any other use.
bool collectLeaves(Value v, SmallVectorImpl<Leaf> &out) {
  for (OpOperand &use : v.getUses()) {
    if (BlockArgument inner = kernelArgumentOf(use)) {
      if (!collectLeaves(inner, out))
        return false;
      continue;
    }
    if (!wholeSide(use))
      return false;
    out.push_back({use.getOwner(), &use});
  }
  return true;
}

MutableOperandRange kernelOperandsOf(Operation *h) {
  if (auto l = dyn_cast<air::LaunchOp>(h))
    return l.getKernelOperandsRawMutable();
  if (auto s = dyn_cast<air::SegmentOp>(h))
    return s.getKernelOperandsRawMutable();
  return cast<air::HerdOp>(h).getKernelOperandsRawMutable();
}

class Folder {
public:
  /// `v` as `user` sees it: passed into every hierarchy between its
  /// definition and `user` as a kernel operand (once per hierarchy op).
  Value bring(Value v, Operation *user) {
    Region *home = v.getParentRegion();
    SmallVector<Operation *, 3> chain; // innermost first
    for (Operation *p = user->getParentOp();
         p && home->isAncestor(p->getParentRegion()); p = p->getParentOp())
      if (isa<air::HierarchyOpInterface>(p))
        chain.push_back(p);
    Value cur = v;
    for (Operation *h : llvm::reverse(chain)) {
      auto [it, fresh] = passed.try_emplace({h, cur}, Value());
      if (fresh) {
        kernelOperandsOf(h).append(cur);
        it->second = cast<air::HierarchyOpInterface>(h)
                         .getBodyBlock()
                         .addArgument(cur.getType(), cur.getLoc());
      }
      cur = it->second;
    }
    return cur;
  }

  /// Removes `v`'s kernel operands (and their arguments), innermost first;
  /// every other use of them is gone.
  void dropKernelUses(Value v) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : v.getUses())
      uses.push_back(&use);
    for (OpOperand *use : uses) {
      BlockArgument inner = kernelArgumentOf(*use);
      if (!inner)
        continue;
      dropKernelUses(inner);
      Operation *h = use->getOwner();
      unsigned k = use->getOperandNumber() -
                   cast<air::HierarchyOpInterface>(h)
                       .getKernelOperands()
                       .getBeginOperandIndex();
      kernelOperandsOf(h).erase(k);
      inner.getOwner()->eraseArgument(inner.getArgNumber());
    }
  }

  bool fold(memref::SubViewOp view) {
    if (view->getParentOfType<air::HerdOp>())
      return false;
    auto arg = dyn_cast<BlockArgument>(
        memrefRoot(view.getSource(), KernelArgLinks | ExecuteLinks));
    if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return false;
    auto source = dyn_cast<MemRefType>(view.getSource().getType());
    if (!source || !source.hasStaticShape() ||
        !source.getLayout().isIdentity() ||
        air::getMemorySpace(source).value_or(0) ==
            unsigned(air::MemorySpace::L1) ||
        air::getMemorySpace(source).value_or(0) ==
            unsigned(air::MemorySpace::L2))
      return false;
    if (!view.hasUnitStride() || !view.getStaticSizes().size() ||
        llvm::any_of(view.getStaticSizes(), ShapedType::isDynamic))
      return false;
    SmallVector<Leaf> leaves;
    if (!collectLeaves(view.getResult(), leaves) || leaves.empty())
      return false;
    ArrayRef<int64_t> shape = source.getShape();
    SmallVector<int64_t> rows(shape.size(), 1);
    for (size_t k = shape.size(); k-- > 1;)
      rows[k - 1] = rows[k] * shape[k];
    for (Leaf &leaf : leaves) {
      Operation *o = leaf.op;
      OpBuilder b(o);
      auto constant = [&](int64_t x) -> Value {
        return arith::ConstantIndexOp::create(b, o->getLoc(), x);
      };
      SmallVector<Value> offs, sizes, strides;
      for (OpFoldResult f : view.getMixedOffsets())
        offs.push_back(isa<Value>(f)
                           ? bring(cast<Value>(f), o)
                           : constant(cast<IntegerAttr>(cast<Attribute>(f))
                                          .getInt()));
      for (auto [k, size] : llvm::enumerate(view.getStaticSizes())) {
        sizes.push_back(constant(size));
        strides.push_back(constant(rows[k]));
      }
      Value src = bring(view.getSource(), o);
      OpOperand *m = leaf.memref;
      if (auto d = dyn_cast<air::DmaMemcpyNdOp>(o)) {
        if (m == &d.getSrcMutable()) {
          d.getSrcMutable().assign(src);
          d.getSrcOffsetsMutable().assign(offs);
          d.getSrcSizesMutable().assign(sizes);
          d.getSrcStridesMutable().assign(strides);
        } else {
          d.getDstMutable().assign(src);
          d.getDstOffsetsMutable().assign(offs);
          d.getDstSizesMutable().assign(sizes);
          d.getDstStridesMutable().assign(strides);
        }
      } else if (auto p = dyn_cast<air::ChannelPutOp>(o)) {
        p.getSrcMutable().assign(src);
        p.getSrcOffsetsMutable().assign(offs);
        p.getSrcSizesMutable().assign(sizes);
        p.getSrcStridesMutable().assign(strides);
      } else {
        auto g = cast<air::ChannelGetOp>(o);
        g.getDstMutable().assign(src);
        g.getDstOffsetsMutable().assign(offs);
        g.getDstSizesMutable().assign(sizes);
        g.getDstStridesMutable().assign(strides);
      }
    }
    dropKernelUses(view.getResult());
    if (view->use_empty())
      view->erase();
    return true;
  }

private:
  llvm::DenseMap<std::pair<Operation *, Value>, Value> passed;
};

} // namespace

unsigned aircheck::npu::foldL3Views(ModuleOp module) {
  SmallVector<memref::SubViewOp> views;
  module.walk([&](memref::SubViewOp v) { views.push_back(v); });
  Folder folder;
  unsigned n = 0;
  for (memref::SubViewOp v : views)
    n += folder.fold(v);
  return n;
}
