//===- BlockOrder.cpp - what runs before what, op by op --------------------===//
#include "analyses/BlockOrder.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

using namespace aircheck;
using namespace mlir;

Operation *BlockOrder::ancestorIn(Operation *op, Block *block) {
  return block->findAncestorOpInBlock(*op);
}

static bool isToken(Value v) { return isa<air::AsyncTokenType>(v.getType()); }

bool BlockOrder::blocks(Operation *op) {
  return !llvm::any_of(op->getResults(), isToken);
}

/// Loops and branches: their blocks run in program order inside them, so
/// an op nested in one may outlive it.
static bool isControlFlow(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::ParallelOp, scf::IndexSwitchOp,
             scf::WhileOp, affine::AffineForOp, affine::AffineIfOp,
             affine::AffineParallelOp>(op);
}

unsigned BlockOrder::nodeOfValue(Reach &r, Block *block, Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == block ? r.numOps + arg.getArgNumber() : ~0u;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != block)
    return ~0u;
  return r.index.lookup(def);
}

BlockOrder::Reach &BlockOrder::reach(Block *block) {
  auto &slot = cache[block];
  if (slot)
    return *slot;
  slot = std::make_unique<Reach>();
  Reach &r = *slot;
  for (Operation &op : *block)
    r.index[&op] = r.numOps++;
  unsigned n = r.numOps + block->getNumArguments();
  r.after.assign(n, llvm::BitVector(n));
  r.done.assign(n, llvm::BitVector(n));
  bool programOrder = !AsyncGraph::orderedByDependences(block);
  // Direct edges: succ[i] start after i completes; inner[i] complete after
  // it (a token i signals is waited for inside their regions).
  std::vector<llvm::SmallVector<unsigned, 4>> succ(n), inner(n);
  std::vector<Operation *> ops;
  for (Operation &op : *block)
    ops.push_back(&op);
  for (Operation *b : ops) {
    unsigned j = r.index[b];
    for (Value v : b->getOperands())
      if (isToken(v))
        if (unsigned u = nodeOfValue(r, block, v); u != ~0u && u != j)
          succ[u].push_back(j);
    b->walk([&](Operation *nested) {
      if (nested == b)
        return;
      for (Value v : nested->getOperands())
        if (isToken(v))
          if (unsigned u = nodeOfValue(r, block, v); u != ~0u && u != j)
            inner[u].push_back(j);
    });
    if (!programOrder)
      for (Operation *a : graph.waitsFor(b))
        if (a->getBlock() == block)
          succ[r.index[a]].push_back(j);
  }
  // Every edge goes forward (SSA, program order, earlier ops), so one pass
  // from the end closes the relation.
  auto close = [&](unsigned i) {
    for (unsigned j : succ[i]) {
      r.after[i].set(j);
      r.after[i] |= r.after[j];
      r.done[i].set(j);
      r.done[i] |= r.done[j];
    }
    for (unsigned j : inner[i]) {
      r.after[i] |= r.after[j];
      r.done[i].set(j);
      r.done[i] |= r.done[j];
    }
  };
  for (unsigned i = r.numOps; i-- > 0;) {
    if (programOrder && blocks(ops[i])) {
      r.after[i].set(i + 1, r.numOps);
      r.done[i].set(i + 1, r.numOps);
    }
    close(i);
  }
  for (unsigned a = r.numOps; a < n; ++a)
    close(a);
  return r;
}

bool BlockOrder::before(Operation *a, Operation *b) {
  if (a->getBlock() != b->getBlock())
    return false;
  Reach &r = reach(a->getBlock());
  return reaches(r, r.index[a], r.index[b]);
}

