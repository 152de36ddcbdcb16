//===- TokenConstraints.cpp - dependency, affinity, concurrency together --===//
#include "solvers/TokenConstraints.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include <z3++.h>

using namespace aircheck;

unsigned TokenConstraints::addFact(Fact f) {
  facts.push_back(std::move(f));
  return facts.size() - 1;
}

unsigned TokenConstraints::addOp(Op op) {
  bool rect = op.width && op.height;
  ops.push_back(std::move(op));
  if (rect && !distinctFact)
    distinctFact = addFact({Fact::Kind::Distinct, {},
                            "ops live at once hold distinct tiles"});
  return ops.size() - 1;
}

void TokenConstraints::nest(unsigned child, unsigned parent) {
  nesting.push_back({child, parent});
}

unsigned TokenConstraints::addOrder(unsigned a, unsigned b, std::string text) {
  return addFact({Fact::Kind::Order, {a, b}, std::move(text)});
}
unsigned TokenConstraints::addEndsBefore(unsigned a, unsigned b, std::string text) {
  return addFact({Fact::Kind::EndsBefore, {a, b}, std::move(text)});
}
unsigned TokenConstraints::addAffinity(unsigned a, unsigned b, std::string text) {
  return addFact({Fact::Kind::Affinity, {a, b}, std::move(text)});
}
unsigned TokenConstraints::addConcurrency(unsigned a, unsigned b, std::string text) {
  return addFact({Fact::Kind::Concurrency, {a, b}, std::move(text)});
}
unsigned TokenConstraints::addTogether(std::vector<unsigned> members,
                                       std::string text) {
  return addFact({Fact::Kind::Together, std::move(members), std::move(text)});
}
unsigned TokenConstraints::addPlace(unsigned op, std::string text) {
  return addFact({Fact::Kind::Place, {op}, std::move(text)});
}
unsigned TokenConstraints::addPartition(std::vector<unsigned> members,
                                        std::string text) {
  return addFact({Fact::Kind::Partition, std::move(members), std::move(text)});
}

void TokenConstraints::setDevice(std::string name, int64_t cols, int64_t row0,
                                 int64_t nrows) {
  deviceName = std::move(name);
  columns = cols;
  firstRow = row0;
  rows = nrows;
  capacityFact = addFact(
      {Fact::Kind::Capacity, {},
       deviceName + " has " + std::to_string(cols * nrows) +
           " compute tiles (" + std::to_string(cols) + " columns x " +
           std::to_string(nrows) + " compute rows)"});
  if (!distinctFact)
    distinctFact = addFact({Fact::Kind::Distinct, {},
                            "ops live at once hold distinct tiles"});
}

namespace {
/// Instances given rectangles of their own; beyond this only their tiles
/// count (the capacity constraint still sums every instance).
constexpr int64_t kMaxPlacedInstances = 8;
} // namespace

