//===- SyncProgramOrder.cpp - source order is a valid synchronous program -===//
//
// mlir-air issue #1671 (labelled a bug upstream and fixed in its examples by
// PR #1672): read as a synchronous program, in source order, with herds and
// segments as blocking dispatch-and-join and channels that buffer without
// bound, a function, launch or segment body must not get from a channel
// before the launch, segment or herd that puts to it is dispatched. Such a get waits forever in
// an interpreter, in air-runner or on a backend without air-dependency; the
// NPU pipeline runs it only because air-dependency reorders it.
//
// air-check's ordering model (docs/semantics.md) orders such a body as
// air-dependency does, so deadlock-freedom does not report these programs;
// this rule reports the source order itself. One error per producer, with a
// note at every get that waits for it.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/ResourceFootprint.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

using namespace aircheck;
using namespace mlir;

namespace {
struct Waiting {
  SmallVector<Operation *, 2> gets;
  llvm::SmallSetVector<Operation *, 2> puts;
};

class SyncProgramOrder : public Checker {
public:
  llvm::StringRef id() const override { return "sync-program-order"; }
  llvm::StringRef summary() const override {
    return "In source order, no get of a function, launch or segment body "
           "comes before the hierarchy op that puts its data (mlir-air #1671)";
  }

  void run(CheckContext &ctx) override {
    llvm::StringMap<SmallVector<Operation *>> puts; // by channel
    ctx.module.walk(
        [&](air::ChannelPutOp p) { puts[p.getChanName()].push_back(p); });
    ctx.module.walk([&](Operation *op) {
      if (isa<air::LaunchOp, air::SegmentOp, FunctionOpInterface>(op) &&
          op->getNumRegions() == 1 && !op->getRegion(0).empty())
        checkBody(op->getRegion(0).front(), puts);
    });
  }

private:
  /// The outermost hierarchy op in `item` (or `item` itself) that holds
  /// `op`: the one the body dispatches.
  static Operation *producerIn(Operation *item, Operation *op) {
    Operation *found = nullptr;
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
      if (isa<air::HierarchyOpInterface>(p) &&
          (p == item || item->isProperAncestor(p)))
        found = p;
      if (p == item)
        break;
    }
    return found;
  }

  void checkBody(Block &body,
                 const llvm::StringMap<SmallVector<Operation *>> &puts) {
    llvm::MapVector<Operation *, Waiting> byProducer;
    body.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<air::HierarchyOpInterface>(op))
        return WalkResult::skip();
      auto get = dyn_cast<air::ChannelGetOp>(op);
      if (!get || op->getNumResults() != 0)
        return WalkResult::advance(); // asynchronous: its tokens order it
      auto same = puts.find(get.getChanName());
      if (same == puts.end())
        return WalkResult::advance(); // channel-pairing reports it
      Operation *item = body.findAncestorOpInBlock(*op);
      Operation *producer = nullptr;
      SmallVector<Operation *, 2> matched;
      for (Operation *p : same->second) {
        if (!transfersMayShareIndex(p, op))
          continue;
        Operation *pItem = body.findAncestorOpInBlock(*p);
        // A put outside this body, or not after the get, may feed it.
        if (!pItem || !item->isBeforeInBlock(pItem))
          return WalkResult::advance();
        Operation *h = producerIn(pItem, p);
        if (!h)
          return WalkResult::advance(); // a later transfer in the body itself
        if (!producer)
          producer = h;
        matched.push_back(p);
      }
      if (!producer)
        return WalkResult::advance();
      Waiting &w = byProducer[producer];
      w.gets.push_back(op);
      for (Operation *p : matched)
        w.puts.insert(p);
      return WalkResult::advance();
    });
    for (auto &[producer, w] : byProducer)
      report(producer, w, body);
  }

  static void report(Operation *producer, const Waiting &w, Block &body) {
    Operation *first = w.gets.front();
    auto name = cast<air::ChannelOpInterface>(first).getChanName();
    std::string where = isa<air::LaunchOp>(body.getParentOp())    ? "launch body"
                        : isa<air::SegmentOp>(body.getParentOp()) ? "segment body"
                                                                  : "function body";
    auto diag = first->emitError()
                << "this get on @" << name << " comes before "
                << hierarchyName(producer)
                << ", which holds the put it waits for: read in source order, "
                   "with herds and segments running to completion when "
                   "reached and channels buffering without bound, the get "
                   "waits forever (mlir-air #1671). An interpreter, air-runner "
                   "or a backend without air-dependency hangs here; the NPU "
                   "pipeline runs it only because air-dependency reorders it";
    for (Operation *g : ArrayRef(w.gets).drop_front())
      diag.attachNote(g->getLoc())
          << "this get on @" << cast<air::ChannelOpInterface>(g).getChanName()
          << " also waits for a put inside it";
    diag.attachNote(producer->getLoc())
        << "dispatched after the get" << (w.gets.size() > 1 ? "s" : "")
        << " in the " << where;
    for (Operation *p : w.puts)
      diag.attachNote(p->getLoc()) << "the put";
    diag.attachNote(first->getLoc())
        << "hint: move the get" << (w.gets.size() > 1 ? "s" : "")
        << " after " << hierarchyName(producer);
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createSyncProgramOrder() {
  return std::make_unique<SyncProgramOrder>();
}
