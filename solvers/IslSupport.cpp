//===- IslSupport.cpp ------------------------------------------------------===//
#include "solvers/IslSupport.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/ScopeExit.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

using namespace aircheck;
using aircheck::islx::checked;

static unsigned long defaultMaxOperations = 20'000'000;
static std::chrono::milliseconds defaultLimit = std::chrono::seconds(60);

namespace {
/// The process's one watcher of isl's wall-clock limits: per context, the
/// end of its current step (IslContext) and of its whole deadline
/// (IslDeadline). It aborts a context when either passes. Every access to
/// an entry, and every abort and resume, holds the watch's mutex, so a
/// context is never aborted after it was freed or resumed by mistake.
class Watch {
public:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    std::optional<Clock::time_point> step, whole;
    bool stepFired = false, wholeFired = false;
    bool aborted() const { return stepFired || wholeFired; }
  };

  static Watch &get() {
    // Never destroyed: its thread waits for the process's end.
    static Watch *watch = [] {
      auto *w = new Watch;
      std::thread([w] { w->run(); }).detach();
      return w;
    }();
    return *watch;
  }

  /// Runs `f` on the entry of `ctx` under the mutex, then wakes the thread.
  template <typename F> auto with(isl_ctx *ctx, F f) {
    std::lock_guard<std::mutex> lock(mutex);
    struct Wake {
      std::condition_variable &cv;
      ~Wake() { cv.notify_one(); }
    } wake{changed};
    return f(entries[ctx]);
  }
  void forget(isl_ctx *ctx) {
    std::lock_guard<std::mutex> lock(mutex);
    entries.erase(ctx);
  }
  /// Whether some context is aborted by its step's limit now.
  bool anyStepFired() {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto &entry : entries)
      if (entry.second.stepFired)
        return true;
    return false;
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      Clock::time_point now = Clock::now();
      std::optional<Clock::time_point> next;
      auto watch = [&](isl_ctx *ctx, Entry &e,
                       std::optional<Clock::time_point> &end, bool &fired) {
        if (!end || fired)
          return;
        if (*end <= now) {
          if (!e.aborted())
            isl_ctx_abort(ctx);
          fired = true;
        } else if (!next || *end < *next) {
          next = end;
        }
      };
      for (auto &[ctx, e] : entries) {
        watch(ctx, e, e.step, e.stepFired);
        watch(ctx, e, e.whole, e.wholeFired);
      }
      if (next)
        changed.wait_until(lock, *next);
      else
        changed.wait(lock);
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::map<isl_ctx *, Entry> entries;
};
} // namespace

void IslContext::setDefaultMaxOperations(unsigned long n) {
  defaultMaxOperations = n;
}
void IslContext::setDefaultTimeLimit(std::chrono::milliseconds limit) {
  defaultLimit = limit;
}
std::chrono::milliseconds IslContext::defaultTimeLimit() {
  return defaultLimit;
}

