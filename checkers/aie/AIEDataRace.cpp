//===- AIEDataRace.cpp - no core touches a buffer a BD may be moving ------===//
//
// Issue 22 at the aie level: a core reading or writing an aie.buffer while
// a DMA BD of the same buffer may run (no lock between them) is a race: the
// core computes on half-arrived data, or the DMA sends half-written data.
// The agents are the dispatch model's (analyses/aie/DispatchModel): a core
// is at pc k while it runs the code between its lock steps k - 1 and k
// (Proc::touches), a BD chain holds its buffer while it is at the BD's
// Transfer step. A reachable state where a core is at a pc whose code
// touches buffer B and a chain is at a BD of B, one of them writing (an
// S2MM BD writes, a store or a call writes), is a race: the code between
// two lock operations takes any time, so it can overlap the transfer.
// Two cores that touch one buffer (a core's code may use a buffer of a
// neighbour tile: shared L1, SharedL1.h) race the same way: a reachable
// state where both are at code touching it, one of them writing.
// Two cores whose code touches elements apart (neither writes what the
// other touches, analyses/aie/CoreFootprint: the cores of one herd writing
// their own rows of a shared buffer) are no pair.
// The search interleaves the steps of the cores and chains involved in
// full (safeStep reduces only the others). A BD and a core count per
// buffer, not per element: on disjoint halves of one buffer they count as
// a race here, and the finding says so.
//
//===----------------------------------------------------------------------===//
#include "analyses/PolyhedralModel.h"
#include "analyses/aie/CoreFootprint.h"
#include "analyses/aie/DispatchModel.h"
#include "solvers/IslSupport.h"
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include <cstdlib>
#include <map>
#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

std::string bufferName(Operation *buffer) {
  if (auto name = buffer->getAttrOfType<StringAttr>("sym_name"))
    return "buffer @" + name.getValue().str();
  return "the buffer at " + lineColOf(buffer);
}

Operation *bdBuffer(Operation *bd) {
  Value v = bd->getNumOperands() ? bd->getOperand(0) : Value();
  return v ? v.getDefiningOp<aie::BufferOp>() : nullptr;
}

class AIEDataRace : public DispatchChecker {
public:
  llvm::StringRef id() const override { return "aie-data-race"; }
  llvm::StringRef summary() const override {
    return "aie: no core touches a buffer while a BD of that buffer may "
           "move it, one of them writing (every interleaving explored)";
  }
private:
  /// A core and a chain, or (`cores`) two cores, that share a buffer.
  struct Pair {
    size_t core, chain;
    bool cores = false;
  };

  /// Per buffer a core's code touches: whether it writes it.
  static std::map<Operation *, bool> touched(const Proc &core) {
    std::map<Operation *, bool> out;
    for (const auto &seg : core.touches)
      for (const Touch &t : seg)
        out[t.buffer] |= t.writes;
    return out;
  }

  /// Per core (its index in the model), its footprints (CoreFootprint.h),
  /// read once; none where isl gave up.
  IslContext isl;
  std::map<size_t, std::optional<std::map<Operation *, BufferFootprint>>>
      footprints;
  /// Core/core pairs on a shared buffer whose elements are apart.
  size_t apartPairs = 0;

  const std::map<Operation *, BufferFootprint> *footprintOf(const Model &m,
                                                             size_t core) {
    auto [it, fresh] = footprints.try_emplace(core);
    if (fresh) {
      try {
        isl.resetBudget();
        it->second = coreFootprints(m.procs[core].op, isl.get());
      } catch (const isl::exception &) {
        it->second = std::nullopt;
      }
    }
    return it->second ? &*it->second : nullptr;
  }

  /// Whether cores `a` and `b` touch elements of `buffer` apart.
  bool apart(const Model &m, size_t a, size_t b, Operation *buffer) {
    const auto *fa = footprintOf(m, a), *fb = footprintOf(m, b);
    if (!fa || !fb)
      return false;
    auto ia = fa->find(buffer), ib = fb->find(buffer);
    if (ia == fa->end() || ib == fb->end())
      return false;
    try {
      isl.resetBudget();
      return footprintsApart(ia->second, ib->second);
    } catch (const isl::exception &) {
      return false;
    }
  }

