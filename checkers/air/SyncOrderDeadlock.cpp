//===- SyncOrderDeadlock.cpp - a blocking transfer before its partner -----===//
//
// Seed 000 2.5, "Minimal deadlock", under air-check's ordering model
// (docs/semantics.md): a synchronous put or get holds up what the model
// orders after it, until the transfer completes.
//   - In a herd body (and in a loop or branch), ops run in program order:
//     if every op that could complete it (the gets for a put on a
//     rendezvous channel, the puts for a get) comes after it there, nothing
//     can complete it.
//   - In a function, launch or segment body, transfers on one channel index keep
//     their program order (as upstream's air-dependency and channel FIFO
//     order do): a put before every get of that channel in the same body,
//     or a get before every put, deadlocks. A partner inside a herd or
//     segment dispatched later is co-resident, not after it: that source
//     order is sync-program-order's finding (mlir-air #1671), not a deadlock.
//
// This is the definite case only; deadlock freedom in general is
// deadlock-freedom's.
//
//===----------------------------------------------------------------------===//
#include "checkers/air/ChannelDiagnostics.h"
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/ResourceFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace aircheck;
using namespace mlir;

/// "herd body", "segment body", "body of the scf.for at 3:5", ...
static std::string bodyKind(Block *b) {
  Operation *owner = b->getParentOp();
  if (isa<air::HerdOp>(owner))
    return "herd body";
  if (isa<air::SegmentOp>(owner))
    return "segment body";
  if (isa<air::LaunchOp>(owner))
    return "launch body";
  if (isa<FunctionOpInterface>(owner))
    return "function body";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "body of the " << owner->getName();
  if (auto loc = dyn_cast<FileLineColLoc>(owner->getLoc()))
    os << " at " << loc.getLine() << ":" << loc.getColumn();
  return s;
}

/// The hierarchy ops around `op`, outermost first: "launch", "segment @s".
static std::vector<std::string> placeOf(Operation *op) {
  std::vector<std::string> place;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<air::HierarchyOpInterface>(p))
      place.insert(place.begin(), hierarchyName(p));
  return place;
}

/// The picture: the blocking op waits for its partners; each partner waits
/// for it, being ordered after it in `scope`.
static WaitGraph waitGraph(Operation *op, bool isPut, StringRef chan,
                           ArrayRef<Operation *> partners, Block *scope) {
  WaitGraph g;
  auto add = [&](Operation *o) {
    WaitGraph::Node n;
    n.kind = "op";
    n.label = o->getName().getStringRef().str();
    n.place = placeOf(o);
    if (auto loc = dyn_cast<FileLineColLoc>(o->getLoc())) {
      n.line = loc.getLine();
      n.column = loc.getColumn();
    }
    n.inCycle = true;
    g.nodes.push_back(std::move(n));
    return unsigned(g.nodes.size() - 1);
  };
  unsigned blocked = add(op);
  std::string awaited = "@" + chan.str() + (isPut ? " get" : " put");
  for (Operation *p : partners) {
    unsigned n = add(p);
    g.edges.push_back({blocked, n, awaited});
    g.edges.push_back({n, blocked,
                       scope->findAncestorOpInBlock(*p) == p
                           ? "after it in program order"
                           : "starts only after it"});
  }
  return g;
}

namespace {
class SyncOrderDeadlock : public Checker {
public:
  llvm::StringRef id() const override { return "sync-order-deadlock"; }
  llvm::StringRef summary() const override {
    return "A blocking put or get never comes before every op that could "
           "complete it under the ordering model (seed 000 2.5, minimal "
           "deadlock)";
  }

