//===- AIRVerifiers.cpp - structural rules of the compute model -----------===//
//
// The rules of seed 000 sections 1.5 and 2 that hold for every AIR program,
// whatever its sizes: where each hierarchy op may nest, what a launch body may
// receive, the shape of operand lists, channel declarations and references,
// and the memory levels. Each rule has a negative test in tests/lit/verify.
//
//===----------------------------------------------------------------------===//
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace aircheck::air;

static StringRef kindName(Operation *op) {
  if (isa<LaunchOp>(op))
    return "'air.launch'";
  if (isa<SegmentOp>(op))
    return "'air.segment'";
  return "'air.herd'";
}

/// The nearest enclosing launch, segment or herd.
static Operation *enclosingHierarchy(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<HierarchyOpInterface>(p))
      return p;
  return nullptr;
}

/// Nesting (compute model 2.1, 2.2 "Nesting constraints").
static LogicalResult verifyNesting(Operation *op) {
  Operation *parent = enclosingHierarchy(op);
  auto withNote = [&](InFlightDiagnostic diag, StringRef what) {
    if (parent)
      diag.attachNote(parent->getLoc()) << what << kindName(parent);
    return diag;
  };
  if (parent && isa<HerdOp>(parent))
    return withNote(op->emitOpError("must not be nested inside an 'air.herd': "
                                    "a herd is the innermost level of the "
                                    "hierarchy"),
                    "enclosing ");
  if (isa<HerdOp>(op) && !isa_and_nonnull<SegmentOp>(parent))
    return withNote(op->emitOpError("must be nested inside an 'air.segment'"),
                    "nearest enclosing hierarchy op is this ");
  if (isa<SegmentOp>(op) && !isa_and_nonnull<LaunchOp, SegmentOp>(parent))
    return withNote(op->emitOpError("must be nested inside an 'air.launch' or "
                                    "another 'air.segment'"),
                    "nearest enclosing hierarchy op is this ");
  if (isa<LaunchOp>(op) && parent)
    return withNote(op->emitOpError("is the outermost hierarchy level and "
                                    "must not be nested inside ")
                        << kindName(parent),
                    "enclosing ");
  return success();
}

/// Iteration space, operand and block-argument arities.
static LogicalResult verifyArities(Operation *op) {
  auto h = cast<HierarchyOpInterface>(op);
  unsigned dims = h.getNumDims();
  if (isa<HerdOp>(op) && (dims < 1 || dims > 2))
    return op->emitOpError("a herd is a 1-D or 2-D array of tiles, but has ")
           << dims << " dimensions";
  for (auto [i, size] : llvm::enumerate(h.getSizeOperands())) {
    APInt v;
    if (matchPattern(size, m_ConstantInt(&v)) && !v.isStrictlyPositive())
      return op->emitOpError("iteration-space size #")
             << i << " is " << v.getSExtValue() << "; sizes must be positive";
  }
  Block &body = h.getBodyBlock();
  unsigned expected = 2 * dims + h.getKernelOperands().size();
  if (body.getNumArguments() != expected)
    return op->emitOpError("body has ")
           << body.getNumArguments() << " arguments, expected " << expected
           << " (" << dims << " ids, " << dims << " sizes and "
           << h.getKernelOperands().size() << " kernel operands)";
  for (unsigned i = 0; i < 2 * dims; ++i)
    if (!body.getArgument(i).getType().isIndex())
      return op->emitOpError("iteration-space argument #")
             << i << " must be of index type";
  for (auto [arg, operand] :
       llvm::zip(h.getKernelArguments(), h.getKernelOperands()))
    if (arg.getType() != operand.getType())
      return op->emitOpError("kernel argument of type ")
             << arg.getType() << " is bound to an operand of type "
             << operand.getType();
  return success();
}

