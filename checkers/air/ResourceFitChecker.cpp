//===- ResourceFitChecker.cpp - lint --device: does it fit? ---------------===//
//
// With --device, lint reports what `air-check report` finds over capacity as
// errors (at the launch, segment or herd) and what it cannot decide as
// warnings. Without --device it does nothing.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/Placement.h"
#include "analyses/ResourceFit.h"

using namespace aircheck;
using namespace mlir;

namespace {
class ResourceFitChecker : public Checker {
public:
  llvm::StringRef id() const override { return "resource-fit"; }
  llvm::StringRef summary() const override {
    return "With --device: compute tiles, L1, L2 and placement fit the device "
           "(seed 000 2.2, 2.3)";
  }

  void run(CheckContext &ctx) override {
    if (ctx.options.device.empty())
      return;
    auto dev = loadDevice(ctx.options.device, deviceDirectory());
    if (!dev) {
      ctx.module.emitError() << llvm::toString(dev.takeError());
      return;
    }
    ResourceFootprint fp(ctx.module, ctx.analyses.getAnalysis<AsyncGraph>());
    bool over = false;
    for (const FitLine &l : checkFit(fp, *dev)) {
      over |= l.status == FitLine::Status::Over;
      if (l.message.empty())
        continue;
      if (l.status == FitLine::Status::Over)
        l.scope->emitError() << l.message;
      else if (l.status == FitLine::Status::Unknown)
        l.scope->emitWarning() << l.message;
    }
    if (over || !dev->isAIE())
      return; // a placement needs every scope to fit first
    std::vector<CascadeLink> cascades;
    {
      ChannelModel &model = ctx.analyses.getAnalysis<ChannelModel>();
      model.poly().isl().resetBudget();
      try {
        cascades = cascadeLinks(model);
      } catch (const isl::exception &) {
        // cascade-adjacency says it is unknown.
      }
    }
    for (const PlacementResult &p : placeLaunches(fp, *dev, cascades)) {
      if (p.kind == PlacementResult::Kind::Placed)
        continue;
      auto diag = p.kind == PlacementResult::Kind::Impossible
                      ? p.launch->emitError() << p.why
                      : p.launch->emitWarning() << "placement is unknown: " << p.why;
      for (auto &[op, text] : p.notes)
        diag.attachNote(op->getLoc()) << text;
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createResourceFit() {
  return std::make_unique<ResourceFitChecker>();
}
