//===- QueueSystem.cpp - nv_tileaa queue deadlock freedom for every size ---===//
#include "analyses/tileaa/QueueSystem.h"

#include "analyses/tileaa/QueueUses.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/union_map.h>

#include <map>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::tileaa;

namespace {

struct NotModelledHere {
  std::string why;
  Operation *at;
};

[[noreturn]] void notModelled(std::string why, Operation *at) {
  throw NotModelledHere{std::move(why), at};
}

struct QOp {
  Operation *op;
  bool put;
  unsigned queue;
  Region *process;
  std::string tuple; // "q3"
  const Instances *in;
  std::optional<isl::set> dom; // set once the instances are read
  const isl::set &domain() const { return *dom; }
};

/// A count of side instances in one run of an op or block: a constant or an
/// affine expression (isl text) over the parameters.
struct Cnt {
  bool constant = true;
  long c = 0;
  std::string expr; // when !constant
  std::string text() const { return constant ? std::to_string(c) : "(" + expr + ")"; }
};

Cnt add(const Cnt &a, const Cnt &b) {
  if (a.constant && b.constant)
    return {true, a.c + b.c, ""};
  if (a.constant && a.c == 0)
    return b;
  if (b.constant && b.c == 0)
    return a;
  return {false, 0, a.text() + " + " + b.text()};
}

class Ranker {
public:
  Ranker(PolyhedralModel &poly, llvm::SmallPtrSetImpl<Operation *> &side)
      : poly(poly), side(side) {}

  /// The rank of an instance of `x` (in `process`), over its dims.
  std::string rank(Operation *x, Region *process, const Instances &in) {
    SmallVector<Operation *> chain;
    for (Operation *a = x; a->getParentRegion() != process; a = a->getParentOp())
      chain.push_back(a->getParentOp());
    std::reverse(chain.begin(), chain.end());
    chain.push_back(x);
    Cnt sum;
    std::vector<std::string> terms;
    for (Operation *a : chain) {
      for (Operation &b : *a->getBlock()) {
        if (&b == a)
          break;
        sum = add(sum, count(&b));
      }
      if (a == x)
        break;
      auto loop = cast<scf::ForOp>(a);
      Cnt body = block(*loop.getBody());
      int d = in.dimOf(loop.getInductionVar());
      if (d < 0)
        notModelled("a loop around a queue operation is not one of its dims", x);
      if (!body.constant)
        notModelled("the number of this queue side's operations in one trip "
                    "of the scf.for around it depends on a size, so its rank "
                    "in the queue is not affine",
                    loop);
      if (body.c)
        terms.push_back(std::to_string(body.c) + " * " + in.dims[d].name);
    }
    terms.push_back(sum.text());
    return llvm::join(terms, " + ");
  }

private:
  bool holds(Operation *op) {
    auto it = holdsCache.find(op);
    if (it != holdsCache.end())
      return it->second;
    bool any = false;
    op->walk([&](Operation *o) {
      if (side.contains(o))
        any = true;
    });
    return holdsCache[op] = any;
  }

  Cnt block(Block &b) {
    Cnt s;
    for (Operation &op : b)
      s = add(s, count(&op));
    return s;
  }

  Cnt count(Operation *op) {
    if (side.contains(op))
      return {true, 1, ""};
    if (!holds(op))
      return {};
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      notModelled("'" + op->getName().getStringRef().str() +
                      "' holds queue operations, and the rank model takes "
                      "only scf.for loops",
                  op);
    const Instances &in = poly.instancesOf(op);
    AffineResult l = poly.affine(loop.getLowerBound(), in),
                 u = poly.affine(loop.getUpperBound(), in);
    std::optional<int64_t> st = getConstantIntValue(loop.getStep());
    if (l.unknown || u.unknown || !st || *st <= 0)
      notModelled("the bounds of this scf.for are not affine", op);
    if (l.usesAnyDim() || u.usesAnyDim())
      notModelled("the bounds of this scf.for depend on an enclosing loop", op);
    Cnt body = block(*loop.getBody());
    std::optional<int64_t> lc = getConstantIntValue(loop.getLowerBound()),
                           uc = getConstantIntValue(loop.getUpperBound());
    if (lc && uc) {
      long trips = *uc > *lc ? (*uc - *lc + *st - 1) / *st : 0;
      if (body.constant)
        return {true, trips * body.c, ""};
      return {false, 0, std::to_string(trips) + " * " + body.text()};
    }
    std::string trips = "max(0, ceil(((" + u.expr + ") - (" + l.expr + "))/" +
                        std::to_string(*st) + "))";
    if (!body.constant)
      notModelled("the number of queue operations of this scf.for is a "
                  "product of sizes, so the ranks after it are not affine",
                  op);
    if (body.c == 0)
      return {};
    return {false, 0, std::to_string(body.c) + " * " + trips};
  }