/// x_loc, y_loc, x_size, y_size: non-negative integers; link_with: string.
static LogicalResult verifyPlacementAttrs(Operation *op) {
  for (StringRef name : {"x_loc", "y_loc", "x_size", "y_size"}) {
    Attribute a = op->getAttr(name);
    if (!a)
      continue;
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || i.getValue().isNegative() ||
        (name.ends_with("size") && i.getValue().isZero()))
      return op->emitOpError("attribute '")
             << name << "' must be a "
             << (name.ends_with("size") ? "positive" : "non-negative")
             << " integer";
  }
  if (Attribute a = op->getAttr("link_with"); a && !isa<StringAttr>(a))
    return op->emitOpError("attribute 'link_with' must be a string");
  return success();
}

static LogicalResult verifyHierarchyOp(Operation *op) {
  if (failed(verifyNesting(op)) || failed(verifyArities(op)) ||
      failed(verifyPlacementAttrs(op)))
    return failure();
  auto async = cast<AsyncOpInterface>(op);
  if (isa<LaunchOp>(op) && !async.getConcurrencyTokens().empty())
    return op->emitOpError(
        "must not carry a concurrency list: launch instances are "
        "may-be-parallel, so no overlap can be required of them (compute "
        "model 2.1)");
  return success();
}

LogicalResult LaunchOp::verify() { return verifyHierarchyOp(*this); }
LogicalResult SegmentOp::verify() { return verifyHierarchyOp(*this); }
LogicalResult HerdOp::verify() { return verifyHierarchyOp(*this); }

/// memref.alloc and memref.alloca directly in a herd (L1 only) or a segment
/// (L2 or L1), not inside a nested hierarchy op, which checks its own.
static LogicalResult verifyAllocLevels(Operation *op) {
  bool herd = isa<HerdOp>(op);
  WalkResult r = op->getRegion(0).walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (isa<HierarchyOpInterface>(inner))
      return WalkResult::skip();
    if (!isa<memref::AllocOp, memref::AllocaOp>(inner))
      return WalkResult::advance();
    Type ty = inner->getResult(0).getType();
    std::optional<unsigned> space = getMemorySpace(ty);
    bool ok = space && (herd ? *space == 2 : (*space == 1 || *space == 2));
    if (ok)
      return WalkResult::advance();
    auto diag = inner->emitOpError("inside ")
                << kindName(op) << " must allocate in "
                << (herd ? "L1 (memory space 2)" : "L2 or L1 (memory space 1 or 2)")
                << ", but allocates in "
                << (space ? describeMemorySpace(*space) : std::string("a non-AIR memory space"));
    diag.attachNote(op->getLoc()) << "enclosing " << kindName(op) << " is here";
    return WalkResult::interrupt();
  });
  return failure(r.wasInterrupted());
}

/// Which list of an async op an operand sits in.
static StringRef tokenListOf(OpOperand &use) {
  auto async = dyn_cast<AsyncOpInterface>(use.getOwner());
  if (!async)
    return "";
  unsigned idx = use.getOperandNumber();
  auto in = [&](OperandRange r) {
    return !r.empty() && idx >= r.getBeginOperandIndex() &&
           idx < r.getBeginOperandIndex() + r.size();
  };
  if (in(async.getAffinityTokens()))
    return "affinity";
  if (in(async.getConcurrencyTokens()))
    return "concurrency";
  return "";
}

/// Scope rule (compute model 1.5): only dependency tokens cross into a launch.
static LogicalResult verifyLaunchTokenScope(LaunchOp launch) {
  auto h = cast<HierarchyOpInterface>(launch.getOperation());
  for (auto [arg, operand] :
       llvm::zip(h.getKernelArguments(), h.getKernelOperands())) {
    if (!isa<AsyncTokenType>(arg.getType()))
      continue;
    // Follow the token through nested args(...) bindings; note every use
    // in an affinity or concurrency list.
    llvm::SetVector<Value> work;
    work.insert(arg);
    SmallVector<std::pair<OpOperand *, StringRef>> offending;
    for (unsigned i = 0; i < work.size(); ++i) {
      for (OpOperand &use : work[i].getUses()) {
        StringRef list = tokenListOf(use);
        if (!list.empty())
          offending.push_back({&use, list});
        if (auto inner = dyn_cast<HierarchyOpInterface>(use.getOwner())) {
          auto ops = inner.getKernelOperands();
          if (!ops.empty() && use.getOperandNumber() >= ops.getBeginOperandIndex())
            work.insert(inner.getKernelArguments()[use.getOperandNumber() -
                                                   ops.getBeginOperandIndex()]);
        }
      }
    }
    if (!offending.empty()) {
      StringRef first = offending.front().second;
      auto diag = launch.emitOpError("passes a token into its body that is "
                                     "used in ")
                  << (first == "affinity" ? "an " : "a ") << first
                  << " list; only dependency tokens may cross the launch "
                     "boundary (compute model 1.5)";
      // Notes in program order, as a reader meets the uses.
      llvm::DenseMap<Operation *, StringRef> lists;
      for (auto &[use, list] : offending)
        lists[use->getOwner()] = list;
      launch->walk<WalkOrder::PreOrder>([&](Operation *o) {
        if (auto it = lists.find(o); it != lists.end())
          diag.attachNote(o->getLoc()) << "used in the " << it->second << " list here";
      });
      return diag;
    }
    (void)operand;
  }
  return success();
}

