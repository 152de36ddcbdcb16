//===- ChannelCountBalance.cpp - puts and gets per channel index ----------===//
//
// Seed 000 2.5, balance requirement: at every channel index, the puts equal
// the gets, weighted by instance counts across herds, segments, loops and
// branches with different iteration spaces. Computed per region of the
// index space with isl, symbolically in the sizes; a difference comes with a
// concrete counterexample (parameter values and a channel index).
//
// A count mismatch whose volumes agree (one put of [k] read by k/t gets of
// [t]) is what NPU stream channels carry but the compute model's strict rule
// forbids: a warning saying so, an error under --strict.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"
#include "checkers/air/ChannelDiagnostics.h"

#include "llvm/ADT/StringSet.h"

using namespace aircheck;
using namespace mlir;

namespace {
class ChannelCountBalance : public Checker {
public:
  llvm::StringRef id() const override { return "channel-count-balance"; }
  llvm::StringRef summary() const override {
    return "Each channel index gets as many gets as puts, over all instances "
           "(seed 000 2.5)";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    llvm::StringSet<> reported;
    for (const BranchMismatch &m : model.branchMismatches()) {
      reported.insert(m.channel);
      auto diag = m.ifOp->emitError()
                  << "the branches of this scf.if transfer differently on "
                     "channel "
                  << m.channel
                  << ": its condition is not affine, so either branch may "
                     "run, and balance must hold on each branch (seed 000 2.5)";
      for (Operation *op : m.thenOps)
        diag.attachNote(op->getLoc()) << "in the then-branch: "
                                      << op->getName().getStringRef().drop_front(12)
                                      << " here";
      for (Operation *op : m.elseOps)
        diag.attachNote(op->getLoc()) << "in the else-branch: "
                                      << op->getName().getStringRef().drop_front(12)
                                      << " here";
      if (m.elseOps.empty() || m.thenOps.empty())
        diag.attachNote(m.ifOp->getLoc())
            << "hint: the " << (m.elseOps.empty() ? "else" : "then")
            << "-branch has no transfer on " << m.channel
            << "; make both branches put and get alike, or hoist the "
               "transfer out of the scf.if";
    }
    for (ChannelInfo &c : model.channels()) {
      if (c.puts.empty() || c.gets.empty())
        continue; // channel-pairing reports these
      if (reported.contains(channelName(c)))
        continue;
      if (const ChannelAccess *u = c.firstUnknown()) {
        if (!u->unknown->reportedElsewhere) // else channel-references did
          reportUnknown(c, "the put/get balance", *u->unknown, u->op);
        continue;
      }
      withIslBudget(model, c, "the put/get balance", [&] { check(ctx, model, c); });
    }
  }

private:
  void check(CheckContext &ctx, ChannelModel &model, ChannelInfo &c) {
    const std::vector<BalanceRegion> &counts = model.balance(c, /*volume=*/false);
    bool volumeKnown = !c.firstVolumeUnknown();
    for (const BalanceRegion &r : counts) {
      RegionVerdict v = model.decide(r);
      if (v.kind == RegionVerdict::Kind::Balanced)
        continue;
      if (v.kind == RegionVerdict::Kind::Unknown) {
        reportUnknown(c, "the put/get balance", Unknown{v.why, c.decl.getLoc()},
                      r.putOps.empty() ? r.getOps.front() : r.putOps.front());
        return;
      }
      std::optional<std::pair<long, long>> vol;
      if (volumeKnown)
        vol = model.valuesAt(model.balance(c, /*volume=*/true), *v.sample);
      bool volumeBalanced = vol && vol->first == vol->second;
      auto plural = [](long n, const char *w) {
        return std::to_string(n) + " " + w + (n == 1 ? "" : "s");
      };
      if (volumeBalanced) {
        auto diag = ctx.options.strict ? c.decl.emitError() : c.decl.emitWarning();
        diag << "channel " << channelName(c) << " balances in volume but not in "
             << "count at index " << v.index << whenClause(v) << ": "
             << plural(v.putValue, "put") << " but " << plural(v.getValue, "get")
             << ", " << vol->first << " elements each way; NPU stream channels "
             << "carry this, but the compute model's balance rule (seed 000 "
             << "2.5) requires as many puts as gets";
        noteAccesses(diag, r);
        diag.attachNote(c.decl.getLoc())
            << "hint: split the put into transfers of the get's size, or "
               "merge the gets, so that counts match";
        return;
      }
      auto diag = c.decl.emitError();
      diag << "channel " << channelName(c) << " is unbalanced at index "
           << v.index << whenClause(v) << ": " << plural(v.putValue, "put")
           << " but " << plural(v.getValue, "get");
      if (vol)
        diag << " (" << vol->first << " elements put, " << vol->second
             << " got)";
      diag << "; the side with more transfers blocks forever";
      noteAccesses(diag, r);
      diag.attachNote(c.decl.getLoc())
          << "hint: every put needs a matching get at the same channel index; "
             "compare the loops and iteration spaces around them";
      return;
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createChannelCountBalance() {
  return std::make_unique<ChannelCountBalance>();
}
