//===- QueueBalance.cpp - every nv_tileaa queue gets what it is put --------===//
//
// Seed 001: queue.put is the producer's commit, queue.get the consumer's
// wait; TileAS turns them into a pipeline whose stages must match. A queue
// whose puts and gets differ in number over a run leaves a producer
// blocked on a full queue or a consumer waiting forever (seed 000's balance
// requirement, here per queue). Counts multiply the constant trip counts of
// the scf.for loops around each op; anything else is `unknown` with why.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/tileaa/QueueUses.h"

using namespace aircheck;
using namespace aircheck::tileaa;
using namespace mlir;

namespace {
class QueueBalance : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::TileAA; }
  llvm::StringRef id() const override { return "queue-balance"; }
  llvm::StringRef summary() const override {
    return "nv_tileaa: each queue has as many gets as puts over a run";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<QueueUses>();
    unsigned balanced = 0, findings = 0;
    for (QueueInfo &q : model.queues()) {
      if (!q.unmodelled.empty()) {
        ++findings;
        auto d = q.decl.emitWarning()
                 << "queue-balance is unknown for this queue: " << q.unmodelled;
        d.attachNote(q.unmodelledAt->getLoc()) << "the use it cannot count";
        continue;
      }
      int64_t puts = q.puts(), gets = q.gets();
      if (puts == gets) {
        ++balanced;
        continue;
      }
      ++findings;
      bool morePuts = puts > gets;
      auto d = q.decl.emitError()
               << "queue is unbalanced: " << puts << " put(s) but " << gets
               << " get(s) over a run; "
               << (morePuts ? "the extra puts fill it and the producer blocks"
                            : "the extra gets wait forever for data");
      for (const QueueUse &u : q.uses)
        d.attachNote(u.op->getLoc())
            << (u.put ? "put" : "get") << " here, " << u.times
            << (u.times == 1 ? " time" : " times");
      d.attachNote(q.decl.getLoc())
          << "hint: match every queue.put with a queue.get (compare the trip "
             "counts of the loops around them)";
    }
    if (balanced && !findings)
      ctx.proved(programLoc(ctx.module),
                 "queue balance: " + std::to_string(balanced) +
                     " queue(s), as many gets as puts");
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createQueueBalance() {
  return std::make_unique<QueueBalance>();
}