bool BlockOrder::waitsInside(Operation *a, Operation *b, Operation *holder) {
  Block *outer = a->getBlock();
  if (holder->getBlock() != outer || a == holder)
    return false;
  // A token signalled once `a` has completed: `a`'s own, or that of an op
  // of the outer block that starts after `a` completes.
  auto after = [&](Value v) {
    if (!isToken(v))
      return false;
    Operation *d = v.getDefiningOp();
    return d && d->getBlock() == outer && (d == a || before(a, d));
  };
  for (Operation *x = b; x && x != holder; x = x->getParentOp()) {
    Block *block = x->getBlock();
    Reach &r = reach(block);
    unsigned ix = r.index[x];
    for (Operation &w : *block)
      if (&w == x || reaches(r, r.index[&w], ix))
        if (llvm::any_of(w.getOperands(), after))
          return true;
  }
  return false;
}

bool BlockOrder::doneBefore(Operation *a, Operation *b) {
  if (a->getBlock() != b->getBlock())
    return false;
  Reach &r = reach(a->getBlock());
  return completesBefore(r, r.index[a], r.index[b]);
}

bool BlockOrder::closedBySync(Operation *a) {
  Block *block = a->getBlock();
  if (AsyncGraph::orderedByDependences(block))
    return false;
  if (blocks(a))
    return true;
  Reach &r = reach(block);
  unsigned i = r.index[a];
  for (Operation *s = a->getNextNode(); s; s = s->getNextNode())
    if (blocks(s) && completesBefore(r, i, r.index[s]))
      return true;
  return false;
}

/// For an op directly in the body of a loop or branch: it completes before
/// every token the body yields is signalled, and (in an scf.for) every
/// token slot passes the previous iteration's on, so the last iteration's
/// yield waits for it in every iteration.
static bool reachesAllYields(BlockOrder &order, Operation *a, Block *body) {
  Operation *term = body->getTerminator();
  bool any = false;
  for (auto [k, v] : llvm::enumerate(term->getOperands())) {
    if (!isToken(v))
      continue;
    any = true;
    Operation *p = v.getDefiningOp();
    if (!p || p->getBlock() != body || !(p == a || order.doneBefore(a, p)))
      return false;
  }
  return any;
}

bool BlockOrder::closedIn(Operation *access, Block *block) {
  Operation *u = ancestorIn(access, block);
  if (!u)
    return false;
  if (u == access || !isControlFlow(u))
    return true;
  // A loop or branch without tokens in a function, launch or segment body
  // is a task that completes once everything it dispatched has.
  if (AsyncGraph::orderedByDependences(block) && blocks(u))
    return true;
  Operation *inner = access;
  while (inner->getParentOp() != u)
    inner = inner->getParentOp();
  Block *body = inner->getBlock();
  if (!closedIn(access, body))
    return false;
  if (closedBySync(inner))
    return true;
  if (!reachesAllYields(*this, inner, body))
    return false;
  if (auto loop = dyn_cast<scf::ForOp>(u)) {
    // Every token slot must pass the previous iteration's token on.
    Reach &r = reach(body);
    Operation *term = body->getTerminator();
    for (auto [k, v] : llvm::enumerate(term->getOperands())) {
      if (!isToken(v))
        continue;
      unsigned arg = r.numOps + 1 + k, p = nodeOfValue(r, body, v);
      if (p == ~0u || !completesBefore(r, arg, p))
        return false;
    }
  }
  return true;
}

bool BlockOrder::carriedBefore(Operation *a, Operation *b, Operation *loopOp) {
  auto loop = dyn_cast<scf::ForOp>(loopOp);
  if (!loop)
    return closedBySync(a); // affine.for and others: program order only
  Block *body = loop.getBody();
  if (a->getBlock() != body || b->getBlock() != body)
    return false;
  if (closedBySync(a))
    return true;
  Reach &r = reach(body);
  Operation *term = body->getTerminator();
  unsigned ia = r.index[a], ib = r.index[b];
  for (auto [k, v] : llvm::enumerate(term->getOperands())) {
    if (!isToken(v))
      continue;
    unsigned arg = r.numOps + 1 + k, p = nodeOfValue(r, body, v);
    if (p == ~0u || !(p == ia || completesBefore(r, ia, p)))
      continue;
    // The slot is chained (iteration i+1's yield waits for its iter_arg),
    // and b waits for the iter_arg.
    if (completesBefore(r, arg, p) && reaches(r, arg, ib))
      return true;
  }
  return false;
}