  void run(CheckContext &ctx) override {
    llvm::StringMap<SmallVector<Operation *>> puts, gets;
    ctx.module.walk([&](Operation *op) {
      if (auto t = dyn_cast<air::ChannelOpInterface>(op))
        (t.isPut() ? puts : gets)[t.getChanName()].push_back(op);
    });
    SymbolTableCollection tables;
    auto check = [&](Operation *op, bool isPut, FlatSymbolRefAttr name) {
      if (op->getNumResults() != 0)
        return; // asynchronous: it does not block its scope
      auto chan = air::lookupChannel(op, name, tables);
      if (!chan || (isPut && chan.getDepthOrDefault() != 1))
        return; // a deeper channel lets a put complete ahead of its get
      const auto &partners = isPut ? gets.lookup(name.getValue())
                                   : puts.lookup(name.getValue());
      if (partners.empty())
        return; // channel-pairing reports it
      // The op blocks its block; a loop or conditional around it blocks its
      // own block in turn, up to the hierarchy body. At the first level
      // where every partner comes later, nothing can complete the op.
      Operation *blocker = op;
      while (true) {
        Block *scope = blocker->getBlock();
        bool byDependences = AsyncGraph::orderedByDependences(scope);
        bool allLater = llvm::all_of(partners, [&](Operation *p) {
          Operation *inScope = scope->findAncestorOpInBlock(*p);
          if (!inScope || !blocker->isBeforeInBlock(inScope))
            return false;
          // In a launch or segment body a partner in a hierarchy op
          // dispatched later runs beside the blocker, not after it.
          return !byDependences ||
                 !inScope->walk([](air::HierarchyOpInterface) {
                            return WalkResult::interrupt();
                          }).wasInterrupted();
        });
        if (allLater)
          break;
        if (llvm::any_of(partners, [&](Operation *p) {
              return scope->findAncestorOpInBlock(*p) != nullptr;
            }))
          return; // a partner may run before or beside it
        Operation *parent = blocker->getParentOp();
        if (!isa_and_nonnull<scf::ForOp, scf::ParallelOp, scf::IfOp,
                             scf::IndexSwitchOp,
                             affine::AffineForOp, affine::AffineIfOp,
                             affine::AffineParallelOp>(parent) ||
            llvm::any_of(parent->getResults(), [](Value v) {
              return isa<air::AsyncTokenType>(v.getType());
            }))
          return;
        blocker = parent;
      }
      Block *scope = blocker->getBlock();
      auto diag = op->emitError();
      if (AsyncGraph::orderedByDependences(scope))
        diag << "this " << (isPut ? "put" : "get") << " on @"
             << name.getValue() << " comes before every "
             << (isPut ? "get" : "put")
             << " that could complete it in the same " << bodyKind(scope)
             << ", and transfers on one channel index there keep their "
                "program order (docs/semantics.md, as upstream's "
                "air-dependency orders them): the program deadlocks (seed 000 "
                "2.5)";
      else
        diag << "this " << (isPut ? "put" : "get") << " on @"
             << name.getValue() << " blocks its " << bodyKind(scope)
             << ", which runs in program order, and every "
             << (isPut ? "get" : "put")
             << " that could complete it comes after it there: the program "
                "deadlocks (seed 000 2.5)";
      for (Operation *p : partners) {
        Operation *inScope = scope->findAncestorOpInBlock(*p);
        if (inScope == p)
          diag.attachNote(p->getLoc()) << "the " << (isPut ? "get" : "put")
                                       << ", after it";
        else
          diag.attachNote(p->getLoc())
              << "the " << (isPut ? "get" : "put") << ", inside "
              << hierarchyName(inScope) << ", which starts only after it";
      }
      if (blocker != op)
        diag.attachNote(blocker->getLoc())
            << "it holds up this " << blocker->getName()
            << ", and with it what follows";
      diag.attachNote(op->getLoc())
          << "hint: make it asynchronous (bind its token), move it into its "
             "own herd or segment"
          << (isPut ? ", or give the channel depth 2" : "");
      diag.report();
      ctx.drew(waitGraph(op, isPut, name.getValue(), partners, scope));
    };
    ctx.module.walk([&](Operation *op) {
      if (auto t = dyn_cast<air::ChannelOpInterface>(op))
        check(op, t.isPut(), t.getChanNameAttr());
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createSyncOrderDeadlock() {
  return std::make_unique<SyncOrderDeadlock>();
}
