//===- AsyncGraph.cpp - the asynchronous control and dataflow graph -------===//
#include "analyses/AsyncGraph.h"
#include "analyses/ChannelIndices.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"
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
        (isa<scf::ForOp, scf::ParallelOp, scf::IfOp, affine::AffineIfOp,
                   scf::IndexSwitchOp>(op) &&
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
    if (auto t = dyn_cast<air::ChannelOpInterface>(op))
      (t.isPut() ? puts : gets)[t.getChanName()].push_back(op);
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
    if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op))
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

  SmallVector<Block *> bodies;
  root->walk([&](Operation *op) {
    if (isa<air::LaunchOp, air::SegmentOp, FunctionOpInterface>(op) &&
        op->getNumRegions() == 1 && !op->getRegion(0).empty())
      bodies.push_back(&op->getRegion(0).front());
  });
  for (Block *body : bodies)
    orderBody(*body);
}

//===----------------------------------------------------------------------===//
// Ordering of ops without tokens in launch and segment bodies
//===----------------------------------------------------------------------===//

bool AsyncGraph::orderedByDependences(Block *body) {
  Operation *owner = body ? body->getParentOp() : nullptr;
  return isa_and_nonnull<air::LaunchOp, air::SegmentOp, FunctionOpInterface>(
      owner);
}

/// An AIR op (other than air.token.alloc) or an op holding one.
static bool holdsAirWork(Operation *op) {
  auto isAirWork = [](Operation *o) {
    return isa_and_nonnull<air::AIRDialect>(o->getDialect()) &&
           !isa<air::TokenAllocOp>(o) && !o->hasTrait<OpTrait::IsTerminator>();
  };
  if (isAirWork(op))
    return true;
  return op
      ->walk([&](Operation *inner) {
        return isAirWork(inner) ? WalkResult::interrupt()
                                : WalkResult::advance();
      })
      .wasInterrupted();
}

ArrayRef<Operation *> AsyncGraph::waitsFor(Operation *op) const {
  auto it = preds.find(op);
  return it == preds.end() ? ArrayRef<Operation *>() : ArrayRef(it->second);
}

ArrayRef<Operation *> AsyncGraph::blockingWaitsFor(Operation *op) const {
  auto it = blockingPreds.find(op);
  return it == blockingPreds.end() ? ArrayRef<Operation *>()
                                   : ArrayRef(it->second);
}

namespace {
/// What one op of a body touches, as seen from that body.
struct Footprint {
  llvm::SmallSetVector<Value, 4> reads, writes;
  /// Ops of the body whose results it uses.
  llvm::SmallSetVector<Operation *, 4> uses;
  /// Transfers outside nested hierarchy ops: channel and indices.
  SmallVector<Operation *, 2> transfers;
  bool sync = true;
  bool barrier = false; // a synchronous air.wait_all
};
} // namespace

/// The memref behind `v` as the body sees it: through views and casts,
/// air.execute results, and the kernel arguments of hierarchy ops nested in
/// the body's ops.
static Value memrefRoot(Value v, Block &body) {
  return aircheck::memrefRoot(v, AllLinks, [&](Value r) {
    auto arg = dyn_cast<BlockArgument>(r);
    return arg && arg.getOwner() == &body;
  });
}

static Footprint footprintOf(Operation *item, Block &body) {
  Footprint f;
  f.sync = !llvm::any_of(item->getResultTypes(),
                         llvm::IsaPred<air::AsyncTokenType>);
  f.barrier = f.sync && isa<air::WaitAllOp>(item);
  auto read = [&](Value v) { f.reads.insert(memrefRoot(v, body)); };
  // A transfer inside a hierarchy op of the body runs in that op's
  // instances, not in the body itself.
  auto inNestedHierarchy = [&](Operation *op) {
    for (Operation *p = op->getParentOp(); p && p != body.getParentOp();
         p = p->getParentOp())
      if (isa<air::HierarchyOpInterface>(p))
        return true;
    return false;
  };
  auto write = [&](Value v) { f.writes.insert(memrefRoot(v, body)); };
  item->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp())
        if (def->getBlock() == &body && def != item)
          f.uses.insert(def);
    if (auto t = dyn_cast<air::ChannelOpInterface>(op)) {
      if (t.isPut())
        read(t.getMemref());
      else
        write(t.getMemref());
      if (!inNestedHierarchy(op))
        f.transfers.push_back(op);
      return;
    }
    if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
      read(dma.getSrc());
      write(dma.getDst());
      return;
    }
    if (isa<air::AIRDialect>(op->getDialect()))
      return; // the ops inside say what they touch
    for (const MemrefEffect &e : memrefEffects(op)) {
      if (e.read)
        read(e.memref);
      if (e.write || e.free)
        write(e.memref);
    }
  });
  return f;
}

/// The channel and, where constant, the indices a transfer names.
static std::pair<StringRef, SmallVector<std::optional<int64_t>, 2>>
channelIndex(air::ChannelOpInterface t) {
  SmallVector<std::optional<int64_t>, 2> idx;
  for (Value v : channelIndices(t)) {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      idx.push_back(c.getSExtValue());
    else
      idx.push_back(std::nullopt);
  }
  return {t.getChanName(), idx};
}

