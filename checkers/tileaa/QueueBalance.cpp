//===- QueueBalance.cpp - every nv_tileaa queue gets what it is put --------===//
//
// Seed 001: queue.put is the producer's commit, queue.get the consumer's
// wait; TileAS turns them into a pipeline whose stages must match. A queue
// whose puts and gets differ in number over a run leaves a producer
// blocked on a full queue or a consumer waiting forever (seed 000's balance
// requirement, here per queue).
//
// The counts are isl quasi-polynomials over the program's sizes (QueueUses:
// products of the trip counts of the affine scf.for loops around each op,
// symbolic trip counts as parameters), compared for every value of the
// parameters at once: the difference puts - gets must be zero as a
// function. Where it is not, a finding names a parameter value where the
// counts differ; where isl cannot show it zero and no small value differs,
// the verdict is `unknown`. Ops whose instances are not modelled are
// `unknown` with why.
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
    return "nv_tileaa: each queue has as many gets as puts over a run, for "
           "every value of the sizes";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<QueueUses>();
    PolyhedralModel &poly = model.poly();
    unsigned balanced = 0, findings = 0, parametric = 0;
    for (QueueInfo &q : model.queues()) {
      if (!q.unmodelled.empty()) {
        ++findings;
        auto d = q.decl.emitWarning()
                 << "queue-balance is unknown for this queue: " << q.unmodelled;
        d.attachNote(q.unmodelledAt->getLoc()) << "the use it cannot count";
        continue;
      }
      try {
        poly.isl().resetBudget();
        isl::space params = poly.allParams();
        PwQPoly zero = PwQPoly::zero(params);
        PwQPoly puts = zero, gets = zero;
        for (const QueueUse &u : q.uses)
          (u.put ? puts : gets) = (u.put ? puts : gets) + u.count;
        PwQPoly diff = puts - gets;
        unsigned nParams = isl_space_dim(params.get(), isl_dim_param);
        if (diff.isZeroOn(isl::set::universe(params))) {
          ++balanced;
          parametric += nParams > 0 && usesParams(q);
          continue;
        }
        std::optional<isl::point> at = nonZeroPoint(diff, params);
        ++findings;
        if (!at) {
          q.decl.emitWarning()
              << "queue-balance is unknown for this queue: isl cannot show "
                 "its puts and gets equal in number for every size, and they "
                 "are equal for every size tried (each parameter up to a "
                 "small bound)";
          continue;
        }
        long p = puts.evalAt(*at).value_or(-1),
             g = gets.evalAt(*at).value_or(-1);
        std::string where;
        {
          std::vector<std::string> values =
              islx::coordinates(*at, isl_dim_param);
          for (unsigned i = 0; i < values.size(); ++i) {
            if (!diff.involvesParam(i))
              continue;
            const char *name = isl_space_get_dim_name(params.get(),
                                                      isl_dim_param, i);
            where += (where.empty() ? "" : ", ") +
                     poly.describeParam(name ? name : "?") + " = " + values[i];
          }
        }
        bool morePuts = p > g;
        auto d = q.decl.emitError()
                 << "queue is unbalanced"
                 << (where.empty() ? std::string() : " where " + where) << ": "
                 << p << " put(s) but " << g << " get(s) over a run; "
                 << (morePuts ? "the extra puts fill it and the producer blocks"
                              : "the extra gets wait forever for data");
        for (const QueueUse &u : q.uses) {
          long t = u.count.evalAt(*at).value_or(-1);
          d.attachNote(u.op->getLoc())
              << (u.put ? "put" : "get") << " here, " << t
              << (t == 1 ? " time" : " times");
        }
        d.attachNote(q.decl.getLoc())
            << "hint: match every queue.put with a queue.get (compare the trip "
               "counts of the loops around them)";
      } catch (const isl::exception &e) {
        ++findings;
        q.decl.emitWarning()
            << "queue-balance is unknown for this queue: isl gave up ("
            << islx::reason(e) << ")";
      }
    }
    if (balanced && !findings)
      ctx.proved(programLoc(ctx.module),
                 "queue balance: " + std::to_string(balanced) +
                     " queue(s), as many gets as puts" +
                     (parametric ? " (" + std::to_string(parametric) +
                                       " of them for every value of the sizes)"
                                 : std::string()));
  }

private:
  // Whether some use's count depends on a parameter.
  static bool usesParams(const QueueInfo &q) {
    for (const QueueUse &u : q.uses)
      if (u.count.involvesParams())
        return true;
    return false;
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createQueueBalance() {
  return std::make_unique<QueueBalance>();
}