LogicalResult LaunchOp::verifyRegions() { return verifyLaunchTokenScope(*this); }
LogicalResult SegmentOp::verifyRegions() { return verifyAllocLevels(*this); }
LogicalResult HerdOp::verifyRegions() { return verifyAllocLevels(*this); }

//===----------------------------------------------------------------------===//
// Transfers
//===----------------------------------------------------------------------===//

static LogicalResult verifyMemrefLevel(Operation *op, Value memref,
                                       StringRef role) {
  std::optional<unsigned> space = getMemorySpace(memref.getType());
  if (space && *space <= 2)
    return success();
  auto diag = op->emitOpError() << role << " memref has ";
  if (space)
    diag << "memory space " << *space;
  else
    diag << "a non-integer memory space";
  return diag << "; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)";
}

static LogicalResult verifyPattern(Operation *op, StringRef role,
                                   OperandRange offsets, OperandRange sizes,
                                   OperandRange strides) {
  if (offsets.size() == sizes.size() && sizes.size() == strides.size())
    return success();
  return op->emitOpError("expects as many offsets, sizes and strides on its ")
         << role << " side, but has " << offsets.size() << ", " << sizes.size()
         << " and " << strides.size();
}

LogicalResult DmaMemcpyNdOp::verify() {
  if (failed(verifyMemrefLevel(*this, getDst(), "destination")) ||
      failed(verifyMemrefLevel(*this, getSrc(), "source")) ||
      failed(verifyPattern(*this, "destination", getDstOffsets(), getDstSizes(),
                           getDstStrides())) ||
      failed(verifyPattern(*this, "source", getSrcOffsets(), getSrcSizes(),
                           getSrcStrides())))
    return failure();
  return success();
}

template <typename OpT>
static LogicalResult verifyChannelAccess(OpT op, StringRef role) {
  if (failed(verifyMemrefLevel(op, op.getMemref(), role)) ||
      failed(verifyPattern(op, role, op.getOffsets(), op.getAccessSizes(),
                           op.getStrides())))
    return failure();
  return success();
}

LogicalResult ChannelPutOp::verify() { return verifyChannelAccess(*this, "source"); }
LogicalResult ChannelGetOp::verify() {
  return verifyChannelAccess(*this, "destination");
}

