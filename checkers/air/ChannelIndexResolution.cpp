//===- ChannelIndexResolution.cpp - channel indices from spatial ids ------===//
//
// air-to-aie resolves a channel index to a physical channel from the ids of
// herds and segments and from scf.parallel ivs, which it unrolls in space.
// An index driven by a temporal induction variable (scf.for, a launch id)
// names a different channel on each trip; upstream lowering silently drops
// such transfers, and the program hangs on hardware.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"
#include "checkers/air/ChannelDiagnostics.h"

using namespace aircheck;
using namespace mlir;

namespace {
class ChannelIndexResolution : public Checker {
public:
  llvm::StringRef id() const override { return "channel-index-resolution"; }
  llvm::StringRef summary() const override {
    return "Channel indices depend only on spatial ids (herd, segment, "
           "scf.parallel), never on scf.for or launch ivs";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    for (ChannelInfo &c : model.channels())
      for (const auto *side : {&c.puts, &c.gets})
        for (const ChannelAccess &a : *side) {
          if (a.unknown || !a.instances)
            continue;
          for (unsigned i = 0; i < a.indexDims.size(); ++i) {
            const Dim &d = a.instances->dims[i];
            if (!a.indexDims[i] || !d.temporal())
              continue;
            auto diag = a.op->emitError()
                        << "the channel index of this "
                        << (a.isPut ? "put" : "get") << " on " << channelName(c)
                        << " depends on a " << d.kindName()
                        << "; air-to-aie resolves channel indices only from "
                           "herd and segment ids and scf.parallel ivs, and "
                           "drops this transfer";
            diag.attachNote(d.owner->getLoc())
                << "the " << d.kindName() << " comes from here";
            diag.attachNote(a.op->getLoc())
                << "hint: index the channel with a spatial id, or "
                << (d.kind == Dim::Kind::LaunchId
                        ? "move the iteration space from the launch to a "
                          "segment, whose ids are spatial"
                        : "unroll the loop");
            break;
          }
        }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createChannelIndexResolution() {
  return std::make_unique<ChannelIndexResolution>();
}