  PolyhedralModel &poly;
  llvm::SmallPtrSetImpl<Operation *> &side;
  llvm::DenseMap<Operation *, bool> holdsCache;
};

std::string coordsText(char c, unsigned n) {
  std::vector<std::string> v;
  for (unsigned i = 0; i < n; ++i)
    v.push_back(std::string(1, c) + std::to_string(i));
  return llvm::join(v, ", ");
}

isl::set named(isl::set s, const std::string &name) {
  return isl::manage(isl_set_set_tuple_name(s.release(), name.c_str()));
}
std::string tupleOf(const isl::point &p) {
  isl_space *sp = isl_point_get_space(p.get());
  const char *n = isl_space_get_tuple_name(sp, isl_dim_set);
  std::string out = n ? n : "";
  isl_space_free(sp);
  return out;
}
std::string keyOf(const isl::point &p) {
  char *c = isl_point_to_str(p.get());
  std::string out = c ? c : "";
  free(c);
  return out;
}

isl::union_map umap(isl::ctx ctx, const std::string &text) {
  return isl::union_map(isl::map(ctx, text));
}

/// "name = value, ..." of the parameters of `pt` that `used` involves.
std::string paramsText(PolyhedralModel &poly, const isl::point &pt,
                       const isl::union_set &used) {
  std::vector<std::string> values = islx::coordinates(pt, isl_dim_param), out;
  isl_space *sp = isl_point_get_space(pt.get());
  for (unsigned i = 0; i < values.size(); ++i) {
    const char *name = isl_space_get_dim_name(sp, isl_dim_param, i);
    bool involved = false;
    used.foreach_set([&](isl::set s) {
      int pos = isl_set_find_dim_by_name(s.get(), isl_dim_param, name);
      if (pos >= 0 && isl_set_involves_dims(s.get(), isl_dim_param, pos, 1) ==
                          isl_bool_true)
        involved = true;
    });
    if (involved)
      out.push_back(poly.describeParam(name ? name : "?") + " = " + values[i]);
  }
  isl_space_free(sp);
  return llvm::join(out, ", ");
}

} // namespace