IslContext::IslContext(unsigned long maxOperations) : raw(isl_ctx_alloc()) {
  isl_options_set_on_error(raw, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(raw, maxOperations ? maxOperations
                                                : defaultMaxOperations);
  if (defaultLimit.count() > 0)
    Watch::get().with(raw, [&](Watch::Entry &e) {
      e.step = Watch::Clock::now() + defaultLimit;
    });
}

IslContext::~IslContext() {
  Watch::get().forget(raw);
  isl_ctx_free(raw);
}

void IslContext::resetBudget() {
  if (defaultLimit.count() > 0)
    Watch::get().with(raw, [&](Watch::Entry &e) {
      if (e.stepFired && !e.wholeFired)
        isl_ctx_resume(raw);
      e.stepFired = false;
      e.step = Watch::Clock::now() + defaultLimit;
    });
  isl_ctx_reset_operations(raw);
  isl_ctx_reset_error(raw);
}

bool IslContext::timedOut() const {
  return Watch::get().with(raw,
                           [](Watch::Entry &e) { return e.aborted(); });
}

IslDeadline::IslDeadline(isl_ctx *ctx, std::chrono::milliseconds limit)
    : ctx(ctx) {
  Watch::get().with(ctx, [&](Watch::Entry &e) {
    e.whole = Watch::Clock::now() + limit;
    e.wholeFired = false;
  });
}

IslDeadline::~IslDeadline() {
  bool fired = Watch::get().with(ctx, [&](Watch::Entry &e) {
    bool fired = e.wholeFired;
    if (fired && !e.stepFired)
      isl_ctx_resume(ctx);
    e.whole.reset();
    e.wholeFired = false;
    return fired;
  });
  if (fired)
    isl_ctx_reset_error(ctx);
}

bool IslDeadline::expired() const {
  return Watch::get().with(ctx, [](Watch::Entry &e) { return e.wholeFired; });
}

std::string islx::reason(const isl::exception &e) {
  // An aborted context fails in whatever way the call in progress fails
  // (the parser reports a syntax error), so the exception's kind does not
  // tell; the watch does. air-check runs isl on one thread, so a context
  // aborted now is the one that threw.
  if (dynamic_cast<const isl::exception_abort *>(&e) ||
      Watch::get().anyStepFired()) {
    long ms = IslContext::defaultTimeLimit().count();
    std::string limit = ms % 1000 ? std::to_string(ms) + " ms"
                                  : std::to_string(ms / 1000) + " s";
    return "the time limit of " + limit + " per isl step passed";
  }
  return e.what();
}

PwQPoly::PwQPoly(const PwQPoly &o) : p(o.p ? isl_pw_qpolynomial_copy(o.p) : nullptr) {}
PwQPoly &PwQPoly::operator=(PwQPoly o) {
  std::swap(p, o.p);
  return *this;
}
PwQPoly::~PwQPoly() {
  if (p)
    isl_pw_qpolynomial_free(p);
}

static void check(isl_pw_qpolynomial *p) {
  if (!p)
    isl::exception::throw_error(isl_error_quota,
                                "isl quasi-polynomial operation failed",
                                __FILE__, __LINE__);
}

isl::space islx::paramSpace(isl::ctx ctx) {
  return isl::manage(checked(ctx.get(), isl_space_params_alloc(ctx.get(), 0)));
}
isl::space islx::setSpace(isl::ctx ctx, unsigned n) {
  return isl::manage(checked(ctx.get(), isl_space_set_alloc(ctx.get(), 0, n)));
}
isl::pw_multi_aff islx::reparsed(const isl::pw_multi_aff &f) {
  // An empty function prints as "{  }", which names no space to read back.
  if (isl_pw_multi_aff_n_piece(f.get()) == 0)
    return f;
  char *text = checked(f.ctx().get(), isl_pw_multi_aff_to_str(f.get()));
  isl::pw_multi_aff out(f.ctx(), text);
  free(text);
  return out;
}

isl::set islx::projectOut(isl::set s, unsigned pos) {
  isl_ctx *ctx = s.ctx().get();
  return isl::manage(
      checked(ctx, isl_set_project_out(s.release(), isl_dim_set, pos, 1)));
}
isl::map islx::projectOutIn(isl::map m, unsigned pos) {
  isl_ctx *ctx = m.ctx().get();
  return isl::manage(
      checked(ctx, isl_map_project_out(m.release(), isl_dim_in, pos, 1)));
}
isl::set islx::nonnegSet(isl::pw_aff a) {
  isl_ctx *ctx = a.ctx().get();
  return isl::manage(checked(ctx, isl_pw_aff_nonneg_set(a.release())));
}
std::vector<std::string> islx::coordinates(const isl::point &pt, isl_dim_type type) {
  std::vector<std::string> out;
  isl_space *sp = isl_point_get_space(pt.get());
  for (int i = 0, e = isl_space_dim(sp, type); i < e; ++i) {
    isl_val *v = isl_point_get_coordinate_val(pt.get(), type, i);
    char *s = isl_val_to_str(v);
    out.push_back(s ? s : "?");
    free(s);
    isl_val_free(v);
  }
  isl_space_free(sp);
  return out;
}

isl::pw_aff islx::constantOn(isl::set domain, long v) {
  isl_ctx *ctx = isl_set_get_ctx(domain.get());
  return isl::manage(checked(
      ctx, isl_pw_aff_val_on_domain(domain.release(), isl_val_int_from_si(ctx, v))));
}

PwQPoly PwQPoly::zero(isl::space paramSpace) { return constant(paramSpace, 0); }

PwQPoly PwQPoly::fromPwAff(isl::pw_aff a) {
  isl_pw_qpolynomial *q = isl_pw_qpolynomial_from_pw_aff(a.release());
  check(q);
  return PwQPoly(q);
}

PwQPoly PwQPoly::constant(isl::space paramSpace, long v) {
  // Over the parameter domain itself, as isl gives pw_affs of `{ [(e)] }`.
  isl_ctx *ctx = paramSpace.ctx().get();
  return fromPwAff(islx::constantOn(
      isl::manage(islx::checked(ctx, isl_set_universe(paramSpace.release()))), v));
}

#define AIRCHECK_QP_BINOP(OP, FN)                                              \
  PwQPoly PwQPoly::operator OP(const PwQPoly &o) const {                       \
    isl_pw_qpolynomial *a = isl_pw_qpolynomial_copy(p);                        \
    isl_pw_qpolynomial *b = isl_pw_qpolynomial_copy(o.p);                      \
    isl_pw_qpolynomial *r = FN(a, b);                                          \
    check(r);                                                                  \
    return PwQPoly(r);                                                         \
  }
AIRCHECK_QP_BINOP(+, isl_pw_qpolynomial_add)
AIRCHECK_QP_BINOP(-, isl_pw_qpolynomial_sub)
AIRCHECK_QP_BINOP(*, isl_pw_qpolynomial_mul)
#undef AIRCHECK_QP_BINOP

bool PwQPoly::isZeroOn(isl::set context) const {
  isl_pw_qpolynomial *g =
      isl_pw_qpolynomial_gist_params(isl_pw_qpolynomial_copy(p), context.release());
  check(g);
  isl_bool z = isl_pw_qpolynomial_is_zero(g);
  isl_pw_qpolynomial_free(g);
  return z == isl_bool_true;
}

std::optional<long> PwQPoly::evalAt(isl::point pt) const {
  isl_val *v = isl_pw_qpolynomial_eval(isl_pw_qpolynomial_copy(p), pt.release());
  if (!v)
    return std::nullopt;
  std::optional<long> out;
  if (isl_val_is_int(v))
    out = isl_val_get_num_si(v);
  isl_val_free(v);
  return out;
}


bool PwQPoly::involvesParams() const {
  isl_space *sp = isl_pw_qpolynomial_get_space(p);
  isl_size n = isl_space_dim(sp, isl_dim_param);
  isl_space_free(sp);
  return n > 0 &&
         isl_pw_qpolynomial_involves_dims(p, isl_dim_param, 0, n) == isl_bool_true;
}

bool PwQPoly::involvesParam(unsigned i) const {
  return isl_pw_qpolynomial_involves_dims(p, isl_dim_param, i, 1) ==
         isl_bool_true;
}

std::string islx::statementKey(const isl::space &set) {
  // isl tells spaces apart by tuple and dimension, not by dims' names.
  const char *tuple = isl_space_get_tuple_name(set.get(), isl_dim_set);
  return std::string(tuple ? tuple : "") + "/" +
         std::to_string(isl_space_dim(set.get(), isl_dim_set));
}

namespace {
/// The statement-level graph of a wait relation: one node per space, an edge
/// where some instance of one waits for some instance of the other. Every
/// cycle of instances projects onto a closed walk of statements, which lies
/// within one strongly connected component.
struct StatementGraph {
  struct Node {
    std::vector<Node *> succ;
    unsigned index = 0;
  };
  std::deque<Node> nodes;
  Node root; // an edge to every statement, so that one walk visits all

  Node &node(std::map<std::string, Node *> &bySpace, isl::space space) {
    std::string key = islx::statementKey(space);
    auto it = bySpace.find(key);
    if (it != bySpace.end())
      return *it->second;
    nodes.emplace_back();
    nodes.back().index = nodes.size() - 1;
    bySpace[key] = &nodes.back();
    root.succ.push_back(&nodes.back());
    return nodes.back();
  }
};
} // namespace

namespace llvm {
template <> struct GraphTraits<StatementGraph *> {
  using NodeRef = StatementGraph::Node *;
  using ChildIteratorType = std::vector<NodeRef>::iterator;
  static NodeRef getEntryNode(StatementGraph *g) { return &g->root; }
  static ChildIteratorType child_begin(NodeRef n) { return n->succ.begin(); }
  static ChildIteratorType child_end(NodeRef n) { return n->succ.end(); }
};
} // namespace llvm

/// Removes statements that only pass waits on: a statement v without waits
/// to itself is replaced by an edge u -> w (the composition) for every pair
/// of waits u -> v and v -> w. A cycle of instances through v passes it by
/// one wait in and one out, so the graph has a cycle exactly when it had
/// one; a statement is removed only while that does not add edges.
static void eliminatePassThrough(
    std::map<std::pair<unsigned, unsigned>, isl::map> &edges) {
  while (true) {
    std::map<unsigned, std::pair<unsigned, unsigned>> degree; // in, out
    std::set<unsigned> looped;
    for (auto &[ends, m] : edges) {
      ++degree[ends.second].first;
      ++degree[ends.first].second;
      if (ends.first == ends.second)
        looped.insert(ends.first);
    }
    std::optional<unsigned> best;
    long bestGrowth = 1;
    for (auto &[v, d] : degree) {
      long growth = long(d.first) * d.second - d.first - d.second;
      if (!looped.count(v) && growth < bestGrowth) {
        best = v;
        bestGrowth = growth;
      }
    }
    if (!best || degree.size() <= 2)
      return;
    std::vector<std::pair<unsigned, isl::map>> in, out;
    for (auto it = edges.begin(); it != edges.end();) {
      if (it->first.second == *best)
        in.push_back({it->first.first, it->second});
      else if (it->first.first == *best)
        out.push_back({it->first.second, it->second});
      else {
        ++it;
        continue;
      }
      it = edges.erase(it);
    }
    for (auto &[u, into] : in)
      for (auto &[w, from] : out) {
        isl::map through = into.apply_range(from).coalesce();
        if (through.is_empty())
          continue;
        auto [it, added] = edges.insert({{u, w}, through});
        if (!added)
          it->second = it->second.unite(through).coalesce();
      }
  }
}

/// One strongly connected component: a schedule of its statements that puts
/// each of its waits strictly forward in time (checked, not trusted).
static bool scheduleComponent(const isl::union_set &events,
                              const isl::union_map &waits) {
  isl::schedule schedule = isl::schedule_constraints::on_domain(events)
                               .set_validity(waits)
                               .compute_schedule();
  isl::union_map time = schedule.get_map();
  // The waits as pairs of times (one space), all lexicographically
  // increasing.
  isl::union_map steps = waits.apply_domain(time).apply_range(time);
  bool forward = true;
  steps.foreach_map([&](isl::map m) {
    isl::map lt = isl::manage(isl_map_lex_lt(m.get_space().domain().release()));
    forward = forward && m.is_subset(lt);
  });
  return forward && waits.domain().is_subset(time.domain()) &&
         waits.range().is_subset(time.domain()) &&
         events.is_subset(time.domain());
}

std::vector<isl::union_map>
islx::cyclicComponents(const isl::union_set &events,
                       const isl::union_map &waits) {
  // Only waits inside one component can close a cycle: the others are
  // dropped, which keeps each problem as small as the program's loops of
  // waits.
  StatementGraph g;
  std::map<std::string, StatementGraph::Node *> bySpace;
  std::vector<std::pair<isl::map, std::pair<unsigned, unsigned>>> edges;
  waits.foreach_map([&](isl::map m) {
    isl::space sp = m.get_space();
    StatementGraph::Node &from = g.node(bySpace, sp.domain());
    StatementGraph::Node &to = g.node(bySpace, sp.range());
    from.succ.push_back(&to);
    edges.push_back({m, {from.index, to.index}});
  });
  std::vector<int> component(g.nodes.size(), -1);
  std::vector<bool> cyclic;
  for (auto it = llvm::scc_begin(&g); !it.isAtEnd(); ++it) {
    if (it->size() == 1 && *it->begin() == &g.root)
      continue;
    for (StatementGraph::Node *n : *it)
      component[n->index] = cyclic.size();
    cyclic.push_back(it.hasCycle());
  }
  std::vector<isl::union_map> inner(cyclic.size());
  for (auto &[m, ends] : edges) {
    int c = component[ends.first];
    if (c < 0 || c != component[ends.second] || !cyclic[c])
      continue;
    inner[c] = inner[c].is_null() ? isl::union_map(m) : inner[c].unite(m);
  }
  std::vector<isl::union_map> out;
  for (unsigned c = 0; c < cyclic.size(); ++c) {
    if (inner[c].is_null())
      continue;
    // Over the events' instances only, then without the statements that
    // only pass waits on.
    isl::union_map here = inner[c].intersect_domain(events).intersect_range(
        events);
    std::map<std::pair<unsigned, unsigned>, isl::map> byEnds;
    std::map<std::string, unsigned> ids;
    auto id = [&](isl::space sp) {
      return ids.emplace(islx::statementKey(sp), ids.size()).first->second;
    };
    here.foreach_map([&](isl::map m) {
      std::pair<unsigned, unsigned> ends{id(m.get_space().domain()),
                                         id(m.get_space().range())};
      auto [it, added] = byEnds.insert({ends, m});
      if (!added)
        it->second = it->second.unite(m);
    });
    eliminatePassThrough(byEnds);
    isl::union_map reduced = isl::union_map::empty(waits.ctx());
    for (auto &[ends, m] : byEnds)
      reduced = reduced.unite(m);
    if (!reduced.is_empty())
      out.push_back(reduced);
  }
  return out;
}

bool islx::scheduleOrdersEveryWait(const isl::union_set &events,
                                   const isl::union_map &waits) {
  isl_ctx *raw = events.ctx().get();
  int algorithm = isl_options_get_schedule_algorithm(raw);
  int serialize = isl_options_get_schedule_serialize_sccs(raw);
  isl_options_set_schedule_algorithm(raw, ISL_SCHEDULE_ALGORITHM_FEAUTRIER);
  isl_options_set_schedule_serialize_sccs(raw, 1);
  llvm::scope_exit restore([&] {
    isl_options_set_schedule_algorithm(raw, algorithm);
    isl_options_set_schedule_serialize_sccs(raw, serialize);
  });
  for (const isl::union_map &here : cyclicComponents(events, waits)) {
    isl::union_set statements = here.domain().unite(here.range());
    isl::union_set domain =
        events.intersect(isl::union_set(statements.universe()));
    if (!scheduleComponent(domain, here))
      return false;
  }
  return true;
}