TokenConstraints::Result TokenConstraints::solve(unsigned timeoutMs,
                                                 unsigned rlimit) const {
  Result res;
  try {
    z3::context c;
    z3::solver s(c);
    z3::params p(c);
    p.set("timeout", timeoutMs);
    p.set("rlimit", rlimit);
    s.set(p);

    unsigned n = ops.size();
    std::vector<z3::expr> rs, es, ee, re;
    for (unsigned i = 0; i < n; ++i) {
      std::string b = "op" + std::to_string(i);
      rs.push_back(c.int_const((b + ".rs").c_str()));
      es.push_back(c.int_const((b + ".es").c_str()));
      ee.push_back(c.int_const((b + ".ee").c_str()));
      re.push_back(c.int_const((b + ".re").c_str()));
      // Execution inside the resource lifespan, and it takes time.
      s.add(rs[i] <= es[i] && es[i] < ee[i] && ee[i] <= re[i]);
    }
    std::vector<int> parent(n, -1);
    for (auto [child, par] : nesting) {
      parent[child] = par;
      s.add(es[par] <= rs[child] && re[child] <= ee[par]);
    }
    auto ancestor = [&](unsigned a, unsigned of) {
      for (int p = parent[of]; p >= 0; p = parent[p])
        if (static_cast<unsigned>(p) == a)
          return true;
      return false;
    };

    // Rectangles, per placed instance.
    struct Rect {
      unsigned op;
      z3::expr x, y;
      int64_t w, h;
    };
    std::vector<Rect> rects;
    std::vector<std::vector<unsigned>> rectsOf(n);
    for (unsigned i = 0; i < n; ++i) {
      const Op &o = ops[i];
      if (!o.width || !o.height)
        continue;
      int64_t k = std::min(o.instances, kMaxPlacedInstances);
      for (int64_t j = 0; j < k; ++j) {
        std::string b = "op" + std::to_string(i) + "#" + std::to_string(j);
        rects.push_back({i, c.int_const((b + ".x").c_str()),
                         c.int_const((b + ".y").c_str()), *o.width, *o.height});
        rectsOf[i].push_back(rects.size() - 1);
        s.add(rects.back().x >= 0 && rects.back().y >= 0);
      }
    }
    // A nested op with a rectangle lies inside its parent's.
    for (const Rect &r : rects)
      for (int p = parent[r.op]; p >= 0; p = parent[p])
        if (!rectsOf[p].empty()) {
          const Rect &q = rects[rectsOf[p].front()];
          s.add(q.x <= r.x && r.x + c.int_val(r.w) <= q.x + c.int_val(q.w) &&
                q.y <= r.y && r.y + c.int_val(r.h) <= q.y + c.int_val(q.h));
          break;
        }

    auto liveAt = [&](unsigned j, const z3::expr &t) {
      return rs[j] <= t && t < re[j];
    };
    auto disjoint = [&](const Rect &a, const Rect &b) {
      return a.x + c.int_val(a.w) <= b.x || b.x + c.int_val(b.w) <= a.x ||
             a.y + c.int_val(a.h) <= b.y || b.y + c.int_val(b.h) <= a.y;
    };

    // The shared instant of each concurrency group.
    std::map<unsigned, z3::expr> instant;
    for (unsigned f = 0; f < facts.size(); ++f)
      if (facts[f].kind == Fact::Kind::Together)
        instant.emplace(f, c.int_const(("together" + std::to_string(f)).c_str()));
    std::vector<z3::expr> lits;
    for (unsigned f = 0; f < facts.size(); ++f) {
      lits.push_back(c.bool_const(("fact" + std::to_string(f)).c_str()));
      const Fact &F = facts[f];
      z3::expr_vector cs(c);
      switch (F.kind) {
      case Fact::Kind::Order:
        cs.push_back(ee[F.ops[0]] <= rs[F.ops[1]]);
        break;
      case Fact::Kind::EndsBefore:
        cs.push_back(ee[F.ops[0]] <= ee[F.ops[1]]);
        break;
      case Fact::Kind::Affinity: {
        unsigned a = F.ops[0], b = F.ops[1];
        cs.push_back(re[a] <= rs[b] || re[b] <= rs[a]);
        break;
      }
      case Fact::Kind::Concurrency: {
        unsigned a = F.ops[0], b = F.ops[1];
        cs.push_back(es[a] < ee[b] && es[b] < ee[a]);
        break;
      }
      case Fact::Kind::Together:
        for (unsigned m : F.ops)
          cs.push_back(es[m] <= instant.at(f) && instant.at(f) < ee[m]);
        break;
      case Fact::Kind::Partition: {
        std::string b = "part" + std::to_string(f);
        z3::expr px = c.int_const((b + ".x").c_str()),
                 py = c.int_const((b + ".y").c_str()),
                 pw = c.int_const((b + ".w").c_str()),
                 ph = c.int_const((b + ".h").c_str());
        for (unsigned m : F.ops)
          for (unsigned r : rectsOf[m]) {
            const Rect &R = rects[r];
            cs.push_back(px <= R.x && R.x + c.int_val(R.w) <= px + pw &&
                         py <= R.y && R.y + c.int_val(R.h) <= py + ph);
            if (ops[m].explicitSize)
              cs.push_back(px == R.x && py == R.y && pw == c.int_val(R.w) &&
                           ph == c.int_val(R.h));
          }
        break;
      }
      case Fact::Kind::Place:
        break; // added below, per op
      case Fact::Kind::Capacity: {
        // Every placed instance inside the compute array.
        for (const Rect &R : rects)
          cs.push_back(R.x + c.int_val(R.w) <= c.int_val(columns) &&
                       R.y >= c.int_val(firstRow) &&
                       R.y + c.int_val(R.h) <= c.int_val(firstRow + rows));
        // The tiles live at each op's start fit the device: the peak of
        // intervals is reached at some start.
        std::vector<unsigned> counted;
        for (unsigned j = 0; j < n; ++j) {
          if (!ops[j].tiles)
            continue;
          bool nested = false;
          for (int p = parent[j]; p >= 0; p = parent[p])
            nested |= ops[p].tiles.has_value();
          if (!nested)
            counted.push_back(j);
        }
        // Capacity holds at every instant: checked at each start, where
        // the peak is reached, and at each group's shared instant.
        std::vector<z3::expr> points;
        for (unsigned i : counted)
          points.push_back(rs[i]);
        for (auto &[g, t] : instant)
          points.push_back(t);
        for (const z3::expr &t : points) {
          z3::expr sum = c.int_val(0);
          for (unsigned j : counted)
            sum = sum + z3::ite(liveAt(j, t),
                                c.int_val(*ops[j].tiles * ops[j].instances),
                                c.int_val(0));
          cs.push_back(sum <= c.int_val(columns * rows));
        }
        break;
      }
      case Fact::Kind::Distinct:
        for (size_t a = 0; a < rects.size(); ++a)
          for (size_t b = a + 1; b < rects.size(); ++b) {
            unsigned i = rects[a].op, j = rects[b].op;
            if (ancestor(i, j) || ancestor(j, i))
              continue;
            if (i == j) {
              cs.push_back(disjoint(rects[a], rects[b]));
              continue;
            }
            z3::expr together = rs[i] < re[j] && rs[j] < re[i];
            cs.push_back(z3::implies(together, disjoint(rects[a], rects[b])));
          }
        break;
      }
      for (unsigned k = 0; k < cs.size(); ++k)
        s.add(z3::implies(lits[f], cs[k]));
    }
    // Explicit placements and sizes, one fact per op (added on demand).
    // They are Place facts the caller added with ops = {op}.
    for (unsigned f = 0; f < facts.size(); ++f) {
      if (facts[f].kind != Fact::Kind::Place)
        continue;
      unsigned i = facts[f].ops[0];
      const Op &o = ops[i];
      if (o.instances == 1 && !rectsOf[i].empty()) {
        const Rect &R = rects[rectsOf[i].front()];
        if (o.x)
          s.add(z3::implies(lits[f], R.x == c.int_val(*o.x)));
        if (o.y)
          s.add(z3::implies(lits[f], R.y == c.int_val(*o.y)));
      }
    }

    auto check = [&](const std::vector<unsigned> &set) {
      z3::expr_vector as(c);
      for (unsigned f : set)
        as.push_back(lits[f]);
      return s.check(as);
    };
    std::vector<unsigned> all(facts.size());
    for (unsigned f = 0; f < all.size(); ++f)
      all[f] = f;
    auto coreOf = [&]() {
      std::vector<unsigned> core;
      for (const z3::expr &e : s.unsat_core())
        for (unsigned f = 0; f < lits.size(); ++f)
          if (z3::eq(e, lits[f]))
            core.push_back(f);
      std::sort(core.begin(), core.end());
      return core;
    };

    // Two stages: first without distinct rectangles (lifespans, capacity,
    // partitions: difference logic and sums, cheap), then with them (a
    // packing problem, hard for z3 when tight). A clash in the first stage
    // needs no packing to explain it.
    std::vector<unsigned> firstStage;
    for (unsigned f : all)
      if (facts[f].kind != Fact::Kind::Distinct)
        firstStage.push_back(f);
    z3::check_result v = check(firstStage);
    if (v == z3::sat && firstStage.size() != all.size())
      v = check(all);
    if (v == z3::unknown) {
      res.why = "z3 gave no verdict within its limits (" +
                std::to_string(timeoutMs) + " ms, rlimit " +
                std::to_string(rlimit) + "): " + s.reason_unknown();
      return res;
    }
    if (v == z3::unsat) {
      res.kind = Result::Kind::Inconsistent;
      std::vector<unsigned> core = coreOf();
      // Deletion: drop each fact whose absence keeps the rest unsat.
      // Structural facts (capacity, distinct tiles) go first, so that a
      // core names the program's tokens where it can; a group's pairs go
      // before its shared instant, which implies them. The whole
      // minimisation shares one more time budget; past it the core is
      // reported as it stands, not claimed minimal.
      bool minimal = true;
      auto deadline = std::chrono::steady_clock::now() +
                      std::chrono::milliseconds(timeoutMs);
      auto rank = [&](unsigned f) {
        switch (facts[f].kind) {
        case Fact::Kind::Distinct:
          return 0;
        case Fact::Kind::Capacity:
          return 1;
        case Fact::Kind::Concurrency:
          return 2;
        case Fact::Kind::Together:
          return 3;
        default:
          return 4;
        }
      };
      auto minimise = [&](std::vector<unsigned> core) {
        std::vector<unsigned> order = core;
        std::stable_sort(order.begin(), order.end(),
                         [&](unsigned a, unsigned b) { return rank(a) < rank(b); });
        for (unsigned f : order) {
          if (!std::binary_search(core.begin(), core.end(), f))
            continue;
          if (std::chrono::steady_clock::now() > deadline) {
            minimal = false;
            break;
          }
          std::vector<unsigned> trial;
          for (unsigned g : core)
            if (g != f)
              trial.push_back(g);
          z3::check_result r = check(trial);
          if (r == z3::unsat) {
            std::vector<unsigned> smaller = coreOf();
            core = smaller.size() < trial.size() ? smaller : trial;
          } else if (r == z3::unknown) {
            minimal = false;
          }
        }
        return core;
      };
      core = minimise(core);
      // A shared instant that only stands for pairwise overlaps (no device
      // capacity or tiles in the core): the pairs say it more precisely.
      bool structural = std::any_of(core.begin(), core.end(), [&](unsigned f) {
        return facts[f].kind == Fact::Kind::Capacity ||
               facts[f].kind == Fact::Kind::Distinct;
      });
      if (!structural)
        for (unsigned g : std::vector<unsigned>(core)) {
          if (facts[g].kind != Fact::Kind::Together)
            continue;
          std::vector<unsigned> trial;
          for (unsigned f : core)
            if (f != g)
              trial.push_back(f);
          for (unsigned f = 0; f < facts.size(); ++f) {
            const Fact &F = facts[f];
            auto in = [&](unsigned o) {
              return std::find(facts[g].ops.begin(), facts[g].ops.end(), o) !=
                     facts[g].ops.end();
            };
            if (F.kind == Fact::Kind::Concurrency && in(F.ops[0]) && in(F.ops[1]))
              trial.push_back(f);
          }
          std::sort(trial.begin(), trial.end());
          if (check(trial) == z3::unsat)
            core = minimise(coreOf());
        }
      res.core = core;
      res.minimal = minimal;
      return res;
    }
    res.kind = Result::Kind::Consistent;
    z3::model m = s.get_model();
    auto val = [&](const z3::expr &e) { return m.eval(e, true).get_numeral_int64(); };
    std::set<int64_t> times;
    for (unsigned i = 0; i < n; ++i)
      for (const z3::expr *e : {&rs[i], &es[i], &ee[i], &re[i]})
        times.insert(val(*e));
    std::map<int64_t, int64_t> rank;
    for (int64_t t : times)
      rank.emplace(t, rank.size());
    for (unsigned i = 0; i < n; ++i) {
      Result::Span sp{i, rank[val(rs[i])], rank[val(es[i])], rank[val(ee[i])],
                      rank[val(re[i])], std::nullopt, std::nullopt};
      if (!rectsOf[i].empty()) {
        sp.x = val(rects[rectsOf[i].front()].x);
        sp.y = val(rects[rectsOf[i].front()].y);
      }
      res.schedule.push_back(sp);
    }
    std::stable_sort(res.schedule.begin(), res.schedule.end(),
                     [](const Result::Span &a, const Result::Span &b) {
                       return a.es < b.es || (a.es == b.es && a.op < b.op);
                     });
    return res;
  } catch (const z3::exception &e) {
    res.kind = Result::Kind::Unknown;
    res.why = std::string("z3: ") + e.msg();
    return res;
  }
}

std::string TokenConstraints::describe(const Result &r,
                                       const std::vector<unsigned> &only,
                                       unsigned limit) const {
  std::string out;
  unsigned shown = 0, left = 0;
  for (const Result::Span &sp : r.schedule) {
    if (!only.empty() && std::find(only.begin(), only.end(), sp.op) == only.end())
      continue;
    if (shown == limit) {
      ++left;
      continue;
    }
    ++shown;
    if (!out.empty())
      out += ", ";
    const Op &o = ops[sp.op];
    out += o.name + " runs " + std::to_string(sp.es) + "-" +
           std::to_string(sp.ee) + " (holds its resources " +
           std::to_string(sp.rs) + "-" + std::to_string(sp.re);
    if (sp.x && sp.y && o.width && o.height)
      out += ", columns " + std::to_string(*sp.x) + "-" +
             std::to_string(*sp.x + *o.width - 1) + ", rows " +
             std::to_string(*sp.y) + "-" + std::to_string(*sp.y + *o.height - 1);
    out += ")";
  }
  if (left)
    out += ", and " + std::to_string(left) + " more";
  return out;
}
