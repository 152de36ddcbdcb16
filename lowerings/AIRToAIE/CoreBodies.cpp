//===- CoreBodies.cpp - a herd tile's body as an aie.core -----------------===//
#include "lowerings/AIRToAIE/CoreBodies.h"

#include "lowerings/AIRToAIE/Cascades.h"
#include "lowerings/AIRToAIE/ChannelAccess.h"
#include "lowerings/AIRToAIE/Refusal.h"

#include "analyses/FoldedInt.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "dialects/AIE/AIEDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

static bool isToken(Value v) { return isa<air::AsyncTokenType>(v.getType()); }

/// scf.for without its token iteration arguments.
static void dropTokenIterArgs(scf::ForOp f, Value dummy) {
  SmallVector<unsigned> tokens;
  SmallVector<Value> inits;
  for (auto [i, v] : llvm::enumerate(f.getInitArgs())) {
    if (isToken(v))
      tokens.push_back(i);
    else
      inits.push_back(v);
  }
  if (tokens.empty())
    return;
  OpBuilder b(f);
  auto nf = scf::ForOp::create(b, f.getLoc(), f.getLowerBound(),
                               f.getUpperBound(), f.getStep(), inits);
  nf.getRegion().takeBody(f.getRegion());
  Block *body = nf.getBody();
  Operation *yield = body->getTerminator();
  for (unsigned k : llvm::reverse(tokens)) {
    body->getArgument(k + 1).replaceAllUsesWith(dummy);
    body->eraseArgument(k + 1);
    yield->eraseOperand(k);
  }
  unsigned j = 0;
  for (OpResult r : f.getResults())
    r.replaceAllUsesWith(isToken(r) ? dummy : nf.getResult(j++));
  f.erase();
}

/// scf.if without its token results.
static void dropTokenResults(scf::IfOp i, Value dummy) {
  SmallVector<unsigned> tokens;
  SmallVector<Type> kept;
  for (auto [k, r] : llvm::enumerate(i.getResults())) {
    if (isToken(r))
      tokens.push_back(k);
    else
      kept.push_back(r.getType());
  }
  if (tokens.empty())
    return;
  OpBuilder b(i);
  bool hasElse = !i.getElseRegion().empty();
  auto ni = scf::IfOp::create(b, i.getLoc(), kept, i.getCondition(), hasElse);
  ni.getThenRegion().takeBody(i.getThenRegion());
  if (hasElse)
    ni.getElseRegion().takeBody(i.getElseRegion());
  for (Region *r : {&ni.getThenRegion(), &ni.getElseRegion()})
    if (!r->empty())
      for (unsigned k : llvm::reverse(tokens))
        r->front().getTerminator()->eraseOperand(k);
  unsigned j = 0;
  for (OpResult r : i.getResults())
    r.replaceAllUsesWith(isToken(r) ? dummy : ni.getResult(j++));
  i.erase();
}

/// Replaces a branch whose choice is constant by the ops of the region it
/// takes, `taken` (null or empty: none); its yielded values replace its
/// results. Returns false if a result other than a token is still used
/// (the branch takes no region but yields values).
static bool inlineTaken(Operation *branch, Region *taken, Value dummy) {
  if (taken && !taken->empty()) {
    Block &b = taken->front();
    Operation *yield = b.getTerminator();
    for (auto [r, v] : llvm::zip(branch->getResults(), yield->getOperands()))
      r.replaceAllUsesWith(v);
    yield->erase();
    branch->getBlock()->getOperations().splice(Block::iterator(branch),
                                               b.getOperations());
  }
  for (Value r : branch->getResults())
    if (!r.use_empty()) {
      if (!isToken(r))
        return false;
      r.replaceAllUsesWith(dummy);
    }
  branch->erase();
  return true;
}

