//===- LaunchTokenScope.cpp - only dependency tokens cross a launch -------===//
//
// Seed 000 1.5 and 2.1: launch instances are may-be-parallel and
// independent, so no overlap can be asked of them (no concurrency list on
// air.launch), and affinity and concurrency tokens never cross the launch
// boundary (only dependency tokens are passed into its body).
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "dialects/AIR/AIRDialect.h"

#include "llvm/ADT/SetVector.h"

using namespace aircheck;
using namespace mlir;

/// Which list of an async op an operand sits in.
static StringRef tokenListOf(OpOperand &use) {
  auto async = dyn_cast<air::AsyncOpInterface>(use.getOwner());
  if (!async)
    return "";
  unsigned idx = use.getOperandNumber();
  auto in = [&](OperandRange r) {
    return !r.empty() && idx >= r.getBeginOperandIndex() &&
           idx < r.getBeginOperandIndex() + r.size();
  };
  if (in(async.getAffinityTokens()))
    return "affinity";
  if (in(async.getConcurrencyTokens()))
    return "concurrency";
  return "";
}

/// A launch passes a token into its body that is used in an affinity or
/// concurrency list (through nested args(...) bindings).
static void checkTokenScope(air::LaunchOp launch) {
  auto h = cast<air::HierarchyOpInterface>(launch.getOperation());
  for (BlockArgument arg : h.getKernelArguments()) {
    if (!isa<air::AsyncTokenType>(arg.getType()))
      continue;
    llvm::SetVector<Value> work;
    work.insert(arg);
    SmallVector<std::pair<OpOperand *, StringRef>> offending;
    for (unsigned i = 0; i < work.size(); ++i) {
      for (OpOperand &use : work[i].getUses()) {
        StringRef list = tokenListOf(use);
        if (!list.empty())
          offending.push_back({&use, list});
        if (auto inner = dyn_cast<air::HierarchyOpInterface>(use.getOwner())) {
          auto ops = inner.getKernelOperands();
          if (!ops.empty() &&
              use.getOperandNumber() >= ops.getBeginOperandIndex())
            work.insert(inner.getKernelArguments()[use.getOperandNumber() -
                                                   ops.getBeginOperandIndex()]);
        }
      }
    }
    if (offending.empty())
      continue;
    StringRef first = offending.front().second;
    auto diag = launch.emitOpError("passes a token into its body that is "
                                   "used in ")
                << (first == "affinity" ? "an " : "a ") << first
                << " list; only dependency tokens may cross the launch "
                   "boundary (compute model 1.5)";
    // Notes in program order, as a reader meets the uses.
    llvm::DenseMap<Operation *, StringRef> lists;
    for (auto &[use, list] : offending)
      lists[use->getOwner()] = list;
    launch->walk<WalkOrder::PreOrder>([&](Operation *o) {
      if (auto it = lists.find(o); it != lists.end())
        diag.attachNote(o->getLoc()) << "used in the " << it->second
                                     << " list here";
    });
    return;
  }
}

namespace {
class LaunchTokenScope : public Checker {
public:
  llvm::StringRef id() const override { return "launch-token-scope"; }
  llvm::StringRef summary() const override {
    return "No concurrency list on air.launch; only dependency tokens cross "
           "the launch boundary (seed 000 1.5, 2.1)";
  }
  void run(CheckContext &ctx) override {
    ctx.module.walk([&](air::LaunchOp launch) {
      if (!cast<air::AsyncOpInterface>(launch.getOperation())
               .getConcurrencyTokens()
               .empty())
        launch.emitOpError(
            "must not carry a concurrency list: launch instances are "
            "may-be-parallel, so no overlap can be required of them (compute "
            "model 2.1)");
      checkTokenScope(launch);
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createLaunchTokenScope() {
  return std::make_unique<LaunchTokenScope>();
}