  void check(CheckContext &ctx, Device &d) override {
    Model m = buildModel(d, ctx.options.hostPolling);
    footprints.clear();
    apartPairs = 0;
    // The core/chain pairs that share a buffer, one of them writing.
    std::vector<Pair> pairs;
    std::vector<std::map<Operation *, bool>> touchedBy;
    for (const Proc &p : m.procs)
      touchedBy.push_back(p.isCore() ? touched(p)
                                     : std::map<Operation *, bool>());
    for (auto [c, core] : llvm::enumerate(m.procs)) {
      if (!core.isCore())
        continue;
      for (auto [p, chain] : llvm::enumerate(m.procs)) {
        if (chain.kind != AgentKind::Chain)
          continue;
        bool s2mm = isS2MM(chain);
        bool shared = false;
        for (const Step &st : chain.steps)
          if (st.kind == Step::Transfer)
            for (auto &seg : core.touches)
              for (const Touch &t : seg)
                shared |= t.buffer == bdBuffer(st.op) && (t.writes || s2mm);
        if (shared) {
          pairs.push_back({c, p});
        }
      }
      for (size_t o = c + 1; o < m.procs.size(); ++o) {
        if (!m.procs[o].isCore())
          continue;
        bool shared = false, meet = false;
        for (auto &[buffer, writes] : touchedBy[c])
          if (auto it = touchedBy[o].find(buffer); it != touchedBy[o].end())
            if (writes || it->second) {
              meet = true;
              shared |= !apart(m, c, o, buffer);
            }
        if (shared)
          pairs.push_back({c, o, true});
        else if (meet)
          ++apartPairs;
      }
    }
    // A core or chain that could not be modelled may lack its touches:
    // unknown wherever some BD could move a buffer, whatever the pairs
    // found. What the host does not matter here (lockClosure drops it).
    bool anyBD = llvm::any_of(m.procs, [](const Proc &p) {
      return llvm::any_of(p.steps, [](const Step &st) {
        return st.kind == Step::Transfer;
      });
    });
    // Cores whose code uses a buffer of another tile may race each other.
    if (foreignBufferUse(d.op))
      anyBD = true;
    // A chain the model stopped before (or left out: one on a tile placed
    // later) has no steps: any BD of a DMA program counts, where there is
    // a core to race with.
    bool coreHere = false;
    d.op.walk([&](aie::CoreOp) { coreHere = true; });
    if (coreHere)
      d.op.walk([&](aie::DMABDOp bd) {
        if (!aie::enclosingRuntimeSequence(bd))
          anyBD = true;
      });
    if (!m.unknown.empty() && !m.unknownInHost && anyBD) {
      auto diag = emitWarning(d.op.getLoc())
                  << "data race freedom of the array is unknown: " << m.unknown;
      diag.attachNote(m.unknownAt->getLoc()) << "the model of the array stops here";
      return;
    }
    // A runtime task's BD on a buffer of a tile moves it too, and the
    // search does not run runtime tasks (lock_pass_to_c's form): unknown.
    Operation *taskBD = nullptr;
    d.op.walk([&](aie::DMABDOp bd) {
      if (!taskBD && aie::enclosingRuntimeSequence(bd) &&
          bd.getBuffer().getDefiningOp<aie::BufferOp>())
        taskBD = bd;
    });
    bool anyCore = false;
    d.op.walk([&](aie::CoreOp) { anyCore = true; });
    // Runtime tasks' lock operations order what they share with the
    // cores, and the per-pair searches leave the host and its queues out.
    for (const Queue &q : m.queues)
      for (const Task &t : q.tasks)
        if (!taskBD && !t.steps.empty())
          taskBD = t.steps.front().op;
    if (taskBD && anyCore) {
      auto diag = emitWarning(d.op.getLoc())
                  << "data race freedom of the array is unknown: a runtime "
                     "task's BD moves a buffer of a tile, and runtime tasks "
                     "are not searched with the cores";
      diag.attachNote(taskBD->getLoc()) << "this BD";
      return;
    }
    // Pairs apart by their elements need no search.
    std::string apartText =
        apartPairs ? "; " + std::to_string(apartPairs) +
                         " core/core pair(s) on a shared buffer touch "
                         "elements apart (their loads and stores over "
                         "their loops' ranges)"
                   : std::string();
    if (pairs.empty()) {
      if (apartPairs)
        ctx.proved(d.op.getLoc(),
                   "no core touches a buffer while another core may use "
                   "it, one of them writing" + apartText);
      return;
    }
    // One search per pair, with only its core and chain interleaved in full
    // (the others reduced as for deadlock): which pcs two agents can hold
    // at once is preserved for the two visible ones.
    std::set<std::pair<Operation *, Operation *>> reported;
    size_t explored = 0, byInvariant = 0;
    for (const Pair &full : pairs) {
      // AIRCHECK_DATA_RACE_SEARCH_ONLY=1 searches every pair (the
      // differential check of the invariant, bench/data_race_invariant.py).
      static const bool searchOnly =
          std::getenv("AIRCHECK_DATA_RACE_SEARCH_ONLY") != nullptr;
      if (!searchOnly && !full.cores && exclusiveByLocks(m, full)) {
        ++byInvariant;
        continue;
      }
      // Cascade streams hold 1 to kCascadeMaxValues values, and each room
      // reaches other states: every room is searched.
      for (int64_t room = m.cascades.empty() ? 0 : 1;
           room <= (m.cascades.empty() ? 0 : kCascadeMaxValues); ++room) {
        Model mr = m.withCascadeRoom(room);
        // The two with what shares their locks, streams always ready.
        Model sm = lockClosure(mr, full.core, full.chain);
        Pair pr{0, 1};
        std::vector<bool> vis(sm.procs.size(), false);
        vis[pr.core] = vis[pr.chain] = true;
        Search s(sm, vis);
        s.run();
        explored += s.states.size();
        if (!s.unknown.empty()) {
          auto diag = emitWarning(d.op.getLoc())
                      << "data race freedom of the array is unknown: "
                      << s.unknown << " (" << sm.procs[pr.core].name << " and "
                      << sm.procs[pr.chain].name << ")";
          if (s.unknownAt)
            diag.attachNote(s.unknownAt->getLoc()) << "the search stops here";
          return;
        }
        for (size_t i = 0; i < s.states.size(); ++i) {
          const State &st = s.states[i];
          const Proc &core = sm.procs[pr.core], &chain = sm.procs[pr.chain];
          if (full.cores) {
            auto segOf = [&](const Proc &p, int32_t pc) -> const auto & {
              return p.touches[pc < 0 ? p.steps.size() : (size_t)pc];
            };
            const auto &x = segOf(core, st[pr.core]);
            const auto &y = segOf(chain, st[pr.chain]);
            for (const Touch &a : x)
              for (const Touch &b : y)
                if (a.buffer == b.buffer && (a.writes || b.writes) &&
                    reported.insert({a.at, b.at}).second)
                  reportCores(sm, core, chain, a, b, st[pr.core],
                              st[pr.chain], st);
            continue;
          }
          int32_t pc = st[pr.chain];
          if (pc < 0 || chain.steps[pc].kind != Step::Transfer)
            continue;
          Operation *bd = chain.steps[pc].op;
          Operation *buf = bdBuffer(bd);
          int32_t cpc = st[pr.core];
          const auto &seg =
              core.touches[cpc < 0 ? core.steps.size() : (size_t)cpc];
          for (const Touch &t : seg) {
            if (t.buffer != buf || !(t.writes || isS2MM(chain)))
              continue;
            if (!reported.insert({t.at, bd}).second)
              continue;
            report(sm, core, chain, t, bd, cpc, st);
          }
        }
      }
    }
    if (reported.empty()) {
      size_t corePairs =
          llvm::count_if(pairs, [](const Pair &p) { return p.cores; });
      size_t chainPairs = pairs.size() - corePairs;
      ctx.proved(d.op.getLoc(),
                 std::string("no core touches a buffer while a BD of it may "
                             "move it") +
                     (corePairs ? " or another core may use it, one of them "
                                  "writing"
                                : "") +
                     ": " +
                     (chainPairs ? std::to_string(chainPairs) +
                                       " core/BD-chain pair(s)"
                                 : std::string()) +
                     (chainPairs && corePairs ? " and " : "") +
                     (corePairs ? std::to_string(corePairs) +
                                      " core/core pair(s)"
                                : std::string()) +
                     " sharing a buffer, in every interleaving (" +
                     (byInvariant ? std::to_string(byInvariant) +
                                        " by a lock invariant, "
                                  : std::string()) +
                     std::to_string(explored) +
                     " states; the streams, task queues and host taken as "
                     "always ready)" + apartText);
    }
  }

