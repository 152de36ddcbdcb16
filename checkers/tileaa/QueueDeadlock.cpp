//===- QueueDeadlock.cpp - no nv_tileaa queue op blocks forever ------------===//
//
// A queue.get blocks while its queue is empty, a queue.put while it holds
// `depth` values. air-check reads a function body as one sequential region
// (seed 001 does not name the op that owns a queue region), so nobody else
// can unblock it: the check runs the body's queue ops in program order,
// loops of constant trip count unrolled, and reports the first one that
// would block, with every queue's fill at that point. Anything it cannot
// run (a branch or a loop of non-constant bounds around a queue op, a run
// past its step budget) is `unknown` with why.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

using namespace aircheck;
using namespace aircheck::tileaa;
using namespace mlir;

namespace {
struct Run {
  llvm::MapVector<Value, int64_t> fill;
  uint64_t steps = 0, budget;
  Operation *blocked = nullptr, *stuck = nullptr;
  std::string why;

  explicit Run(uint64_t budget) : budget(budget) {}

  static bool holdsQueueOps(Operation *op) {
    bool any = false;
    op->walk([&](Operation *o) {
      if (isa<QueuePutOp, QueueGetOp>(o))
        any = true;
    });
    return any;
  }

  // false: stop (blocked or cannot run).
  bool block(Block &b) {
    for (Operation &op : b) {
      if (!step(&op))
        return false;
    }
    return true;
  }

  bool step(Operation *op) {
    if (auto c = dyn_cast<CreateQueueOp>(op)) {
      fill[c.getQueue()] = 0;
      return true;
    }
    bool put = isa<QueuePutOp>(op);
    if (put || isa<QueueGetOp>(op)) {
      if (++steps > budget) {
        why = "the run passed its budget of " + std::to_string(budget) +
              " queue operations (--max-steps)";
        stuck = op;
        return false;
      }
      Value q = op->getOperand(0);
      auto decl = q.getDefiningOp<CreateQueueOp>();
      if (!decl || !fill.count(q)) {
        why = "the queue does not come from a create_queue of this body";
        stuck = op;
        return false;
      }
      int64_t &n = fill[q];
      if (put ? n >= (int64_t)decl.getDepth() : n == 0) {
        blocked = op;
        return false;
      }
      n += put ? 1 : -1;
      return true;
    }
    if (op->getNumRegions() == 0 || !holdsQueueOps(op))
      return true;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                             ub = getConstantIntValue(loop.getUpperBound()),
                             st = getConstantIntValue(loop.getStep());
      if (lb && ub && st && *st > 0) {
        for (int64_t i = *lb; i < *ub; i += *st)
          if (!block(*loop.getBody()))
            return false;
        return true;
      }
      why = "an scf.for of bounds or step that are not constants holds queue "
            "operations";
    } else {
      why = "'" + op->getName().getStringRef().str() +
            "' holds queue operations, and air-check runs only straight-line "
            "code and loops of constant trip count";
    }
    stuck = op;
    return false;
  }
};

class QueueDeadlock : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::TileAA; }
  llvm::StringRef id() const override { return "queue-deadlock"; }
  llvm::StringRef summary() const override {
    return "nv_tileaa: no queue.get waits on an empty queue and no queue.put "
           "on a full one forever";
  }

  void run(CheckContext &ctx) override {
    unsigned bodies = 0, findings = 0;
    uint64_t steps = 0;
    ctx.module->walk([&](FunctionOpInterface f) {
      if (f.isExternal() || !Run::holdsQueueOps(f))
        return;
      ++bodies;
      Run r(ctx.options.maxSteps);
      r.block(f.getFunctionBody().front());
      steps += r.steps;
      if (r.stuck) {
        ++findings;
        r.stuck->emitWarning()
            << "queue-deadlock is unknown for this function: " << r.why;
        return;
      }
      if (!r.blocked)
        return;
      ++findings;
      bool put = isa<QueuePutOp>(r.blocked);
      Value q = r.blocked->getOperand(0);
      auto decl = q.getDefiningOp<CreateQueueOp>();
      auto d = r.blocked->emitError()
               << "queue deadlock: this " << (put ? "queue.put" : "queue.get")
               << " blocks forever after " << r.steps - 1
               << " queue operation(s): its queue "
               << (put ? "is full (" + std::to_string(decl.getDepth()) +
                             " of depth " + std::to_string(decl.getDepth()) + ")"
                       : std::string("is empty"))
               << " and nothing else in this sequential body runs to "
               << (put ? "take a value" : "put one");
      d.attachNote(decl.getLoc()) << "the queue, of depth " << decl.getDepth();
      d.attachNote(r.blocked->getLoc())
          << "hint: " << (put ? "get from the queue before putting more, or "
                                "raise its depth"
                              : "put into the queue before this get");
    });
    if (!bodies) {
      // Only queue operations block in nv_tileaa: memory effects are
      // ordered by tokens that are already values.
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom of the queues: no queue operation, and "
                 "nothing else in nv_tileaa blocks");
      return;
    }
    if (!findings)
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom of the queues: " + std::to_string(bodies) +
                     " function body(ies) run in program order, " +
                     std::to_string(steps) +
                     " queue operation(s), none blocks");
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createQueueDeadlock() {
  return std::make_unique<QueueDeadlock>();
}