static LogicalResult foldConstantBranches(Block &body, Value dummy) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> branches;
    body.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op))
        branches.push_back(op);
    });
    for (Operation *op : branches) {
      Region *taken = nullptr;
      bool known = false;
      if (auto i = dyn_cast<scf::IfOp>(op)) {
        if (std::optional<int64_t> c = foldedInt(i.getCondition())) {
          known = true;
          taken = *c ? &i.getThenRegion() : &i.getElseRegion();
        }
      } else if (auto a = dyn_cast<affine::AffineIfOp>(op)) {
        IntegerSet set = a.getIntegerSet();
        SmallVector<int64_t> vals;
        for (Value v : a.getOperands())
          if (std::optional<int64_t> c = foldedInt(v))
            vals.push_back(*c);
        if (vals.size() == a.getNumOperands()) {
          known = true;
          bool holds = true;
          ArrayRef<int64_t> dims(vals.data(), set.getNumDims());
          ArrayRef<int64_t> syms(vals.data() + set.getNumDims(), set.getNumSymbols());
          for (unsigned k = 0; k < set.getNumConstraints() && holds; ++k) {
            AffineExpr e = set.getConstraint(k);
            SmallVector<AffineExpr> dimRepl, symRepl;
            for (int64_t d : dims)
              dimRepl.push_back(getAffineConstantExpr(d, op->getContext()));
            for (int64_t sy : syms)
              symRepl.push_back(getAffineConstantExpr(sy, op->getContext()));
            auto c = dyn_cast<AffineConstantExpr>(
                e.replaceDimsAndSymbols(dimRepl, symRepl));
            if (!c) {
              known = false;
              break;
            }
            holds = set.isEq(k) ? c.getValue() == 0 : c.getValue() >= 0;
          }
          if (known)
            taken = holds ? &a.getThenRegion() : &a.getElseRegion();
        }
      } else if (auto sw = dyn_cast<scf::IndexSwitchOp>(op)) {
        if (std::optional<int64_t> c = foldedInt(sw.getArg())) {
          known = true;
          taken = &sw.getDefaultRegion();
          for (auto [k, v] : llvm::enumerate(sw.getCases()))
            if (v == *c)
              taken = &sw.getCaseRegions()[k];
        }
      }
      if (!known)
        continue;
      if (!inlineTaken(op, taken, dummy))
        return refuse(op) << "a branch on the tile's ids whose results the "
                             "lowering cannot inline";
      changed = true;
      break; // the walk's list is stale now
    }
  }
  return success();
}

static bool isView(Operation *op) {
  return isa<ViewLikeOpInterface, memref::CastOp, memref::CollapseShapeOp,
             memref::ExpandShapeOp, memref::ReinterpretCastOp>(op);
}

Operation *aircheck::npu::outerL1Alloc(air::HerdOp herd, unsigned k) {
  auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
  if (k >= h.getKernelOperands().size())
    return nullptr;
  Value operand = h.getKernelOperands()[k];
  auto type = dyn_cast<MemRefType>(operand.getType());
  if (!type || air::getMemorySpace(type).value_or(0) !=
                   unsigned(air::MemorySpace::L1))
    return nullptr;
  Operation *root = memrefRootOp(operand, ExecuteLinks | KernelArgLinks);
  if (!isa_and_nonnull<memref::AllocOp>(root) || herd->isAncestor(root))
    return nullptr;
  return root;
}

SmallVector<air::HerdOp> aircheck::npu::outerL1Users(Operation *alloc) {
  SmallVector<air::HerdOp> users;
  Operation *top = alloc->getParentOfType<func::FuncOp>();
  if (!top)
    return users;
  top->walk([&](air::HerdOp h) {
    auto hi = cast<air::HierarchyOpInterface>(h.getOperation());
    for (auto [k, arg] : llvm::enumerate(hi.getKernelArguments()))
      if (!arg.use_empty() && outerL1Alloc(h, k) == alloc) {
        users.push_back(h);
        break;
      }
  });
  return users;
}

