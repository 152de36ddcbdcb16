//===- LaunchCrossing.cpp - channels must not join launch instances -------===//
//
// Seed 000 2.1: launch instances are may-be-parallel; the runtime may run
// them one at a time, and launch ops are ordered only by tokens. Channel
// traffic that needs two launch instances (or two launches) alive at once
// deadlocks when they run one after the other (issue 5, item 4).
//
// Decided with isl: for a put and a get on one channel inside one launch,
// the relation from the launch instance that puts to the launch instance
// that gets the same channel index must be the identity.
//
//===----------------------------------------------------------------------===//
#include "checkers/air/ChannelDiagnostics.h"
#include "checkers/Checker.h"

#include "analyses/ResourceFootprint.h"


using namespace aircheck;
using namespace mlir;

namespace {

class LaunchCrossing : public Checker {
public:
  llvm::StringRef id() const override { return "launch-crossing"; }
  llvm::StringRef summary() const override {
    return "No channel joins two launch instances or two launches, which may "
           "run one at a time (seed 000 2.1)";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    for (ChannelInfo &c : model.channels())
      withIslBudget(model, c, "the launch crossing check", [&] { check(model, c); });
  }

private:
  void check(ChannelModel &model, ChannelInfo &c) {
    // Two launch ops: nothing makes them run together.
    for (const ChannelAccess &p : c.puts)
      for (const ChannelAccess &g : c.gets) {
        auto lp = p.op->getParentOfType<air::LaunchOp>();
        auto lg = g.op->getParentOfType<air::LaunchOp>();
        if (!lp || !lg)
          continue; // host-level transfers are ordered by the host
        if (lp != lg) {
          auto diag = p.op->emitError()
                      << "channel " << channelName(c) << " carries data from "
                      << hierarchyName(lp) << " to " << hierarchyName(lg)
                      << "; launches may run one at a time, and then this put "
                         "and its get are never alive together (seed 000 2.1)";
          diag.attachNote(g.op->getLoc()) << "the get, in another launch";
          diag.attachNote(p.op->getLoc())
              << "hint: keep producer and consumer in one launch (as two "
                 "segments, which are co-resident)";
          return;
        }
      }
    // One launch with an iteration space: each instance must balance on its
    // own, or its surplus has to meet another instance.
    auto launch = [](const ChannelAccess &a) {
      return a.op->getParentOfType<air::LaunchOp>();
    };
    if (c.puts.empty() || c.gets.empty() || !launch(c.puts.front()))
      return;
    air::LaunchOp lp = launch(c.puts.front());
    if (cast<air::HierarchyOpInterface>(lp.getOperation()).getNumDims() == 0)
      return;
    for (const auto *side : {&c.puts, &c.gets})
      for (const ChannelAccess &a : *side)
        if (launch(a) != lp)
          return; // host-level transfers: ordered by the host
    // A channel whose model is not exact already carries an `unknown`
    // warning from channel-count-balance.
    if (c.firstUnknown())
      return;
    for (const BalanceRegion &r : model.balance(c, /*volume=*/false, /*perLaunch=*/true)) {
      RegionVerdict v = model.decide(r);
      if (v.kind == RegionVerdict::Kind::Balanced)
        continue;
      if (v.kind == RegionVerdict::Kind::Unknown) {
        reportUnknown(c, "the launch crossing check", Unknown{v.why, c.decl.getLoc()},
                      nullptr);
        return;
      }
      // Per launch instance unbalanced; if the whole is balanced, the
      // difference is made up by other instances.
      // The sample without its leading launch ids is a plain channel index.
      isl::set index = *v.sample;
      unsigned ids = cast<air::HierarchyOpInterface>(lp.getOperation()).getNumDims();
      for (unsigned i = 0; i < ids; ++i)
        index = islx::projectOut(index, 0);
      auto whole = model.valuesAt(model.balance(c, false), index);
      if (!whole || whole->first != whole->second)
        return; // channel-count-balance reports it
      Operation *at = r.putOps.empty() ? r.getOps.front() : r.putOps.front();
      auto diag = at->emitError()
                  << "channel " << channelName(c) << " needs two launch "
                  << "instances alive at once: at (launch ids, channel index) = "
                  << v.index << whenClause(v) << " one launch instance has "
                  << v.putValue << " put" << (v.putValue == 1 ? "" : "s")
                  << " but " << v.getValue << " get" << (v.getValue == 1 ? "" : "s")
                  << "; launch instances may run one at a time, so the rest "
                     "waits forever (seed 000 2.1)";
      for (const ChannelAccess &a : c.puts)
        diag.attachNote(a.op->getLoc()) << "put here";
      for (const ChannelAccess &a : c.gets)
        diag.attachNote(a.op->getLoc()) << "get here";
      diag.attachNote(c.decl.getLoc())
          << "hint: index the transfer so that each launch instance reads "
             "what it writes, or use a segment iteration space, whose "
             "instances are co-resident";
      return;
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createLaunchCrossing() {
  return std::make_unique<LaunchCrossing>();
}
