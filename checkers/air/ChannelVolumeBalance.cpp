//===- ChannelVolumeBalance.cpp - elements put and got per channel index --===//
//
// Where the counts of puts and gets agree, the elements each side moves must
// agree too: a put of 1024 elements read by a get of 512 loses the rest.
// (Where the counts disagree, channel-count-balance reports both totals.)
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"
#include "checkers/air/ChannelDiagnostics.h"

using namespace aircheck;
using namespace mlir;

namespace {
class ChannelVolumeBalance : public Checker {
public:
  llvm::StringRef id() const override { return "channel-volume-balance"; }
  llvm::StringRef summary() const override {
    return "Each channel index moves as many elements in as out";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    for (ChannelInfo &c : model.channels()) {
      if (c.puts.empty() || c.gets.empty() || c.firstUnknown())
        continue; // reported by pairing and count balance
      if (const ChannelAccess *u = c.firstVolumeUnknown()) {
        reportUnknown(c, "the volume balance", *u->volumeUnknown, u->op);
        continue;
      }
      withIslBudget(model, c, "the volume balance", [&] { check(model, c); });
    }
  }

private:
  void check(ChannelModel &model, ChannelInfo &c) {
    const std::vector<BalanceRegion> &counts = model.balance(c, false);
    const std::vector<BalanceRegion> &volumes = model.balance(c, true);
    for (const BalanceRegion &r : volumes) {
      RegionVerdict v = model.decide(r);
      if (v.kind == RegionVerdict::Kind::Balanced)
        continue;
      if (v.kind == RegionVerdict::Kind::Unknown) {
        reportUnknown(c, "the volume balance", Unknown{v.why, c.decl.getLoc()},
                      r.putOps.empty() ? r.getOps.front() : r.putOps.front());
        return;
      }
      auto n = model.valuesAt(counts, *v.sample);
      if (!n || n->first != n->second)
        continue; // a count mismatch: channel-count-balance reports it
      auto diag = c.decl.emitError();
      diag << "channel " << channelName(c) << " moves " << v.putValue
           << " elements in but " << v.getValue << " out at index " << v.index
           << whenClause(v) << ", over " << n->first << " transfer"
           << (n->first == 1 ? "" : "s")
           << " each way; the transfer sizes of its puts and gets differ";
      noteAccesses(diag, r);
      diag.attachNote(c.decl.getLoc())
          << "hint: give the put and the get the same [sizes]";
      return;
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createChannelVolumeBalance() {
  return std::make_unique<ChannelVolumeBalance>();
}