/// Upstream's air-to-aie gives an L1 buffer from outside a herd one copy
/// per core, except where a core reads what another core wrote: then one
/// shared buffer, with locks it infers (its shared L1 lowering). The two
/// agree, and the copy per tile is lowered, where every tile of the herd
/// runs the same uses of it: the herd has one tile, or no use of it
/// (through views) is under an op whose operands depend on the tile's ids.
LogicalResult aircheck::npu::perTileCopyHolds(air::HerdOp herd, unsigned k) {
  auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
  int64_t tiles = 1;
  for (Value size : h.getSizeOperands())
    tiles *= getConstantIntValue(size).value_or(2);
  if (tiles == 1)
    return success();
  // Its uses, through views.
  SmallVector<std::pair<Value, Operation *>> uses;
  SmallVector<Value> work{h.getKernelArguments()[k]};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      uses.push_back({v, user});
      if (isView(user))
        work.append(user->result_begin(), user->result_end());
    }
  }
  // A buffer no tile reads has no reader core: upstream shares nothing.
  bool read = llvm::any_of(uses, [](const std::pair<Value, Operation *> &u) {
    return llvm::any_of(memrefEffects(u.second), [&](const MemrefEffect &e) {
      return e.memref == u.first && e.read;
    });
  });
  if (!read)
    return success();
  SetVector<Operation *> fromIds;
  for (Value id : h.getIds())
    getForwardSlice(id, &fromIds);
  for (auto &[v, user] : uses)
    for (Operation *p = user->getParentOp(); p && p != herd;
         p = p->getParentOp())
      if (p->getNumRegions() && fromIds.count(p) && !isa<air::ExecuteOp>(p)) {
        auto diag = refuse(user)
                    << "uses an L1 buffer from outside the herd under an '"
                    << p->getName()
                    << "' that depends on the tile's ids: upstream's "
                       "air-to-aie shares such a buffer between the cores "
                       "where one reads what another wrote (shared L1), "
                       "which is not lowered; the lowering gives each tile "
                       "its own copy only where every tile uses it alike";
        diag.attachNote(p->getLoc()) << "the op that depends on the ids";
        diag.attachNote(herd.getLoc()) << "the herd";
        return failure();
      }
  return success();
}