Block *BlockOrder::lowestCommonBlock(Operation *a, Operation *b) {
  for (Operation *p = a; p; p = p->getParentOp())
    if (p->getBlock() && p->getBlock()->findAncestorOpInBlock(*b))
      return p->getBlock();
  return nullptr;
}


std::vector<PairCase> BlockOrder::instancePairs(PolyhedralModel &poly,
                                                Operation *a, Operation *b,
                                                Operation *allocation,
                                                bool channels) {
  const Instances &ia = poly.instancesOf(a);
  const Instances &ib = poly.instancesOf(b);
  unsigned shared = 0;
  while (shared < ia.dims.size() && shared < ib.dims.size() &&
         ia.dims[shared].iv == ib.dims[shared].iv)
    ++shared;
  // Instances can share the buffer only within one instance of its
  // allocation.
  unsigned allocDims = 0;
  if (allocation) {
    const Instances &ix = poly.instancesOf(allocation);
    while (allocDims < ix.dims.size() && allocDims < shared &&
           ix.dims[allocDims].iv == ia.dims[allocDims].iv)
      ++allocDims;
  }
  std::vector<PairCase> cases;
  auto eq = [&](unsigned k) {
    std::vector<std::string> c{"true"};
    for (unsigned d = 0; d < k; ++d)
      c.push_back("a" + std::to_string(d) + " = b" + std::to_string(d));
    return llvm::join(c, " and ");
  };
  for (unsigned k = allocDims; k < shared; ++k) {
    const Dim &d = ia.dims[k];
    std::string ak = "a" + std::to_string(k), bk = "b" + std::to_string(k);
    if (d.kind != Dim::Kind::ForIv) {
      cases.push_back({eq(k) + " and " + ak + " != " + bk, false, false,
                       std::string("instances that differ in ") +
                           d.kindName().str() + " run at once",
                       d.owner, d.owner});
      continue;
    }
    Block *body = &d.owner->getRegion(0).front();
    Operation *ua = ancestorIn(a, body), *ub = ancestorIn(b, body);
    bool aFirst =
        ua && ub && closedIn(a, body) && carriedBefore(ua, ub, d.owner);
    bool bFirst =
        ua && ub && closedIn(b, body) && carriedBefore(ub, ua, d.owner);
    std::string how = "no token carried from one trip of scf.for@" +
                      lineColOf(d.owner) + " to a later one orders them";
    cases.push_back({eq(k) + " and " + ak + " < " + bk, aFirst, false, how,
                     ua, ub});
    cases.push_back({eq(k) + " and " + ak + " > " + bk, false, bFirst, how,
                     ua, ub});
  }
  if (a == b)
    return cases;
  Block *blk = lowestCommonBlock(a, b);
  Operation *ua = blk ? ancestorIn(a, blk) : nullptr;
  Operation *ub = blk ? ancestorIn(b, blk) : nullptr;
  // Two regions of one branch op: never both in one instance.
  if (ua && ua == ub &&
      isa<scf::IfOp, scf::IndexSwitchOp, affine::AffineIfOp>(ua))
    return cases;
  bool aFirst = ua && ub && ua != ub &&
                (before(ua, ub) || waitsInside(ua, b, ub)) && closedIn(a, blk);
  bool bFirst = ua && ub && ua != ub &&
                (before(ub, ua) || waitsInside(ub, a, ua)) && closedIn(b, blk);
  cases.push_back({eq(shared), aFirst, bFirst,
                   "no token, blocking op or dependence orders them", ua, ub});
  // What tokens leave unordered, a channel rendezvous may order. Consumers
  // intersect the parts with each case's pairs.
  if (channels && rendezvousDepth < maxRendezvousDepth && a != b) {
    std::string ch;
    std::optional<isl::map> part;
    for (PairCase &c : cases) {
      if (c.aFirst)
        continue;
      if (!part)
        part = channelOrdered(poly, a, b, ch);
      if (!part->is_empty())
        c.aFirstPart = *part;
    }
  }
  return cases;
}