  /// Whether the pair can never be at once at a BD of a buffer they share
  /// and at code touching it, by a lock invariant instead of a search
  /// (issue 20: a core's long loops make the pair's interleavings as many
  /// as its steps). S is the set of locks the chain acquires before and
  /// releases after each such BD; where that does not do, S also takes,
  /// for each acquire of one of its locks, the lock the same agent
  /// releases next (a relay's third lock), while it grows. If every agent acquires and releases S's locks by 1, in turn
  /// (an acquire, then a release, never two held at once; a chain or core
  /// that repeats holds as many at its end as where it repeats from), no
  /// runtime task uses them, and their initial values add up to 1, then
  /// the values of S plus the agents holding one add up to 1 in every
  /// state (an acquire moves a unit from a value to its agent, a release
  /// back): at most one agent holds one at a time. The chain holds one at
  /// each such BD and the core in each such code: never both at once.
  /// AIE2 locks only (an AIE1 release sets a value).
  bool exclusiveByLocks(const Model &m, const Pair &pr) const {
    if (m.aie1)
      return false;
    const Proc &core = m.procs[pr.core], &chain = m.procs[pr.chain];
    bool s2mm = isS2MM(chain);
    std::set<Operation *> shared;
    for (const Step &st : chain.steps)
      if (st.kind == Step::Transfer)
        for (const auto &seg : core.touches)
          for (const Touch &t : seg)
            if (t.buffer == bdBuffer(st.op) && (t.writes || s2mm))
              shared.insert(t.buffer);
    auto isLock = [](const Step &st) {
      return st.kind == Step::Acquire || st.kind == Step::Release ||
             st.kind == Step::AcquireEqual || st.kind == Step::ReleaseSet;
    };
    // The nearest step of p before (dir -1) or at/after (dir +1) position
    // `at` that `wanted` picks, wrapping where p repeats; -1 for none.
    auto nearestWhere = [&](const Proc &p, int at, int dir,
                            llvm::function_ref<bool(const Step &)> wanted) {
      int n = p.steps.size();
      for (int k = 0, i = dir < 0 ? at - 1 : at; k <= n; ++k, i += dir) {
        if (i < 0 || i >= n) {
          if (p.loopTo < 0)
            return -1;
          i = i < 0 ? n - 1 : p.loopTo;
        }
        if (wanted(p.steps[i]))
          return i;
      }
      return -1;
    };
    auto nearest = [&](const Proc &p, int at, int dir) {
      return nearestWhere(p, at, dir, isLock);
    };
    // S starts as the locks around the chain's BDs of the shared buffers.
    std::set<int> S;
    std::vector<int> chainAt, coreAt;
    for (auto [t, st] : llvm::enumerate(chain.steps))
      if (st.kind == Step::Transfer && shared.count(bdBuffer(st.op))) {
        int before = nearest(chain, t, -1), after = nearest(chain, t, +1);
        if (before < 0 || after < 0 ||
            chain.steps[before].kind != Step::Acquire ||
            chain.steps[after].kind != Step::Release)
          return false;
        S.insert(chain.steps[before].lock);
        S.insert(chain.steps[after].lock);
        chainAt.push_back(t);
      }
    for (auto [k, seg] : llvm::enumerate(core.touches))
      if (llvm::any_of(seg, [&](const Touch &t) {
            return shared.count(t.buffer);
          }))
        coreAt.push_back(k);
    // Per agent: how many of S it holds before each step (and at its end).
    auto holding = [&](const Proc &p, std::vector<int> &held) {
      held.assign(p.steps.size() + 1, 0);
      int h = 0;
      for (auto [i, st] : llvm::enumerate(p.steps)) {
        held[i] = h;
        if (!isLock(st) || !S.count(st.lock))
          continue;
        if (st.value != 1 ||
            (st.kind != Step::Acquire && st.kind != Step::Release))
          return false;
        h += st.kind == Step::Acquire ? 1 : -1;
        if (h < 0 || h > 1)
          return false;
      }
      held.back() = h;
      return p.loopTo < 0 || held[p.loopTo] == h;
    };
    auto holds = [&]() {
      int64_t total = 0;
      for (int l : S)
        total += m.locks[l].init;
      if (total != 1)
        return false;
      std::vector<int> held, coreHeld, chainHeld;
      for (auto [i, p] : llvm::enumerate(m.procs)) {
        std::vector<int> &h =
            i == pr.core ? coreHeld : i == pr.chain ? chainHeld : held;
        if (!holding(p, h))
          return false;
      }
      for (const Queue &q : m.queues)
        for (const Task &t : q.tasks)
          for (const Step &st : t.steps)
            if (isLock(st) && S.count(st.lock))
              return false;
      return llvm::all_of(chainAt,
                          [&](int t) { return chainHeld[t] == 1; }) &&
             llvm::all_of(coreAt, [&](int k) { return coreHeld[k] == 1; });
    };
    // Else S takes, for every acquire of one of its locks, the lock its
    // agent releases next (a relay's third lock), while it grows.
    for (size_t round = 0; round <= m.locks.size(); ++round) {
      if (holds())
        return true;
      size_t before = S.size();
      for (const Proc &p : m.procs)
        for (auto [i, st] : llvm::enumerate(p.steps)) {
          if (st.kind != Step::Acquire || !S.count(st.lock))
            continue;
          int j = nearestWhere(p, i + 1, +1, [](const Step &x) {
            return x.kind == Step::Release;
          });
          if (j >= 0)
            S.insert(p.steps[j].lock);
        }
      if (S.size() == before)
        return false;
    }
    return false;
  }