LogicalResult aircheck::npu::buildCoreBody(
    Block &body, air::HerdOp herd, ArrayRef<int64_t> ids,
    const std::function<Value(Operation *)> &bufferFor,
    const std::function<LockPair(Value)> &locksOf,
    const std::set<Operation *> &sharedAllocs,
    const std::set<std::string> &mmioChannels,
    const std::set<std::string> &cascadeChannels) {
  MLIRContext *ctx = herd.getContext();
  auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
  Location loc = herd.getLoc();
  // What an earlier herd on this tile put in `body` (herds that share a
  // tile run one after the other in one core).
  Operation *earlierEnd = body.empty() ? nullptr : &body.back();
  OpBuilder b = OpBuilder::atBlockEnd(&body);
  IRMapping map;
  SmallVector<std::pair<Operation *, unsigned>> standIns; // op, arg #
  // The tile's copies of outer L1 buffers this herd uses, with their allocs.
  SmallVector<std::pair<Value, Operation *>> tileCopies;
  for (auto [arg, id] : llvm::zip(h.getIds(), ids))
    map.map(arg, arith::ConstantIndexOp::create(b, loc, id).getResult());
  for (auto [arg, size] : llvm::zip(h.getSizeArgs(), h.getSizeOperands())) {
    std::optional<int64_t> c = getConstantIntValue(size);
    if (!c)
      return refuse(herd) << "the herd's size is not a constant";
    map.map(arg, arith::ConstantIndexOp::create(b, loc, *c).getResult());
  }
  for (auto [k, arg, operand] :
       llvm::enumerate(h.getKernelArguments(), h.getKernelOperands())) {
    if (arg.use_empty())
      continue;
    Operation *def = operand.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>()) {
      map.map(arg, b.clone(*def)->getResult(0));
      continue;
    }
    // An L1 buffer allocated outside the herd: one copy per tile, the
    // tile's own buffer (outerL1Alloc; herds that share the tile share it),
    // or one buffer that herds on other tiles share (SharedL1.h).
    if (Operation *alloc = outerL1Alloc(herd, k)) {
      if (!sharedAllocs.count(alloc) && failed(perTileCopyHolds(herd, k)))
        return failure();
      map.map(arg, bufferFor(alloc));
      if (!sharedAllocs.count(alloc))
        tileCopies.push_back({map.lookup(arg), alloc});
      continue;
    }
    // Anything else the core cannot reach: the far side of the tile's
    // dma_memcpy_nds (a DMA on another tile reads or writes it), or a value
    // such as a launch id that only feeds their offsets (the run evaluated
    // those for the BDs and the runtime sequence). A stand-in until the
    // copies become lock operations; a use left after that is refused.
    auto standIn =
        UnrealizedConversionCastOp::create(b, loc, arg.getType(), ValueRange{});
    standIns.push_back({standIn, k});
    map.map(arg, standIn.getResult(0));
  }
  Value dummy =
      air::WaitAllOp::create(b, loc, air::AsyncTokenType::get(ctx), ValueRange{})
          .getAsyncToken();
  for (Operation &op : h.getBodyBlock().without_terminator())
    b.clone(op, map);

  // L1 allocs are the tile's buffers.
  bool ok = true;
  h.getBodyBlock().walk([&](memref::AllocOp alloc) {
    Value cloned = map.lookupOrNull(alloc.getResult());
    if (!cloned)
      return;
    cloned.replaceAllUsesWith(bufferFor(alloc));
    cloned.getDefiningOp()->erase();
  });

  // air.execute: its ops, in place.
  SmallVector<air::ExecuteOp> executes;
  body.walk([&](air::ExecuteOp e) { executes.push_back(e); });
  for (air::ExecuteOp e : executes) {
    Block &inner = e.getBody();
    Operation *term = inner.getTerminator();
    for (auto [k, r] : llvm::enumerate(e->getResults()))
      r.replaceAllUsesWith(k == 0 ? dummy : term->getOperand(k - 1));
    term->erase();
    e->getBlock()->getOperations().splice(Block::iterator(e),
                                          inner.getOperations());
    e->erase();
  }

  // Buffers live as long as the design: no deallocs.
  SmallVector<Operation *> dead;
  body.walk([&](memref::DeallocOp d) {
    if (d.getMemref().getDefiningOp<aie::BufferOp>())
      dead.push_back(d);
  });
  for (Operation *d : dead)
    d->erase();

  // Tokens order nothing here: loops and branches lose them.
  SmallVector<Operation *> structured;
  body.walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (isa<scf::ForOp, scf::IfOp>(op))
      structured.push_back(op);
    else if (isa<scf::ParallelOp, scf::ForallOp>(op) ||
             (isa<affine::AffineForOp>(op) &&
              llvm::any_of(op->getResults(), isToken))) {
      refuse(op) << "'" << op->getName()
                 << "' in a herd body is not lowered to a core";
      ok = false;
    }
  });
  if (!ok)
    return failure();
  for (Operation *op : structured) {
    if (auto f = dyn_cast<scf::ForOp>(op))
      dropTokenIterArgs(f, dummy);
    else
      dropTokenResults(cast<scf::IfOp>(op), dummy);
  }

  // The tile's ids are constants now: a branch on them (an affine.if,
  // scf.if or scf.index_switch choosing a tile's channel) keeps only the
  // region it takes, so each core keeps only its own transfers.
  if (failed(foldConstantBranches(body, dummy)))
    return failure();

  // npu_mmio gets: the buffer holds their constant from the start
  // (MmioInit.h).
  SmallVector<Operation *> mmioGets;
  body.walk([&](air::ChannelGetOp g) {
    if (mmioChannels.count(g.getChanName().str()))
      mmioGets.push_back(g);
  });
  for (Operation *g : mmioGets) {
    for (Value r : g->getResults())
      r.replaceAllUsesWith(dummy);
    g->erase();
  }

  // Cascade puts and gets: the core moves its buffer itself, one cascade
  // word at a time, in row-major order (Cascades.h).
  SmallVector<Operation *> cascadeOps;
  body.walk([&](air::ChannelOpInterface t) {
    if (cascadeChannels.count(t.getChanName().str()))
      cascadeOps.push_back(t);
  });
  for (Operation *op : cascadeOps) {
    auto t = cast<air::ChannelOpInterface>(op);
    Value buf = t.getMemref();
    auto type = dyn_cast<MemRefType>(buf.getType());
    if (!buf.getDefiningOp<aie::BufferOp>() || !type) {
      refuse(op) << "a cascade transfer of a memref that is not an L1 buffer "
                    "of its own tile";
      return failure();
    }
    // What Cascades.h checked of every transfer the run reached; a put or
    // get it never reached is checked here.
    if (std::string why = cascadeWordsProblem(type); !why.empty()) {
      refuse(op) << "a cascade transfer of " << why
                 << "; the lowering moves whole buffers in " << kCascadeBits
                 << "-bit words";
      return failure();
    }
    unsigned bits = type.getElementTypeBitWidth();
    OpBuilder at(op);
    Value flat = buf;
    if (type.getRank() != 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      flat = memref::CollapseShapeOp::create(at, loc, buf,
                                             ArrayRef<ReassociationIndices>{all});
    }
    int64_t width = kCascadeBits / bits;
    auto vec = VectorType::get({width}, type.getElementType());
    Value lb = arith::ConstantIndexOp::create(at, loc, 0);
    Value ub = arith::ConstantIndexOp::create(at, loc, type.getNumElements());
    Value step = arith::ConstantIndexOp::create(at, loc, width);
    Value pad = t.isPut() ? arith::ConstantOp::create(
                                at, loc, at.getZeroAttr(type.getElementType()))
                                .getResult()
                          : Value();
    auto loop = scf::ForOp::create(at, loc, lb, ub, step);
    OpBuilder in = OpBuilder::atBlockBegin(loop.getBody());
    Value iv = loop.getInductionVar();
    if (t.isPut()) {
      Value v = vector::TransferReadOp::create(in, loc, vec, flat,
                                               ValueRange{iv}, pad,
                                               ArrayRef<bool>{true});
      aie::PutCascadeOp::create(in, loc, v);
    } else {
      Value v = aie::GetCascadeOp::create(in, loc, vec);
      vector::TransferWriteOp::create(in, loc, v, flat, ValueRange{iv},
                                      ArrayRef<bool>{true});
    }
    for (Value r : op->getResults())
      r.replaceAllUsesWith(dummy);
    op->erase();
  }

  // Channel ops: the core's half of each lock pair.
  // The L1 side of each transfer: a put or get, or the side of a
  // dma_memcpy_nd that is one of the tile's buffers.
  llvm::MapVector<Value, SmallVector<Operation *>> transfersOf;
  DenseMap<Operation *, bool> putOf;
  body.walk([&](Operation *op) {
    SmallVector<ChannelAccess, 2> sides = ChannelAccess::sidesOf(op);
    if (sides.empty())
      return;
    if (sides.size() == 2) {
      bool src = static_cast<bool>(sides[0].memref.getDefiningOp<aie::BufferOp>());
      bool dst = static_cast<bool>(sides[1].memref.getDefiningOp<aie::BufferOp>());
      if (src == dst) {
        refuse(op) << "a dma_memcpy_nd in a herd must have exactly one side "
                      "in the tile's L1";
        ok = false;
        return;
      }
      sides.erase(sides.begin() + (src ? 1 : 0));
    }
    transfersOf[sides[0].memref].push_back(op);
    putOf[op] = sides[0].isPut;
  });
  if (!ok)
    return failure();
  auto useLock = [&](OpBuilder &at, Value lock, aie::LockAction action) {
    aie::UseLockOp::create(at, loc, lock,
                           aie::LockActionAttr::get(ctx, action),
                           at.getI32IntegerAttr(1));
  };
  for (auto &[buf, xs] : transfersOf) {
    if (!buf.getDefiningOp<aie::BufferOp>()) {
      refuse(xs.front()) << "transfers a memref that is not an L1 buffer of "
                            "its own tile";
      return failure();
    }
    LockPair lp = locksOf(buf);
    if (!lp.producer) {
      refuse(xs.front()) << "a transfer the verified run never reached: no "
                            "BD serves it";
      return failure();
    }
    Block *blk = xs.front()->getBlock();
    bool isPut = putOf[xs.front()];
    bool relay = static_cast<bool>(lp.ready);
    for (auto [k, x] : llvm::enumerate(xs))
      if (x->getBlock() != blk ||
          (relay ? putOf[x] != (k % 2 == 1) : putOf[x] != isPut)) {
        auto diag = refuse(x) << "the transfers on one core buffer must be "
                                 "in one block, and all in one direction "
                                 "or a get and a put in turn";
        diag.attachNote(xs.front()->getLoc()) << "the first one";
        return failure();
      }
    DenseMap<Operation *, unsigned> pos;
    unsigned n = 0;
    for (Operation &o : *blk)
      pos[&o] = n++;
    // The buffer's uses, through views, by their op in `blk`.
    SmallVector<std::pair<Operation *, Operation *>> uses; // (use, ancestor)
    SmallVector<Value> work{buf};
    llvm::SmallPtrSet<Operation *, 8> transfers(xs.begin(), xs.end());
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *u : v.getUsers()) {
        if (transfers.contains(u))
          continue;
        if (isView(u))
          for (Value r : u->getResults())
            work.push_back(r);
        // A use by an earlier herd on this tile (herds of one name share
        // the tile's copy of an outer L1 buffer): that herd transferred the
        // buffer too (below), and its lowering checked the use.
        if (Operation *top = body.findAncestorOpInBlock(*u);
            earlierEnd && top && !earlierEnd->isBeforeInBlock(top))
          continue;
        Operation *a = blk->findAncestorOpInBlock(*u);
        if (!a) {
          auto diag = refuse(u)
                      << "uses a buffer a DMA fills or drains outside the "
                         "block of its transfers; the lock protocol cannot "
                         "keep the DMA from racing with it";
          diag.attachNote(xs.front()->getLoc()) << "the transfer";
          return failure();
        }
        uses.push_back({u, a});
      }
    }
    SmallVector<bool> covered(uses.size(), false);
    for (auto [k, x] : llvm::enumerate(xs)) {
      unsigned at = pos[x];
      if (relay) {
        // get k/2 .. put k/2: the buffer is the core's in between.
        if (k % 2 == 1) {
          for (auto [i, u] : llvm::enumerate(uses))
            if (pos[u.second] > pos[xs[k - 1]] && pos[u.second] < at)
              covered[i] = true;
          OpBuilder atX(x);
          useLock(atX, lp.ready, aie::LockAction::Release);
        } else {
          OpBuilder atX(x);
          useLock(atX, lp.consumer, aie::LockAction::AcquireGreaterEqual);
        }
        continue;
      }
      if (!isPut) {
        unsigned next = k + 1 < xs.size() ? pos[xs[k + 1]] : n;
        Operation *last = x;
        for (auto [i, u] : llvm::enumerate(uses))
          if (pos[u.second] > at && pos[u.second] < next) {
            covered[i] = true;
            if (pos[u.second] > pos[last])
              last = u.second;
          }
        OpBuilder before(x);
        useLock(before, lp.consumer, aie::LockAction::AcquireGreaterEqual);
        OpBuilder after(ctx);
        after.setInsertionPointAfter(last);
        useLock(after, lp.producer, aie::LockAction::Release);
      } else {
        int64_t prev = k > 0 ? static_cast<int64_t>(pos[xs[k - 1]]) : -1;
        Operation *first = x;
        for (auto [i, u] : llvm::enumerate(uses))
          if (static_cast<int64_t>(pos[u.second]) > prev && pos[u.second] < at) {
            covered[i] = true;
            if (pos[u.second] < pos[first])
              first = u.second;
          }
        OpBuilder before(first);
        useLock(before, lp.producer, aie::LockAction::AcquireGreaterEqual);
        OpBuilder atX(x);
        useLock(atX, lp.consumer, aie::LockAction::Release);
      }
    }
    for (auto [i, u] : llvm::enumerate(uses))
      if (!covered[i]) {
        auto diag = refuse(u.first)
                    << "uses a buffer a DMA "
                    << (isPut ? "drains after its last put" : "fills before its first get")
                    << " in this block; the DMA could race with it";
        diag.attachNote(xs.front()->getLoc()) << "the transfer";
        return failure();
      }
    for (Operation *x : xs) {
      for (Value r : x->getResults())
        r.replaceAllUsesWith(dummy);
      x->erase();
    }
  }

  // A tile's copy that a DMA fills or drains for another herd on the tile
  // (herds of one name share it) is this herd's only inside transfers of
  // its own, whose locks hand it over; a use outside them could race with
  // the DMA.
  for (auto &[buf, alloc] : tileCopies) {
    if (!locksOf(buf).producer || transfersOf.count(buf))
      continue;
    SmallVector<Value> work{buf};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *u : v.getUsers()) {
        if (isView(u))
          for (Value r : u->getResults())
            work.push_back(r);
        Operation *top = body.findAncestorOpInBlock(*u);
        if (!top || (earlierEnd && !earlierEnd->isBeforeInBlock(top)))
          continue;
        auto diag = refuse(u) << "uses an L1 buffer from outside the herd "
                                 "that a DMA fills or drains for another "
                                 "herd on this tile, without a transfer of "
                                 "its own to hand it over; the DMA could "
                                 "race with it";
        diag.attachNote(alloc->getLoc()) << "the buffer";
        return failure();
      }
    }
  }

  // What only fed the transfers' offsets is dead now.
  for (bool erased = true; erased;) {
    erased = false;
    SmallVector<Operation *> dead;
    // Outermost dead ops only: erasing a dead loop erases what it holds
    // (collecting those too freed them twice: a loop left empty once its
    // deallocs went, upstream's label_ping_pong_loops).
    body.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<UnrealizedConversionCastOp>(op) && op != dummy.getDefiningOp() &&
          isOpTriviallyDead(op)) {
        dead.push_back(op);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    for (Operation *op : llvm::reverse(dead)) {
      op->erase();
      erased = true;
    }
  }
  for (auto &[standIn, k] : standIns) {
    if (!standIn->use_empty()) {
      auto diag = refuse(herd) << "herd argument #" << k
                               << " is used in the body; a core reaches only "
                                  "its own L1 buffers and constants (pass data "
                                  "through channels)";
      diag.attachNote((*standIn->getUsers().begin())->getLoc()) << "used here";
      return failure();
    }
    standIn->erase();
  }

  // What is left of the tokens.
  SmallVector<Operation *> waits;
  body.walk([&](air::WaitAllOp w) {
    if (w.getAsyncToken() != dummy)
      waits.push_back(w);
  });
  for (Operation *w : waits) {
    for (Value r : w->getResults())
      r.replaceAllUsesWith(dummy);
    w->erase();
  }
  Operation *left = nullptr;
  body.walk([&](Operation *op) {
    if (op != dummy.getDefiningOp() && isa<air::AIRDialect>(op->getDialect()) &&
        !left)
      left = op;
  });
  if (left)
    return refuse(left) << "'" << left->getName()
                        << "' in a herd body is not lowered to a core";
  if (!dummy.use_empty())
    return refuse(herd) << "a token is still used after the herd body's "
                           "tokens were dropped";
  dummy.getDefiningOp()->erase();
  return success();
}

void aircheck::npu::repeatCoreBody(Block &body, Operation *from,
                                   int64_t times, Location loc) {
  if (times <= 1)
    return;
  Block::iterator first = from ? Block::iterator(from) : body.begin();
  OpBuilder at(body.getParentOp()->getContext());
  at.setInsertionPoint(&body, first);
  Value lb = arith::ConstantIndexOp::create(at, loc, 0);
  Value ub = arith::ConstantIndexOp::create(at, loc, times);
  Value step = arith::ConstantIndexOp::create(at, loc, 1);
  auto loop = scf::ForOp::create(at, loc, lb, ub, step);
  Block *inner = loop.getBody();
  inner->getOperations().splice(Block::iterator(inner->getTerminator()),
                                body.getOperations(),
                                std::next(Block::iterator(loop)), body.end());
}