/// Whether two transfers may name the same channel index: the same channel,
/// and no index that is constant on both sides and differs.
bool aircheck::transfersMayShareIndex(Operation *a, Operation *b) {
  auto ta = cast<air::ChannelOpInterface>(a);
  auto tb = cast<air::ChannelOpInterface>(b);
  auto [na, ia] = channelIndex(ta);
  auto [nb, ib] = channelIndex(tb);
  if (na != nb)
    return false;
  // A put names the bundle, a get of a broadcast channel the destination
  // space: compare only indices of one side's kind.
  if (ta.isPut() != tb.isPut()) {
    auto chan = air::lookupChannel(a, FlatSymbolRefAttr::get(
                                          a->getContext(), na));
    if (chan && chan.getBroadcastShape())
      return true;
  }
  if (ia.size() != ib.size())
    return true;
  for (auto [x, y] : llvm::zip(ia, ib))
    if (x && y && *x != *y)
      return false;
  return true;
}

/// Walks the body in order, keeping per memref the last synchronous writer
/// and the synchronous readers since, per channel the synchronous transfers,
/// the last synchronous air.wait_all and the last launch. Each op gets edges
/// from the latest ops it depends on only: earlier ones are ordered before
/// those already (a write after the readers before it, each writer after
/// the one before), so the order is the same as with an edge per dependent
/// pair, and the graph stays linear in the body's size.
void AsyncGraph::orderBody(Block &body) {
  SmallVector<Operation *> items;
  for (Operation &op : body.without_terminator())
    items.push_back(&op);
  llvm::DenseMap<Operation *, unsigned> position;
  std::vector<Footprint> fp;
  for (auto [i, op] : llvm::enumerate(items)) {
    position[op] = i;
    fp.push_back(footprintOf(op, body));
    if (holdsAirWork(op)) {
      timedItems.insert(op);
      addNode(op);
    }
  }
  llvm::DenseMap<Value, unsigned> lastWriter;
  llvm::DenseMap<Value, SmallVector<unsigned, 2>> readersSince;
  llvm::StringMap<SmallVector<std::pair<unsigned, Operation *>, 4>> transfersOf;
  int lastBarrier = -1, lastLaunch = -1;
  // blocking[j]: the ops that take time that j waits for, through ops that
  // take none.
  std::vector<SmallVector<unsigned, 2>> blocking(items.size());
  for (unsigned j = 0; j < items.size(); ++j) {
    const Footprint &b = fp[j];
    llvm::SmallSetVector<unsigned, 4> data, channel;
    for (Operation *def : b.uses)
      if (unsigned i = position.lookup(def); fp[i].sync)
        data.insert(i);
    for (Value r : b.reads)
      if (auto it = lastWriter.find(r); it != lastWriter.end())
        data.insert(it->second);
    for (Value r : b.writes) {
      if (auto it = lastWriter.find(r); it != lastWriter.end())
        data.insert(it->second);
      if (auto it = readersSince.find(r); it != readersSince.end())
        for (unsigned i : it->second)
          data.insert(i);
    }
    if (lastBarrier >= 0)
      data.insert(lastBarrier);
    // Launches of one function run one after another, as upstream lowers
    // them.
    if (isa<air::LaunchOp>(items[j]) && lastLaunch >= 0)
      data.insert(lastLaunch);
    for (Operation *y : b.transfers) {
      auto &earlier = transfersOf[cast<air::ChannelOpInterface>(y).getChanName()];
      for (auto it = earlier.rbegin(); it != earlier.rend(); ++it)
        if (transfersMayShareIndex(it->second, y)) {
          channel.insert(it->first);
          break;
        }
    }
    SmallVector<unsigned, 4> all(data.begin(), data.end());
    for (unsigned i : channel)
      if (!data.contains(i))
        all.push_back(i);
    llvm::sort(all);
    SmallVector<Operation *, 2> direct;
    for (unsigned i : all) {
      if (i == j)
        continue;
      direct.push_back(items[i]);
      addEdge(items[i], items[j],
              data.contains(i) ? EdgeKind::Data : EdgeKind::ChannelOrder);
      if (takesTime(items[i]))
        blocking[j].push_back(i);
      else
        blocking[j].append(blocking[i].begin(), blocking[i].end());
    }
    llvm::sort(blocking[j]);
    blocking[j].erase(std::unique(blocking[j].begin(), blocking[j].end()),
                      blocking[j].end());
    if (!direct.empty())
      preds[items[j]].assign(direct.begin(), direct.end());
    if (!blocking[j].empty()) {
      auto &out = blockingPreds[items[j]];
      for (unsigned i : blocking[j])
        out.push_back(items[i]);
    }
    // What later ops wait for: only synchronous ops (tokens order what
    // follows an asynchronous one), and every launch.
    if (isa<air::LaunchOp>(items[j]))
      lastLaunch = j;
    if (!b.sync)
      continue;
    for (Value r : b.writes) {
      lastWriter[r] = j;
      readersSince[r].clear();
    }
    for (Value r : b.reads)
      if (!b.writes.contains(r))
        readersSince[r].push_back(j);
    for (Operation *y : b.transfers)
      transfersOf[cast<air::ChannelOpInterface>(y).getChanName()].push_back({j, y});
    if (b.barrier)
      lastBarrier = j;
  }
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
  case EdgeKind::Data:
    return "data";
  case EdgeKind::ChannelOrder:
    return "channel-order";
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