  static bool isS2MM(const Proc &chain) {
    if (auto dma = dyn_cast_or_null<aie::DMAOp>(chain.op))
      return dma.getChannelDir() == aie::DMAChannelDir::S2MM;
    auto start = dyn_cast_or_null<aie::DMAStartOp>(chain.op);
    return start && start.getChannelDir() == aie::DMAChannelDir::S2MM;
  }

  /// Where a core is, in words, at pc `pc`.
  static std::string whereIs(const Proc &core, int32_t pc) {
    if (pc < 0)
      return "after its last lock operation";
    if (pc == 0)
      return "before its first lock operation";
    return "after its lock operation at " + lineColOf(core.steps[pc - 1].op);
  }

  static std::string lockValues(const Model &m, const State &st) {
    std::string locks;
    for (auto [l, info] : llvm::enumerate(m.locks)) {
      if (!locks.empty())
        locks += ", ";
      locks += info.name + " = " + std::to_string(st[m.procs.size() + l]);
    }
    return locks;
  }

  void reportCores(const Model &m, const Proc &a, const Proc &b,
                   const Touch &ta, const Touch &tb, int32_t pa, int32_t pb,
                   const State &st) {
    auto diag = ta.at->emitError()
                << "aie data race: " << a.name << " "
                << (ta.writes ? "writes " : "reads ") << bufferName(ta.buffer)
                << " here while " << b.name << " may be "
                << (tb.writes ? "writing" : "reading")
                << " it: no lock orders the two cores' code";
    diag.attachNote(tb.at->getLoc())
        << "the other core's " << (tb.writes ? "write" : "read");
    std::string locks = lockValues(m, st);
    diag.attachNote(ta.at->getLoc())
        << "a reachable state: " << a.name << " is " << whereIs(a, pa)
        << ", " << b.name << " " << whereIs(b, pb)
        << (locks.empty() ? "" : "; locks: ") << locks;
    diag.attachNote(ta.at->getLoc())
        << "hint: give the cores turns with the buffer: each acquires a lock "
           "before touching it and releases the other's after, or have them "
           "touch elements apart (read from each core's loads and stores; "
           "an op read no finer, a view or a call, counts the whole "
           "buffer)";
  }