QueueVerdict aircheck::tileaa::proveQueueDeadlockFreedom(FunctionOpInterface f,
                                                         PolyhedralModel &poly) {
  QueueVerdict v;
  isl::ctx ctx = poly.ctx();
  try {
    poly.isl().resetBudget();
    // The queue operations, their queues and processes.
    std::vector<QOp> ops;
    llvm::MapVector<Operation *, unsigned> queues; // create_queue -> index
    QueueRegionsOp regions;
    bool outside = false;
    Operation *outsideOp = nullptr;
    // Collected first: nothing is thrown through MLIR's walk.
    std::vector<Operation *> walked;
    f->walk([&](Operation *op) {
      if (isa<QueueRegionsOp, QueuePutOp, QueueGetOp>(op))
        walked.push_back(op);
    });
    for (Operation *op : walked) {
      if (auto r = dyn_cast<QueueRegionsOp>(op)) {
        if (regions)
          notModelled("a function with two nv_tileaa.queue.regions ops is "
                      "not modelled",
                      op);
        if (op->getParentOp() != f.getOperation())
          notModelled("an nv_tileaa.queue.regions op inside a loop or a "
                      "branch is not modelled",
                      op);
        regions = r;
      }
      bool put = isa<QueuePutOp>(op);
      if (!put && !isa<QueueGetOp>(op))
        continue;
      auto decl = op->getOperand(0).getDefiningOp<CreateQueueOp>();
      if (!decl)
        notModelled("the queue does not come from an nv_tileaa.create_queue",
                    op);
      for (Operation *p = decl->getParentOp(); p != f.getOperation();
           p = p->getParentOp())
        if (!isa<QueueRegionsOp>(p))
          notModelled("the queue is created inside '" +
                          p->getName().getStringRef().str() +
                          "', a new queue each time: the model takes queues "
                          "created once per run",
                      decl);
      for (Operation *user : decl->getUsers())
        if (!isa<QueuePutOp, QueueGetOp>(user))
          notModelled("the queue is passed to '" +
                          user->getName().getStringRef().str() + "'",
                      user);
      Region *process = &f.getFunctionBody();
      for (Operation *p = op->getParentOp(); p != f.getOperation();
           p = p->getParentOp()) {
        if (isa<QueueRegionsOp>(p)) {
          Region *r = op->getParentRegion();
          for (Operation *a = op; a->getParentOp() != p; a = a->getParentOp())
            r = a->getParentOp()->getParentRegion();
          process = r;
          break;
        }
      }
      if (process == &f.getFunctionBody()) {
        outside = true;
        outsideOp = op;
      }
      unsigned qi = queues.insert({decl, queues.size()}).first->second;
      QOp q{op, put, qi, process, "q" + std::to_string(ops.size()), nullptr, std::nullopt};
      ops.push_back(std::move(q));
    }
    v.queueOps = ops.size();
    v.queues = queues.size();
    if (ops.empty()) {
      v.kind = QueueVerdict::Kind::Proven;
      return v;
    }
    if (regions && outside)
      notModelled("queue operations both inside and outside the regions of "
                  "an nv_tileaa.queue.regions op are not modelled",
                  outsideOp);

    // Instances: only scf.for loops between a queue op and its process.
    for (QOp &q : ops) {
      const Instances &in = poly.instancesOf(q.op);
      if (in.unknown)
        notModelled(in.unknown->reason, q.op);
      if (!in.opaqueBranches.empty())
        notModelled("a queue operation in a branch whose condition is not "
                    "affine",
                    q.op);
      for (Operation *a = q.op; a->getParentRegion() != q.process;
           a = a->getParentOp())
        if (!isa<scf::ForOp>(a->getParentOp()))
          notModelled("a queue operation inside '" +
                          a->getParentOp()->getName().getStringRef().str() +
                          "': the model takes scf.for loops only",
                      q.op);
      q.in = &in;
      isl::set d = in.boxes.empty() ? isl::set::empty(in.space(ctx))
                                    : poly.boxSet(in, in.boxes.front());
      for (size_t b = 1; b < in.boxes.size(); ++b)
        d = d.unite(poly.boxSet(in, in.boxes[b]));
      q.dom = named(d, q.tuple);
    }
    // One process per side of each queue.
    std::vector<Region *> processes;
    for (QOp &q : ops)
      if (!llvm::is_contained(processes, q.process))
        processes.push_back(q.process);
    v.processes = processes.size();
    for (auto [decl, qi] : queues)
      for (bool put : {true, false}) {
        Region *one = nullptr;
        for (QOp &q : ops)
          if (q.queue == qi && q.put == put) {
            if (one && one != q.process)
              notModelled(std::string("the ") + (put ? "puts" : "gets") +
                              " of this queue come from two concurrent "
                              "regions, so the order they meet it in is not "
                              "fixed",
                          decl);
            one = q.process;
          }
      }

    isl::union_set events = isl::union_set::empty(ctx);
    for (QOp &q : ops)
      events = events.unite(isl::union_set(q.domain()));

    // Program order: a 2d+1 schedule per process.
    isl::union_map po = isl::union_map::empty(ctx);
    for (auto [pi, process] : llvm::enumerate(processes)) {
      unsigned depth = 0;
      for (QOp &q : ops)
        if (q.process == process)
          depth = std::max<unsigned>(depth, q.in->dims.size());
      isl::union_map sched = isl::union_map::empty(ctx);
      for (QOp &q : ops) {
        if (q.process != process)
          continue;
        SmallVector<Operation *> chain;
        for (Operation *a = q.op;; a = a->getParentOp()) {
          chain.push_back(a);
          if (a->getParentRegion() == process)
            break;
        }
        std::reverse(chain.begin(), chain.end());
        std::vector<std::string> vec;
        unsigned dim = 0;
        for (Operation *a : chain) {
          unsigned pos = 0;
          for (Operation &b : *a->getBlock()) {
            if (&b == a)
              break;
            ++pos;
          }
          vec.push_back(std::to_string(pos));
          if (a != q.op)
            vec.push_back(q.in->dims[dim++].name);
        }
        while (vec.size() < 2 * depth + 1)
          vec.push_back("0");
        std::string text = poly.paramList() + " -> { " + q.tuple + "[" +
                           coordsText('d', q.in->dims.size()) + "] -> P" +
                           std::to_string(pi) + "[" + llvm::join(vec, ", ") +
                           "] }";
        sched = sched.unite(umap(ctx, text).intersect_domain(
            isl::union_set(q.domain())));
      }
      po = po.unite(isl::manage(isl_union_map_lex_lt_union_map(
          sched.copy(), sched.copy())));
    }

    // Ranks, partners, and the queue waits.
    isl::union_map meets = isl::union_map::empty(ctx), frees = meets;
    std::vector<std::pair<isl::union_map, isl::union_map>> ranksOf;
    for (auto [decl, qi] : queues) {
      int64_t depth = cast<CreateQueueOp>(decl).getDepth();
      isl::union_map putAt = isl::union_map::empty(ctx), getAt = putAt;
      for (bool put : {true, false}) {
        llvm::SmallPtrSet<Operation *, 8> side;
        for (QOp &q : ops)
          if (q.queue == qi && q.put == put)
            side.insert(q.op);
        Ranker ranker(poly, side);
        for (QOp &q : ops) {
          if (!side.contains(q.op))
            continue;
          std::string r = ranker.rank(q.op, q.process, *q.in);
          std::string text = poly.paramList() + " -> { " + q.tuple + "[" +
                             coordsText('d', q.in->dims.size()) + "] -> R" +
                             std::to_string(qi) + "[r] : r = " + r + " }";
          isl::union_map m =
              umap(ctx, text).intersect_domain(isl::union_set(q.domain()));
          (put ? putAt : getAt) = (put ? putAt : getAt).unite(m);
        }
      }
      std::string R = "R" + std::to_string(qi);
      isl::union_set putR = putAt.range(), getR = getAt.range();
      // A get without its put, a put without the get that frees its place.
      isl::union_set lonelyGets = getR.subtract(putR);
      isl::union_map back = umap(ctx, "{ " + R + "[r] -> " + R + "[r - " +
                                          std::to_string(depth) + "] : r >= " +
                                          std::to_string(depth) + " }");
      isl::union_set needed = putR.apply(back);
      isl::union_set lonelyPuts =
          needed.subtract(getR).apply(back.reverse());
      for (auto [lonely, at, put] :
           {std::tuple{lonelyGets, getAt, false},
            std::tuple{lonelyPuts, putAt, true}}) {
        if (lonely.is_empty())
          continue;
        isl::point pt = lonely.sample_point();
        isl::set params = isl::set(pt).params();
        isl::union_set inst = at.intersect_range(isl::union_set(isl::set(pt)))
                                  .domain();
        isl::point ip = inst.sample_point();
        std::string tuple = tupleOf(ip);
        v.kind = QueueVerdict::Kind::Deadlock;
        v.missingPartner = true;
        v.where = paramsText(poly, pt, putAt.wrap().unite(getAt.wrap()));
        long rank = std::stol(islx::coordinates(pt, isl_dim_set).front());
        for (QOp &q : ops)
          if (q.tuple == tuple) {
            std::vector<std::string> c = islx::coordinates(ip, isl_dim_set);
            v.cycle.push_back({q.op,
                               c.empty() ? std::string()
                                         : "iteration [" + llvm::join(c, ", ") + "]",
                               ""});
          }
        v.missingText =
            put ? "it is put number " + std::to_string(rank + 1) +
                      " into a queue of depth " + std::to_string(depth) +
                      ", so it waits for get number " +
                      std::to_string(rank + 1 - depth) +
                      ", and the queue has fewer gets"
                : "it is get number " + std::to_string(rank + 1) +
                      ", and the queue has fewer puts";
        return v;
      }
      meets = meets.unite(putAt.apply_range(getAt.reverse()));
      isl::union_map ahead = umap(ctx, "{ " + R + "[r] -> " + R + "[r + " +
                                           std::to_string(depth) + "] }");
      frees = frees.unite(getAt.apply_range(ahead).apply_range(putAt.reverse()));
    }

    isl::union_map waits = po.unite(meets).unite(frees);
    {
      isl_space *sp = isl_union_set_get_space(events.get());
      for (int i = 0, n = isl_space_dim(sp, isl_dim_param); i < n; ++i) {
        const char *name = isl_space_get_dim_name(sp, isl_dim_param, i);
        v.parameters.push_back(poly.describeParam(name ? name : "?"));
      }
      isl_space_free(sp);
    }
    if (waits.is_empty()) {
      v.kind = QueueVerdict::Kind::Proven;
      return v;
    }
    bool scheduled = false;
    try {
      scheduled = islx::scheduleOrdersEveryWait(events, waits);
    } catch (const isl::exception &) {
      poly.isl().resetBudget();
    }
    if (scheduled) {
      v.kind = QueueVerdict::Kind::Proven;
      return v;
    }

    // No schedule: isl's transitive closure of the waits, where isl computes
    // it exactly, shows the graph acyclic for every size, or gives an
    // instance on a cycle (and the sizes where it is).
    std::optional<isl::point> onCycle;
    try {
      isl_bool exact = isl_bool_false;
      isl_union_map *c =
          isl_union_map_transitive_closure(waits.copy(), &exact);
      if (c && exact == isl_bool_true) {
        isl::union_map closure = isl::manage(c);
        isl::union_map ids = isl::manage(isl_union_set_identity(events.copy()));
        isl::union_set selfWaiting = closure.intersect(ids).domain();
        if (selfWaiting.is_empty()) {
          v.kind = QueueVerdict::Kind::Proven;
          v.byClosure = true;
          return v;
        }
        onCycle = selfWaiting.sample_point();
      } else if (c) {
        isl_union_map_free(c);
      }
    } catch (const isl::exception &) {
    }
    poly.isl().resetBudget();

    // Look for a cycle at small sizes, instance by instance.
    constexpr unsigned kMaxNodes = 4096;
    isl::space params = poly.allParams();
    // Only the parameters the graph involves vary.
    std::vector<bool> vary;
    unsigned nParams = 0;
    {
      isl::union_set used = waits.wrap().unite(events);
      for (unsigned i = 0, n = isl_space_dim(params.get(), isl_dim_param);
           i < n; ++i) {
        const char *name = isl_space_get_dim_name(params.get(), isl_dim_param, i);
        bool involved = false;
        used.foreach_set([&](isl::set s) {
          int pos = isl_set_find_dim_by_name(s.get(), isl_dim_param, name);
          if (pos >= 0 && isl_set_involves_dims(s.get(), isl_dim_param, pos,
                                                1) == isl_bool_true)
            involved = true;
        });
        vary.push_back(involved);
        nParams += involved;
      }
    }
    unsigned tried = 0, skipped = 0;
    std::vector<isl::point> points =
        smallParamPoints(params, nParams ? 64 : 1, vary);
    if (onCycle) {
      // The closure's sizes first (over the same parameters).
      isl::set at = isl::set(*onCycle).params();
      at = poly.alignParams(at);
      points.insert(points.begin(), at.sample_point());
    }
    for (const isl::point &p : points) {
      isl::set at = isl::set(p);
      isl::union_set e = events.intersect_params(at);
      std::vector<isl::point> nodes;
      std::map<std::string, unsigned> index;
      bool tooBig = false;
      e.foreach_point([&](isl::point pt) {
        if (nodes.size() >= kMaxNodes) {
          tooBig = true;
          return;
        }
        index[keyOf(pt)] = nodes.size();
        nodes.push_back(pt);
      });
      if (tooBig) {
        ++skipped;
        continue;
      }
      ++tried;
      isl::union_map w = waits.intersect_params(at);
      std::vector<std::vector<unsigned>> succ(nodes.size());
      for (unsigned i = 0; i < nodes.size(); ++i)
        isl::union_set(isl::set(nodes[i])).apply(w).foreach_point(
            [&](isl::point q) {
              auto it = index.find(keyOf(q));
              if (it != index.end())
                succ[i].push_back(it->second);
            });
      // Iterative DFS for a back edge.
      std::vector<int> color(nodes.size(), 0), parent(nodes.size(), -1);
      std::vector<unsigned> cycle;
      for (unsigned s = 0; s < nodes.size() && cycle.empty(); ++s) {
        if (color[s])
          continue;
        std::vector<std::pair<unsigned, unsigned>> stack{{s, 0}};
        color[s] = 1;
        while (!stack.empty() && cycle.empty()) {
          auto &[n, k] = stack.back();
          if (k < succ[n].size()) {
            unsigned m = succ[n][k++];
            if (color[m] == 0) {
              color[m] = 1;
              parent[m] = n;
              stack.push_back({m, 0});
            } else if (color[m] == 1) {
              // n -> m closes a cycle m -> ... -> n -> m.
              for (int x = n; x != (int)m; x = parent[x])
                cycle.push_back(x);
              cycle.push_back(m);
              std::reverse(cycle.begin(), cycle.end());
            }
          } else {
            color[n] = 2;
            stack.pop_back();
          }
        }
      }
      if (cycle.empty())
        continue;
      v.kind = QueueVerdict::Kind::Deadlock;
      v.where = paramsText(poly, p, waits.wrap());
      for (size_t i = 0; i < cycle.size(); ++i) {
        isl::point a = nodes[cycle[i]], b = nodes[cycle[(i + 1) % cycle.size()]];
        std::string ta = tupleOf(a);
        QOp *qa = nullptr;
        for (QOp &q : ops)
          if (q.tuple == ta)
            qa = &q;
        isl::union_map edge = isl::union_map::from_domain_and_range(
            isl::union_set(isl::set(a)), isl::union_set(isl::set(b)));
        std::string because =
            edge.is_subset(meets.intersect_params(at))
                ? "it takes the value that put puts"
            : edge.is_subset(frees.intersect_params(at))
                ? "the queue is full until that get takes a value"
                : "that one comes first in program order";
        std::vector<std::string> c = islx::coordinates(a, isl_dim_set);
        v.cycle.push_back(
            {qa->op,
             c.empty() ? std::string() : "iteration [" + llvm::join(c, ", ") + "]",
             because});
      }
      return v;
    }
    if (onCycle) {
      // Too many instances to enumerate the cycle: the one instance on it.
      v.kind = QueueVerdict::Kind::Deadlock;
      v.where = paramsText(poly, *onCycle, waits.wrap());
      std::string tuple = tupleOf(*onCycle);
      std::vector<std::string> c = islx::coordinates(*onCycle, isl_dim_set);
      for (QOp &q : ops)
        if (q.tuple == tuple)
          v.cycle.push_back(
              {q.op,
               c.empty() ? std::string()
                         : "iteration [" + llvm::join(c, ", ") + "]",
               "it waits for itself through a cycle of waits (isl's exact "
               "transitive closure; too many instances to list the cycle)"});
      return v;
    }
    v.kind = QueueVerdict::Kind::Unknown;
    v.at = ops.front().op;
    if (!nParams && !skipped) {
      // The one graph there is has no cycle.
      v.kind = QueueVerdict::Kind::Proven;
      v.enumerated = true;
      return v;
    }
    v.why = "isl found no affine schedule of the wait-for graph nor its exact "
            "transitive closure, and it has no cycle at the " +
            std::to_string(tried) + " size(s) tried" +
            (skipped ? " (" + std::to_string(skipped) +
                           " more were too large to enumerate)"
                     : std::string());
  } catch (const NotModelledHere &n) {
    v.kind = QueueVerdict::Kind::NotModelled;
    v.why = n.why;
    v.at = n.at;
  } catch (const isl::exception &e) {
    v.kind = QueueVerdict::Kind::NotModelled;
    v.why = std::string("isl gave up (") + islx::reason(e) + ")";
  }
  return v;
}
