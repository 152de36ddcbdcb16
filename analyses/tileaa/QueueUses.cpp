//===- QueueUses.cpp - the puts and gets of each nv_tileaa queue -----------===//
#include "analyses/tileaa/QueueUses.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace aircheck::tileaa;

int64_t QueueInfo::puts() const {
  int64_t n = 0;
  for (const QueueUse &u : uses)
    n += u.put ? u.times : 0;
  return n;
}

int64_t QueueInfo::gets() const {
  int64_t n = 0;
  for (const QueueUse &u : uses)
    n += u.put ? 0 : u.times;
  return n;
}

// How many times `op` runs per run of `scope`'s body, or a reason why that
// is not a constant.
static std::optional<int64_t> timesIn(Operation *op, Operation *scope,
                                      std::string &why) {
  int64_t times = 1;
  for (Operation *p = op->getParentOp(); p && p != scope; p = p->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(p);
    if (!loop) {
      why = "it sits inside '" + p->getName().getStringRef().str() +
            "', whose executions air-check does not count for queues";
      return std::nullopt;
    }
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                           ub = getConstantIntValue(loop.getUpperBound()),
                           st = getConstantIntValue(loop.getStep());
    if (!lb || !ub || !st || *st <= 0) {
      why = "the scf.for around it has bounds or a step that are not constants";
      return std::nullopt;
    }
    times *= *ub > *lb ? (*ub - *lb + *st - 1) / *st : 0;
  }
  return times;
}

QueueUses::QueueUses(Operation *root) {
  root->walk([&](CreateQueueOp q) {
    QueueInfo info;
    info.decl = q;
    Operation *scope = q->getParentOp();
    for (Operation *user : q->getUsers()) {
      bool put = isa<QueuePutOp>(user);
      if (!put && !isa<QueueGetOp>(user)) {
        info.unmodelled = "the queue is passed to '" +
                          user->getName().getStringRef().str() + "'";
        info.unmodelledAt = user;
        continue;
      }
      std::string why;
      std::optional<int64_t> t = timesIn(user, scope, why);
      if (!t) {
        info.unmodelled = why;
        info.unmodelledAt = user;
        continue;
      }
      info.uses.push_back({user, put, *t});
    }
    // Program order: the walk order of the users.
    llvm::DenseMap<Operation *, unsigned> order;
    unsigned n = 0;
    scope->walk([&](Operation *op) { order[op] = n++; });
    llvm::sort(info.uses, [&](const QueueUse &a, const QueueUse &b) {
      return order[a.op] < order[b.op];
    });
    list.push_back(std::move(info));
  });
}
