//===- BlockOrder.cpp - what runs before what, op by op --------------------===//
#include "analyses/BlockOrder.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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
  bool programOrder = !AsyncGraph::orderedByDependences(block);
  // Direct edges: succ[i] are the nodes that start after i completes.
  std::vector<llvm::SmallVector<unsigned, 4>> succ(n);
  std::vector<Operation *> ops;
  for (Operation &op : *block)
    ops.push_back(&op);
  for (Operation *b : ops) {
    unsigned j = r.index[b];
    for (Value v : b->getOperands())
      if (isToken(v))
        if (unsigned u = nodeOfValue(r, block, v); u != ~0u && u != j)
          succ[u].push_back(j);
    if (!programOrder)
      for (Operation *a : graph.waitsFor(b))
        if (a->getBlock() == block)
          succ[r.index[a]].push_back(j);
  }
  // Every edge goes forward (SSA, program order, earlier ops), so one pass
  // from the end closes the relation.
  for (unsigned i = r.numOps; i-- > 0;) {
    if (programOrder && blocks(ops[i]))
      r.after[i].set(i + 1, r.numOps);
    for (unsigned j : succ[i]) {
      r.after[i].set(j);
      r.after[i] |= r.after[j];
    }
  }
  for (unsigned a = r.numOps; a < n; ++a)
    for (unsigned j : succ[a]) {
      r.after[a].set(j);
      r.after[a] |= r.after[j];
    }
  return r;
}

bool BlockOrder::before(Operation *a, Operation *b) {
  if (a->getBlock() != b->getBlock())
    return false;
  Reach &r = reach(a->getBlock());
  return reaches(r, r.index[a], r.index[b]);
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
    if (blocks(s) && reaches(r, i, r.index[s]))
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
    if (!p || p->getBlock() != body || !(p == a || order.before(a, p)))
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
      if (p == ~0u || !reaches(r, arg, p))
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
    if (p == ~0u || !(p == ia || reaches(r, ia, p)))
      continue;
    // The slot is chained (iteration i+1's yield waits for its iter_arg),
    // and b waits for the iter_arg.
    if (reaches(r, arg, p) && reaches(r, arg, ib))
      return true;
  }
  return false;
}