  void report(const Model &m, const Proc &core, const Proc &chain,
              const Touch &t, Operation *bd, int32_t cpc, const State &st) {
    bool s2mm = isS2MM(chain);
    auto diag = t.at->emitError()
                << "aie data race: " << core.name << " "
                << (t.writes ? "writes " : "reads ") << bufferName(t.buffer)
                << " here while " << chain.name << " may be "
                << (s2mm ? "writing into it" : "reading it")
                << " (its BD at " << lineColOf(bd)
                << "): no lock orders the two, so the code between the core's "
                   "lock operations can overlap the transfer";
    diag.attachNote(bd->getLoc())
        << "the BD that moves " << bufferName(t.buffer) << " at the same time";
    std::string after =
        cpc <= 0 ? std::string("before its first lock operation")
                 : "after its lock operation at " +
                       lineColOf(core.steps[cpc - 1].op);
    if (cpc < 0)
      after = "after its last lock operation";
    std::string locks;
    for (auto [l, info] : llvm::enumerate(m.locks)) {
      if (!locks.empty())
        locks += ", ";
      locks += info.name + " = " + std::to_string(st[m.procs.size() + l]);
    }
    diag.attachNote(t.at->getLoc())
        << "a reachable state: the core is " << after
        << ", the chain is at the BD" << (locks.empty() ? "" : "; locks: ")
        << locks;
    diag.attachNote(t.at->getLoc())
        << "hint: before touching the buffer, acquire the lock the chain "
           "releases after this BD, and release the one it acquires before "
           "it when done (the buffer per element is not modelled: disjoint "
           "parts of one buffer count as one)";
  }
};

} // namespace

std::unique_ptr<Checker> aircheck::createAIEDataRace() {
  return std::make_unique<AIEDataRace>();
}
