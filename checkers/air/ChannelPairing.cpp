//===- ChannelPairing.cpp - every channel has both ends --------------------===//
//
// A channel with puts and no gets never drains; one with gets and no puts
// never fills: both hang. A declaration nobody uses is a warning. (A put or
// get naming an undeclared channel is a structural error from the verifier.)
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"
#include "checkers/air/ChannelDiagnostics.h"

using namespace aircheck;
using namespace mlir;

namespace {
class ChannelPairing : public Checker {
public:
  llvm::StringRef id() const override { return "channel-pairing"; }
  llvm::StringRef summary() const override {
    return "Every channel has both puts and gets; unused declarations warn";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    for (ChannelInfo &c : model.channels()) {
      if (c.puts.empty() && c.gets.empty()) {
        c.decl.emitWarning() << "channel " << channelName(c)
                             << " is declared but never used";
        continue;
      }
      if (!c.puts.empty() && !c.gets.empty())
        continue;
      bool onlyPuts = c.gets.empty();
      const auto &side = onlyPuts ? c.puts : c.gets;
      auto diag = c.decl.emitError();
      diag << "channel " << channelName(c) << " has " << side.size()
           << (onlyPuts ? " put" : " get") << (side.size() == 1 ? "" : "s")
           << " but no " << (onlyPuts ? "get" : "put") << ": "
           << (onlyPuts ? "the puts block forever once it is full"
                        : "the gets wait forever for data");
      for (const ChannelAccess &a : side)
        diag.attachNote(a.op->getLoc()) << (onlyPuts ? "put here" : "get here");
      diag.attachNote(c.decl.getLoc())
          << "hint: add the matching "
          << (onlyPuts ? "air.channel.get in the consumer"
                       : "air.channel.put in the producer")
          << ", or remove the unmatched transfers";
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createChannelPairing() {
  return std::make_unique<ChannelPairing>();
}
