//===- QueueDeadlock.cpp - no nv_tileaa queue op blocks forever ------------===//
//
// A queue.get blocks while its queue is empty, a queue.put while it holds
// `depth` values. Two engines:
//
//  * QueueSystem (the proof, for every size): the function's processes (the
//    regions of an nv_tileaa.queue.regions op, concurrent; or the body, one
//    sequential process), the instance-level wait-for graph (program order,
//    the k-th get after the k-th put, the (k + depth)-th put after the k-th
//    get) in isl, and an affine schedule that shows it acyclic; without
//    one, a cycle enumerated at small sizes is the witness.
//  * The program-order run (a sequential body only): the body's queue ops
//    run in program order, loops of constant trip count unrolled, and the
//    first one that would block is reported with the queue's fill. It is
//    the fallback where the proof does not apply, and a cross-check where
//    both do and the run is small (they must agree; if they do not, the
//    verdict is `unknown`).
//
// Anything neither engine covers is `unknown` with why.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/tileaa/QueueSystem.h"
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

/// A run of at most this many queue operations cross-checks the proof.
constexpr uint64_t kCrossCheckSteps = 4096;

class QueueDeadlock : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::TileAA; }
  llvm::StringRef id() const override { return "queue-deadlock"; }
  llvm::StringRef summary() const override {
    return "nv_tileaa: no queue.get waits on an empty queue and no queue.put "
           "on a full one forever, across producer and consumer regions";
  }

  static bool hasRegions(FunctionOpInterface f) {
    bool any = false;
    f->walk([&](QueueRegionsOp) { any = true; });
    return any;
  }

  void reportRun(Run &r) {
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
  }

  void reportProof(const QueueVerdict &v) {
    const QueueVerdict::Step &first = v.cycle.front();
    std::string where = v.where.empty() ? "" : " where " + v.where;
    auto opName = [](Operation *op) {
      return isa<QueuePutOp>(op) ? "queue.put" : "queue.get";
    };
    if (v.missingPartner) {
      auto d = first.op->emitError()
               << "queue deadlock" << where << ": this " << opName(first.op)
               << (first.instance.empty() ? "" : " (" + first.instance + ")")
               << " blocks forever: " << v.missingText;
      d.attachNote(first.op->getOperand(0).getLoc())
          << "the queue; hint: give it as many gets as puts";
      return;
    }
    auto d = first.op->emitError()
             << "queue deadlock" << where << ": a cycle of "
             << (v.cycle.size() > 1 ? std::to_string(v.cycle.size()) + " "
                                    : std::string())
             << "waits between queue operation instances, none of which can "
                "complete";
    if (v.cycle.size() == 1) {
      d.attachNote(first.op->getLoc())
          << "this " << opName(first.op)
          << (first.instance.empty() ? "" : " (" + first.instance + ")")
          << ": " << first.waitsBecause;
    }
    for (size_t i = 0; v.cycle.size() > 1 && i < v.cycle.size(); ++i) {
      const QueueVerdict::Step &a = v.cycle[i];
      const QueueVerdict::Step &b = v.cycle[(i + 1) % v.cycle.size()];
      d.attachNote(b.op->getLoc())
          << "this " << opName(b.op)
          << (b.instance.empty() ? "" : " (" + b.instance + ")")
          << " waits for the " << opName(a.op)
          << (a.instance.empty() ? "" : " (" + a.instance + ")") << " at "
          << lineColOf(a.op) << ": " << a.waitsBecause;
    }
    d.attachNote(first.op->getLoc())
        << "hint: put before getting in each region, or raise the queue's "
           "depth";
  }

  void run(CheckContext &ctx) override {
    unsigned bodies = 0, findings = 0, runOnly = 0, symbolic = 0,
             processes = 0, crossChecked = 0;
    uint64_t steps = 0;
    std::vector<std::string> params;
    PolyhedralModel &poly = ctx.analyses.getAnalysis<PolyhedralModel>();
    // A body the wait-for graph proves: its processes and the parameters
    // the proof holds for.
    auto countProof = [&](const QueueVerdict &v) {
      ++symbolic;
      processes += v.processes;
      for (const std::string &p : v.parameters)
        if (!llvm::is_contained(params, p))
          params.push_back(p);
    };
    ctx.module->walk([&](FunctionOpInterface f) {
      if (f.isExternal() || !Run::holdsQueueOps(f))
        return;
      ++bodies;
      QueueVerdict v = proveQueueDeadlockFreedom(f, poly);
      using K = QueueVerdict::Kind;
      bool decided = v.kind == K::Proven || v.kind == K::Deadlock;
      if (hasRegions(f)) {
        if (v.kind == K::Proven) {
          countProof(v);
          return;
        }
        ++findings;
        if (v.kind == K::Deadlock) {
          reportProof(v);
          return;
        }
        (v.at ? v.at : f.getOperation())->emitWarning()
            << "queue-deadlock is unknown for this function: " << v.why;
        return;
      }
      // One sequential body: the run, in full where the proof does not
      // decide, else as a cross-check while it stays small.
      Run r(decided ? std::min<uint64_t>(ctx.options.maxSteps, kCrossCheckSteps)
                    : ctx.options.maxSteps);
      r.block(f.getFunctionBody().front());
      bool ran = !r.stuck;
      if (decided && ran && (r.blocked != nullptr) != (v.kind == K::Deadlock)) {
        ++findings;
        f->emitWarning()
            << "queue-deadlock is unknown for this function: the proof over "
               "the wait-for graph says "
            << (v.kind == K::Deadlock ? "deadlock" : "deadlock freedom")
            << " but the program-order run "
            << (r.blocked ? "blocks" : "completes")
            << " (an internal disagreement; please report it)";
        return;
      }
      if (ran) {
        steps += r.steps;
        if (r.blocked) {
          ++findings;
          reportRun(r);
          return;
        }
        if (v.kind == K::Proven) {
          ++crossChecked;
          countProof(v);
        } else {
          ++runOnly;
        }
        return;
      }
      if (v.kind == K::Proven) {
        countProof(v);
        return;
      }
      ++findings;
      if (v.kind == K::Deadlock) {
        reportProof(v);
        return;
      }
      r.stuck->emitWarning()
          << "queue-deadlock is unknown for this function: " << r.why
          << "; and the proof over the wait-for graph does not apply: "
          << v.why;
    });
    if (!bodies) {
      // Only queue operations block in nv_tileaa: memory effects are
      // ordered by tokens that are already values.
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom of the queues: no queue operation, and "
                 "nothing else in nv_tileaa blocks");
      return;
    }
    if (findings)
      return;
    std::string text = "deadlock freedom of the queues: " +
                       std::to_string(bodies) + " function body(ies)";
    if (symbolic)
      text += ", " + std::to_string(symbolic) +
              " with an acyclic wait-for graph over " +
              std::to_string(processes) + " process(es)" +
              (params.empty() ? std::string()
                              : " for every value of " + llvm::join(params, ", "));
    if (runOnly || !symbolic)
      text += std::string(symbolic ? "; " : " ") + "run in program order, " +
              std::to_string(steps) + " queue operation(s), none blocks";
    else if (crossChecked)
      text += "; the program-order run of " + std::to_string(crossChecked) +
              " of them agrees (" + std::to_string(steps) +
              " queue operation(s))";
    ctx.proved(programLoc(ctx.module), text);
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createQueueDeadlock() {
  return std::make_unique<QueueDeadlock>();
}
