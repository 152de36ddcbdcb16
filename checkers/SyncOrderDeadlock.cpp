//===- SyncOrderDeadlock.cpp - a blocking transfer before its partner -----===//
//
// Seed 000 2.5, "Minimal deadlock": a synchronous put or get blocks its
// scope until the transfer completes. If every op that could complete it
// (the gets for a put on a rendezvous channel, the puts for a get) comes
// after it in the same scope, nothing can: the program deadlocks on every
// execution. The same holds for a get issued before the herd or segment of
// that scope whose body holds the matching put (issue 5, item 3).
//
// This is the definite case only; deadlock freedom in general is not
// decided here.
//
//===----------------------------------------------------------------------===//
#include "checkers/ChannelDiagnostics.h"
#include "checkers/Checker.h"

#include "analyses/ResourceFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace aircheck;
using namespace mlir;

namespace {
class SyncOrderDeadlock : public Checker {
public:
  llvm::StringRef id() const override { return "sync-order-deadlock"; }
  llvm::StringRef summary() const override {
    return "A blocking put or get never comes before every op that could "
           "complete it (seed 000 2.5, minimal deadlock)";
  }

  void run(CheckContext &ctx) override {
    llvm::StringMap<SmallVector<Operation *>> puts, gets;
    ctx.module.walk([&](Operation *op) {
      if (auto p = dyn_cast<air::ChannelPutOp>(op))
        puts[p.getChanName()].push_back(op);
      if (auto g = dyn_cast<air::ChannelGetOp>(op))
        gets[g.getChanName()].push_back(op);
    });
    auto check = [&](Operation *op, bool isPut, FlatSymbolRefAttr name) {
      if (op->getNumResults() != 0)
        return; // asynchronous: it does not block its scope
      auto chan = air::lookupChannel(op, name);
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
        bool allLater = llvm::all_of(partners, [&](Operation *p) {
          Operation *inScope = scope->findAncestorOpInBlock(*p);
          return inScope && blocker->isBeforeInBlock(inScope);
        });
        if (allLater)
          break;
        if (llvm::any_of(partners, [&](Operation *p) {
              return scope->findAncestorOpInBlock(*p) != nullptr;
            }))
          return; // a partner may run before or beside it
        Operation *parent = blocker->getParentOp();
        if (!isa_and_nonnull<scf::ForOp, scf::ParallelOp, scf::IfOp,
                             affine::AffineForOp, affine::AffineIfOp,
                             affine::AffineParallelOp>(parent) ||
            llvm::any_of(parent->getResults(), [](Value v) {
              return isa<air::AsyncTokenType>(v.getType());
            }))
          return;
        blocker = parent;
      }
      Block *scope = blocker->getBlock();
      auto diag = op->emitError()
                  << "this " << (isPut ? "put" : "get") << " on @"
                  << name.getValue() << " blocks its scope, and every "
                  << (isPut ? "get" : "put")
                  << " that could complete it comes after it in the same "
                     "scope: the program deadlocks (seed 000 2.5)";
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
    };
    ctx.module.walk([&](Operation *op) {
      if (auto p = dyn_cast<air::ChannelPutOp>(op))
        check(op, true, p.getChanNameAttr());
      if (auto g = dyn_cast<air::ChannelGetOp>(op))
        check(op, false, g.getChanNameAttr());
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createSyncOrderDeadlock() {
  return std::make_unique<SyncOrderDeadlock>();
}