/// The channel exists, and the indices select one channel of the bundle. A
/// get on a broadcast channel addresses the destination space,
/// broadcast_shape; in a dimension where that is 1 its index matches every
/// destination (air-to-aie zeroes it), so any non-negative value is accepted.
template <typename OpT>
static LogicalResult verifyChannelUse(OpT op, SymbolTableCollection &tables) {
  auto chan = tables.lookupNearestSymbolFrom<ChannelOp>(op, op.getChanNameAttr());
  if (!chan)
    return op.emitOpError("names channel ")
           << op.getChanNameAttr()
           << ", which is not declared; declare it at module scope with "
              "'air.channel "
           << op.getChanNameAttr() << " [...]'";
  SmallVector<int64_t> shape = chan.getShape();
  bool broadcastGet = false;
  if constexpr (std::is_same_v<OpT, ChannelGetOp>) {
    if (auto bshape = chan.getBroadcastShape()) {
      // ChannelOp::verify has checked the entries.
      broadcastGet = true;
      shape.clear();
      for (Attribute a : *bshape)
        shape.push_back(cast<IntegerAttr>(a).getInt());
    }
  }
  StringRef space = broadcastGet ? "the broadcast_shape of channel " : "channel ";
  auto indices = op.getIndices();
  if (indices.empty())
    return success();
  if (indices.size() != shape.size()) {
    auto diag = op.emitOpError("has ")
                << indices.size() << " channel indices, but " << space
                << op.getChanNameAttr() << " has rank " << shape.size()
                << "; give no indices or exactly " << shape.size();
    diag.attachNote(chan.getLoc()) << "channel declared here";
    return diag;
  }
  for (auto [i, idx] : llvm::enumerate(indices)) {
    APInt v;
    if (!matchPattern(idx, m_ConstantInt(&v)))
      continue;
    bool matchesAll = broadcastGet && shape[i] == 1;
    if (v.isNegative() || (!matchesAll && v.getSExtValue() >= shape[i])) {
      auto diag = op.emitOpError("channel index #") << i << " is " << v.getSExtValue();
      if (matchesAll)
        diag << ", which is negative; dimension " << i << " of " << space
             << op.getChanNameAttr()
             << " is 1, where a get matches every destination, but its index "
                "must still be at least 0";
      else
        diag << ", outside [0, " << shape[i] << ") of " << space
             << op.getChanNameAttr();
      diag.attachNote(chan.getLoc()) << "channel declared here";
      return diag;
    }
  }
  return success();
}

LogicalResult ChannelPutOp::verifySymbolUses(SymbolTableCollection &t) {
  return verifyChannelUse(*this, t);
}
LogicalResult ChannelGetOp::verifySymbolUses(SymbolTableCollection &t) {
  return verifyChannelUse(*this, t);
}

//===----------------------------------------------------------------------===//
// Channel declarations
//===----------------------------------------------------------------------===//

static bool isKnownChannelType(StringRef t) {
  return llvm::is_contained(
      {"dma_stream", "dma_packet", "cascade", "npu_dma_stream",
       "npu_dma_packet", "npu_cascade", "npu_mmio", "gpu_symmetric_heap"},
      t);
}

LogicalResult ChannelOp::verify() {
  for (Attribute a : getSize()) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || i.getInt() < 1)
      return emitOpError("bundle dimensions must be positive integers");
  }
  if (getDepth() && *getDepth() < 1)
    return emitOpError("depth must be at least 1, but is ") << *getDepth();
  if (auto t = getChannelType(); t && !isKnownChannelType(*t))
    return emitOpError("unknown channel_type \"")
           << *t << "\"; expected \"dma_stream\", \"dma_packet\" or \"cascade\""
           << " (optionally with the \"npu_\" prefix)";
  if (auto bshape = getBroadcastShape()) {
    SmallVector<int64_t> shape = getShape();
    SmallVector<int64_t> target;
    for (Attribute a : *bshape) {
      auto i = dyn_cast<IntegerAttr>(a);
      if (!i || i.getInt() < 1)
        return emitOpError("broadcast_shape dimensions must be positive integers");
      target.push_back(i.getInt());
    }
    if (!shape.empty() && shape.size() != target.size())
      return emitOpError("broadcast_shape has rank ")
             << target.size() << " but the channel bundle has rank "
             << shape.size();
    for (unsigned i = 0; i < shape.size(); ++i)
      if (shape[i] != 1 && shape[i] != target[i])
        return emitOpError("broadcast_shape dimension ")
               << i << " is " << target[i] << ", but the bundle's is "
               << shape[i] << "; NumPy broadcasting needs 1 or " << target[i];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// execute
//===----------------------------------------------------------------------===//

LogicalResult ExecuteOp::verify() {
  Operation *term = getBody().getTerminator();
  if (term->getOperandTypes() != getResults().getTypes()) {
    unsigned n = term->getNumOperands();
    return emitOpError("yields ")
           << n << (n == 1 ? " value" : " values")
           << " through 'air.execute_terminator' but declares "
           << getResults().size() << " results of matching types";
  }
  return success();
}
