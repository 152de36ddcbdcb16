//===- AsyncGraph.cpp - the asynchronous control and dataflow graph -------===//
#include "analyses/AsyncGraph.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace aircheck;

static bool isToken(Value v) { return isa<air::AsyncTokenType>(v.getType()); }

static bool carriesTokens(Operation *op) {
  return llvm::any_of(op->getResults(), isToken);
}

AsyncGraph::AsyncGraph(Operation *root) {
  // Nodes, in program order.
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<air::AsyncOpInterface, air::TokenAllocOp>(op) ||
        (isa<scf::ForOp, scf::ParallelOp, scf::IfOp, affine::AffineIfOp>(op) &&
         carriesTokens(op)))
      addNode(op);
  });

  llvm::StringMap<SmallVector<Operation *>> puts, gets;
  for (unsigned n = 0, e = nodeList.size(); n < e; ++n) {
    Operation *op = nodeList[n].op;
    if (auto async = dyn_cast<air::AsyncOpInterface>(op)) {
      for (Value t : async.getAsyncDependencies())
        connect(t, op, EdgeKind::Dependency);
      for (Value t : async.getAffinityTokens())
        affinity[rootOf(t)].push_back(op);
      for (Value t : async.getConcurrencyTokens())
        concurrency[rootOf(t)].push_back(op);
    }
    if (auto put = dyn_cast<air::ChannelPutOp>(op))
      puts[put.getChanName()].push_back(op);
    if (auto get = dyn_cast<air::ChannelGetOp>(op))
      gets[get.getChanName()].push_back(op);
    // A loop waits for its token inits before its first iteration.
    if (auto f = dyn_cast<scf::ForOp>(op))
      for (Value init : f.getInitArgs())
        if (isToken(init))
          connect(init, op, EdgeKind::Dependency);
    if (auto p = dyn_cast<scf::ParallelOp>(op)) {
      for (Value init : p.getInitVals())
        if (isToken(init))
          connect(init, op, EdgeKind::Dependency);
      // Instance tokens merge into the loop's result.
      for (Operation &inner : p.getBody()->getOperations())
        if (auto reduce = dyn_cast<scf::ReduceOp>(inner))
          for (Value t : reduce.getOperands())
            if (isToken(t))
              connect(t, op, EdgeKind::Reduce);
    }
    // Tokens yielded out of branches.
    if (isa<scf::IfOp, affine::AffineIfOp>(op))
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (Value t : b.getTerminator()->getOperands())
            if (isToken(t))
              connect(t, op, EdgeKind::Yield);
  }
  for (auto &[name, producers] : puts)
    for (Operation *p : producers)
      for (Operation *g : gets.lookup(name))
        addEdge(p, g, EdgeKind::Channel);
}

unsigned AsyncGraph::addNode(Operation *op) {
  auto [it, inserted] = index.try_emplace(op, nodeList.size());
  if (inserted)
    nodeList.push_back(Node{op, {}, {}});
  return it->second;
}

int AsyncGraph::nodeOf(Operation *op) const {
  auto it = index.find(op);
  return it == index.end() ? -1 : static_cast<int>(it->second);
}

void AsyncGraph::addEdge(Operation *from, Operation *to, EdgeKind kind) {
  int f = nodeOf(from), t = nodeOf(to);
  if (f < 0 || t < 0)
    return;
  for (unsigned e : nodeList[f].out)
    if (edgeList[e].to == static_cast<unsigned>(t) && edgeList[e].kind == kind)
      return;
  edgeList.push_back(Edge{static_cast<unsigned>(f), static_cast<unsigned>(t), kind});
  nodeList[f].out.push_back(edgeList.size() - 1);
  nodeList[t].in.push_back(edgeList.size() - 1);
}

void AsyncGraph::connect(Value token, Operation *user, EdgeKind kind,
                         unsigned depth) {
  if (depth > 32)
    return;
  if (Operation *def = token.getDefiningOp()) {
    if (nodeOf(def) >= 0)
      addEdge(def, user, kind);
    return;
  }
  auto arg = cast<BlockArgument>(token);
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto h = dyn_cast_or_null<air::HierarchyOpInterface>(owner)) {
    // A token passed in through args(...).
    unsigned first = 2 * h.getNumDims();
    if (arg.getArgNumber() >= first)
      connect(h.getKernelOperands()[arg.getArgNumber() - first], user, kind,
              depth + 1);
    return;
  }
  if (auto f = dyn_cast_or_null<scf::ForOp>(owner)) {
    unsigned i = arg.getArgNumber();
    if (i == 0)
      return; // the induction variable
    // First iteration: the init; later ones: the previous iteration's yield.
    connect(f.getInitArgs()[i - 1], user, kind, depth + 1);
    Value yielded = f.getBody()->getTerminator()->getOperand(i - 1);
    connect(yielded, user, EdgeKind::LoopCarried, depth + 1);
  }
}

Value AsyncGraph::rootOf(Value token) const {
  for (unsigned depth = 0; depth < 32; ++depth) {
    auto arg = dyn_cast<BlockArgument>(token);
    if (!arg)
      return token;
    auto h = dyn_cast_or_null<air::HierarchyOpInterface>(
        arg.getOwner()->getParentOp());
    unsigned first = h ? 2 * h.getNumDims() : 0;
    if (!h || arg.getArgNumber() < first)
      return token;
    token = h.getKernelOperands()[arg.getArgNumber() - first];
  }
  return token;
}

StringRef AsyncGraph::kindName(EdgeKind k) {
  switch (k) {
  case EdgeKind::Dependency:
    return "dependency";
  case EdgeKind::LoopCarried:
    return "loop-carried";
  case EdgeKind::Reduce:
    return "reduce";
  case EdgeKind::Yield:
    return "yield";
  case EdgeKind::Channel:
    return "channel";
  }
  return "?";
}

static void printNode(llvm::raw_ostream &os, Operation *op) {
  os << op->getName();
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << "@" << loc.getLine() << ":" << loc.getColumn();
}

void AsyncGraph::print(llvm::raw_ostream &os) const {
  for (const Edge &e : edgeList) {
    os << kindName(e.kind) << ": ";
    printNode(os, nodeList[e.from].op);
    os << " -> ";
    printNode(os, nodeList[e.to].op);
    os << "\n";
  }
}
