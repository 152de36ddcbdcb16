//===- DeadlockRun.cpp - a deadlock shown by running the skeleton ---------===//
//
// On concrete sizes, the reference executor runs the program's
// synchronisation skeleton (analyses/SkeletonExecutor) with launch instances
// one at a time and all at once. Every schedule it runs is one the compute
// model allows, so if it gets stuck the program can deadlock; the error
// lists every blocked op with its instance and what it waits for: the
// counterexample.
//
// This finds deadlocks the structural checks cannot see (cycles across
// herds, crossed ping-pong chains, run-ahead beyond the channel depth). It
// runs only on programs no other check has an error or a warning for: the
// executor matches puts and gets by count, which a count-versus-volume
// warning or an unknown balance leaves in doubt. It proves nothing when the
// run completes: one schedule is not all of them.
//
// Lint must stay fast whatever the trip counts, so the run is tried only on
// programs whose transfers run at most kMaxTransfers times in all (constant
// sizes); larger ones are left to `air-opt --air-run-skeleton`.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/ResourceFootprint.h"
#include "analyses/SkeletonExecutor.h"

using namespace aircheck;
using namespace mlir;

namespace {
constexpr int64_t kMaxTransfers = 4096;

/// Whether every transfer has constant sizes around it and all of them run
/// at most kMaxTransfers times in all.
bool smallEnough(ModuleOp module) {
  int64_t total = 0;
  WalkResult r = module.walk([&](Operation *op) {
    if (!isa<air::ChannelPutOp, air::ChannelGetOp, air::DmaMemcpyNdOp>(op))
      return WalkResult::advance();
    std::optional<int64_t> n = constantInstanceCount(op);
    if (!n || (total += *n) > kMaxTransfers)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !r.wasInterrupted();
}

class DeadlockRun : public Checker {
public:
  llvm::StringRef id() const override { return "deadlock-run"; }
  llvm::StringRef summary() const override {
    return "Running the synchronisation skeleton on concrete sizes does not "
           "get stuck (a found deadlock comes with every blocked instance)";
  }

  void run(CheckContext &ctx) override {
    if (ctx.errorsSoFar() > 0 || ctx.warningsSoFar() > 0 ||
        !smallEnough(ctx.module))
      return;
    for (LaunchMode mode : {LaunchMode::Serial, LaunchMode::Parallel}) {
      SkeletonOptions options;
      options.launchMode = mode;
      options.maxSteps = 100000;
      SkeletonResult r = runSkeleton(ctx.module, options);
      if (r.verdict != SkeletonResult::Verdict::Deadlock || r.blockedOps.empty())
        continue;
      Operation *first = r.blockedOps.front().op;
      auto diag = first->emitError()
                  << "the program deadlocks when "
                  << (mode == LaunchMode::Serial
                          ? "launch instances run one at a time"
                          : "all launch instances run at once")
                  << ": " << r.blockedOps.size() << " op"
                  << (r.blockedOps.size() == 1 ? "" : "s")
                  << " wait forever; first " << r.blockedOps.front().what;
      for (const SkeletonResult::BlockedOp &b : llvm::drop_begin(r.blockedOps))
        diag.attachNote(b.op->getLoc()) << "also blocked: " << b.what;
      diag.attachNote(first->getLoc())
          << "hint: follow the waits: each blocked op waits for another in "
             "this list; break the cycle by reordering, by an asynchronous "
             "transfer, or by a deeper channel";
      return;
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createDeadlockRun() {
  return std::make_unique<DeadlockRun>();
}
