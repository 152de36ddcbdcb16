//===- QueueUses.cpp - the puts and gets of each nv_tileaa queue -----------===//
#include "analyses/tileaa/QueueUses.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::tileaa;

PwQPoly QueueInfo::puts() const {
  PwQPoly n;
  for (const QueueUse &u : uses)
    if (u.put)
      n = n.valid() ? n + u.count : u.count;
  return n;
}

PwQPoly QueueInfo::gets() const {
  PwQPoly n;
  for (const QueueUse &u : uses)
    if (!u.put)
      n = n.valid() ? n + u.count : u.count;
  return n;
}

QueueUses::QueueUses(Operation *root, AnalysisManager &am)
    : model(&am.getAnalysis<PolyhedralModel>()) {
  PolyhedralModel &poly = *model;
  // First every op's instances (they add the parameters), then the counts,
  // all over one parameter space (isl does not align quasi-polynomials).
  root->walk([&](CreateQueueOp q) {
    QueueInfo info;
    info.decl = q;
    for (Operation *user : q->getUsers()) {
      bool put = isa<QueuePutOp>(user);
      if (!put && !isa<QueueGetOp>(user)) {
        info.unmodelled = "the queue is passed to '" +
                          user->getName().getStringRef().str() + "'";
        info.unmodelledAt = user;
        continue;
      }
      const Instances &in = poly.instancesOf(user);
      if (in.unknown) {
        info.unmodelled = in.unknown->reason;
        info.unmodelledAt = user;
        continue;
      }
      if (!in.opaqueBranches.empty()) {
        info.unmodelled = "it sits in a branch of " +
                          opAt(in.opaqueBranches.front().first) +
                          " whose condition is not affine, so how often it "
                          "runs is not known";
        info.unmodelledAt = user;
        continue;
      }
      info.uses.push_back({user, put, PwQPoly()});
    }
    // Program order: the walk order of the users.
    llvm::DenseMap<Operation *, unsigned> order;
    unsigned n = 0;
    q->getParentOp()->walk([&](Operation *op) { order[op] = n++; });
    llvm::sort(info.uses, [&](const QueueUse &a, const QueueUse &b) {
      return order[a.op] < order[b.op];
    });
    list.push_back(std::move(info));
  });
  for (QueueInfo &q : list) {
    if (!q.unmodelled.empty())
      continue;
    try {
      for (QueueUse &u : q.uses) {
        const Instances &in = poly.instancesOf(u.op);
        PwQPoly c = PwQPoly::zero(poly.allParams());
        for (const Box &b : in.boxes)
          c = c + poly.product(poly.boxCount(in, b, {}));
        u.count = c;
      }
    } catch (const isl::exception &e) {
      q.unmodelled = std::string("isl could not count its uses: ") + islx::reason(e);
      q.unmodelledAt = q.decl;
    }
  }
}

std::vector<isl::point>
aircheck::tileaa::smallParamPoints(isl::space params, unsigned budget,
                                   const std::vector<bool> &varyMask) {
  isl_ctx *ctx = params.ctx().get();
  unsigned total = isl_space_dim(params.get(), isl_dim_param);
  std::vector<unsigned> which;
  for (unsigned i = 0; i < total; ++i)
    if (varyMask.empty() || (i < varyMask.size() && varyMask[i]))
      which.push_back(i);
  unsigned n = which.size();
  std::vector<isl::point> out;
  // Values 0..limit per parameter, with limit^n <= budget; ordered by their
  // largest coordinate first, so that small sizes come first.
  unsigned limit = 64;
  if (n > 0)
    while (limit > 1) {
      double c = 1;
      for (unsigned i = 0; i < n; ++i)
        c *= limit + 1;
      if (c <= budget)
        break;
      --limit;
    }
  if (n == 0)
    limit = 0;
  std::vector<long> v(n, 0);
  for (unsigned top = 0; top <= limit; ++top) {
    // Every vector in [0, top]^n with some coordinate equal to top.
    std::fill(v.begin(), v.end(), 0);
    while (true) {
      bool hasTop = n == 0 || llvm::any_of(v, [&](long x) { return x == (long)top; });
      if (hasTop) {
        isl_point *p = isl_point_zero(params.copy());
        for (unsigned i = 0; i < n; ++i)
          p = isl_point_set_coordinate_val(p, isl_dim_param, which[i],
                                           isl_val_int_from_si(ctx, v[i]));
        out.push_back(isl::manage(islx::checked(ctx, p)));
      }
      unsigned i = 0;
      for (; i < n; ++i) {
        if (v[i] < (long)top) {
          ++v[i];
          break;
        }
        v[i] = 0;
      }
      if (i == n)
        break;
    }
  }
  return out;
}

std::optional<isl::point> aircheck::tileaa::nonZeroPoint(const PwQPoly &f,
                                                         isl::space params,
                                                         unsigned budget) {
  std::vector<bool> vary;
  for (unsigned i = 0, n = isl_space_dim(params.get(), isl_dim_param); i < n; ++i)
    vary.push_back(f.involvesParam(i));
  for (const isl::point &p : smallParamPoints(params, budget, vary)) {
    std::optional<long> v = f.evalAt(p);
    if (!v || *v != 0)
      return p;
  }
  return std::nullopt;
}
