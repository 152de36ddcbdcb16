//===- AIELockProtocol.cpp - every lock wait can be satisfied --------------===//
//
// The first part of the lock protocol check (issue 10): on AIE2 locks are
// counting semaphores (an acquire of v waits until the value is >= v and
// takes v; a release adds v). A process (a core, a BD chain, a runtime
// task) that acquires v from a lock whose init is below v waits forever
// when no process ever releases that lock: reported with a note at the
// lock and at every acquire. On AIE1 (binary locks, xcvc1902) the same
// holds for `Acquire, v` when the lock starts at another value and no
// process releases it with v.
//
// Not yet: the per-iteration balance of looping chains and the cycle of
// waits between processes (the deadlock analysis; docs/aie.md).
//
//===----------------------------------------------------------------------===//
#include "checkers/AIECommon.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIELockProtocol : public Checker {
public:
  llvm::StringRef id() const override { return "aie-lock-protocol"; }
  llvm::StringRef summary() const override {
    return "aie: every lock acquire can be satisfied, by the lock's init or "
           "by a release in some process";
  }
  CheckLevel level() const override { return CheckLevel::AIE; }

  void run(CheckContext &ctx) override {
    for (Device &d : collectDevices(ctx.module)) {
      if (!d.model)
        continue;
      bool aie1 = d.model->arch == "AIE1";
      unsigned locks = 0, problems = 0;
      for (Operation &op : d.op.getBodyBlock()) {
        auto lock = dyn_cast<aie::LockOp>(op);
        if (!lock)
          continue;
        ++locks;
        int64_t init = lock.getInit().value_or(0);
        SmallVector<aie::UseLockOp> acquires, releases;
        for (Operation *user : lock->getUsers())
          if (auto use = dyn_cast<aie::UseLockOp>(user))
            (use.isAcquire() ? acquires : releases).push_back(use);
        for (aie::UseLockOp acq : acquires) {
          int64_t v = acq.getValueOrDefault();
          bool satisfiable;
          if (aie1 && acq.getAction() == aie::LockAction::Acquire)
            satisfiable = init == v ||
                          llvm::any_of(releases, [&](aie::UseLockOp r) {
                            return r.getValueOrDefault() == v;
                          });
          else
            satisfiable = init >= v || !releases.empty();
          if (satisfiable)
            continue;
          ++problems;
          auto diag = acq.emitError()
                      << "waits forever: it acquires " << v
                      << " from a lock whose init is " << init
                      << " and which no process releases";
          diag.attachNote(lock.getLoc()) << "the lock is declared here";
          diag.attachNote(acq->getParentOp()->getLoc())
              << "in this " << processName(acq);
        }
      }
      if (locks && !problems)
        ctx.proved(d.op.getLoc(),
                   "every lock acquire can be satisfied by the lock's init "
                   "or a release (aie lock protocol, part 1)");
    }
  }

  static std::string processName(Operation *op) {
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
      if (isa<aie::CoreOp>(p))
        return "core";
      if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(p))
        return "DMA program";
      if (isa<aiex::DMAConfigureTaskForOp, aiex::DMAConfigureTaskOp>(p))
        return "runtime task";
    }
    return "process";
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIELockProtocol() {
  return std::make_unique<AIELockProtocol>();
}
