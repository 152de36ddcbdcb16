//===- MaxConcurrency.cpp ---------------------------------------------------===//
#include "solvers/MaxConcurrency.h"

#include <z3++.h>

using namespace aircheck;

unsigned MaxConcurrency::addEvent() { return events++; }

void MaxConcurrency::order(unsigned before, unsigned after) {
  edges.push_back({before, after});
}

void MaxConcurrency::addItem(unsigned start, unsigned end, int64_t weight) {
  items.push_back({start, end, weight});
}

void MaxConcurrency::addSpanningItem(
    const std::vector<std::pair<unsigned, unsigned>> &spans, int64_t weight) {
  unsigned first = addEvent(), last = addEvent();
  std::vector<unsigned> starts, ends;
  for (auto [s, e] : spans) {
    starts.push_back(s);
    ends.push_back(e);
  }
  minOf.push_back({first, starts});
  maxOf.push_back({last, ends});
  addItem(first, last, weight);
}

void MaxConcurrency::exclusive(unsigned a, unsigned b) { exclusions.push_back({a, b}); }

MaxConcurrency::Result MaxConcurrency::solve(unsigned timeoutMs) const {
  Result r;
  if (items.empty()) {
    r.peak = 0;
    return r;
  }
  try {
    z3::context c;
    z3::optimize opt(c);
    z3::params p(c);
    p.set("timeout", timeoutMs);
    opt.set(p);
    std::vector<z3::expr> t;
    for (unsigned e = 0; e < events; ++e)
      t.push_back(c.real_const(("t" + std::to_string(e)).c_str()));
    for (auto [a, b] : edges)
      opt.add(t[a] <= t[b]);
    // first = min(starts), last = max(ends).
    for (auto &[first, of] : minOf) {
      z3::expr_vector any(c);
      for (unsigned e : of) {
        opt.add(t[first] <= t[e]);
        any.push_back(t[first] == t[e]);
      }
      opt.add(z3::mk_or(any));
    }
    for (auto &[last, of] : maxOf) {
      z3::expr_vector any(c);
      for (unsigned e : of) {
        opt.add(t[e] <= t[last]);
        any.push_back(t[last] == t[e]);
      }
      opt.add(z3::mk_or(any));
    }
    z3::expr witness = c.real_const("now");
    z3::expr total = c.int_val(0);
    std::vector<z3::expr> live;
    for (unsigned i = 0; i < items.size(); ++i) {
      const Item &it = items[i];
      opt.add(t[it.start] < t[it.end]);
      z3::expr b = c.bool_const(("live" + std::to_string(i)).c_str());
      opt.add(z3::implies(b, t[it.start] <= witness && witness < t[it.end]));
      total = total + z3::ite(b, c.int_val(it.weight), c.int_val(0));
      live.push_back(b);
    }
    for (auto [a, b] : exclusions)
      opt.add(!(live[a] && live[b]));
    opt.maximize(total);
    if (opt.check() != z3::sat) {
      r.why = "z3 did not find the peak within " + std::to_string(timeoutMs) + " ms";
      return r;
    }
    z3::model m = opt.get_model();
    int64_t peak = 0;
    for (unsigned i = 0; i < items.size(); ++i)
      if (m.eval(live[i], true).is_true()) {
        peak += items[i].weight;
        r.items.push_back(i);
      }
    r.peak = peak;
  } catch (const z3::exception &e) {
    r.why = std::string("z3: ") + e.msg();
  }
  return r;
}
