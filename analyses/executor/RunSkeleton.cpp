//===- RunSkeleton.cpp - air-opt --air-run-skeleton -----------------------===//
//
// Runs the synchronisation skeleton of the module on its concrete sizes and
// prints the verdict (completed, deadlock with the blocked ops, unsupported,
// or unknown at the step limit). The reference executor for the deadlock
// checker; see analyses/executor/SkeletonExecutor.h for the semantics.
//
//===----------------------------------------------------------------------===//
#include "analyses/Passes.h"
#include "analyses/executor/SkeletonExecutor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
struct RunSkeletonPass : PassWrapper<RunSkeletonPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RunSkeletonPass)
  RunSkeletonPass() = default;
  RunSkeletonPass(const RunSkeletonPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "air-run-skeleton"; }
  StringRef getDescription() const final {
    return "Run the synchronisation skeleton on concrete sizes and print "
           "whether it completes or deadlocks";
  }

  Option<aircheck::LaunchMode> launchMode{
      *this, "launch-mode",
      llvm::cl::desc("How the instances of a launch iteration space run"),
      llvm::cl::init(aircheck::LaunchMode::Serial),
      llvm::cl::values(clEnumValN(aircheck::LaunchMode::Serial, "serial",
                                  "one at a time, in order"),
                       clEnumValN(aircheck::LaunchMode::Parallel, "parallel",
                                  "all at once"))};
  Option<uint64_t> maxSteps{*this, "max-steps",
                            llvm::cl::desc("Steps per function before the "
                                           "verdict is unknown"),
                            llvm::cl::init(1000000)};
  Option<uint64_t> scheduleSeed{
      *this, "schedule-seed",
      llvm::cl::desc("0: the deterministic schedule; otherwise the seed of a "
                     "random one"),
      llvm::cl::init(0)};

  void runOnOperation() final {
    aircheck::SkeletonOptions options;
    options.launchMode = launchMode;
    options.maxSteps = maxSteps;
    options.scheduleSeed = scheduleSeed;
    aircheck::runSkeleton(getOperation(), options).print(llvm::outs());
    markAllAnalysesPreserved();
  }
};
} // namespace

void aircheck::registerRunSkeletonPass() {
  PassRegistration<RunSkeletonPass>();
}
