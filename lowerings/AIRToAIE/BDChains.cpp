//===- BDChains.cpp - each endpoint's BD chain and its lock actions -------===//
#include "lowerings/AIRToAIE/BDChains.h"

#include "lowerings/AIRToAIE/Refusal.h"

#include <map>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// The shortest p with same(i, i mod p) for every i < n (n when there is
/// none shorter): n less the longest proper border (Knuth-Morris-Pratt's
/// prefix function), in O(n) calls of `same`, an equivalence.
static size_t shortestPeriod(size_t n,
                             llvm::function_ref<bool(size_t, size_t)> same) {
  if (n == 0)
    return 0;
  std::vector<size_t> border(n, 0);
  for (size_t i = 1; i < n; ++i) {
    size_t k = border[i - 1];
    while (k > 0 && !same(i, k))
      k = border[k - 1];
    if (same(i, k))
      ++k;
    border[i] = k;
  }
  return n - border[n - 1];
}

size_t aircheck::npu::chainPeriod(const std::vector<BD> &seq) {
  return shortestPeriod(seq.size(),
                        [&](size_t i, size_t j) { return seq[i] == seq[j]; });
}

static Operation *allocOrFunc(const TransferPlan &plan, const BufferRef &b) {
  func::FuncOp f = plan.func;
  return b.alloc ? b.alloc : f.getOperation();
}

namespace {
/// A transfer of an endpoint on a buffer: the endpoint's `position`-th.
struct Touch {
  unsigned endpoint, position;
  uint64_t order;
  bool write;
};

/// Every element a transfer touches, as linear addresses (an odometer over
/// its sizes). Gives up (false) past `budget` elements in all.
bool forEachElement(const Access &a, MemRefType type, int64_t &budget,
                    llvm::function_ref<bool(int64_t)> f) {
  ExplicitPattern p = explicitPattern(a, type);
  ArrayRef<int64_t> sizes = p.sizes, strides = p.strides;
  int64_t base = p.base(), n = p.count();
  if ((budget -= n) < 0)
    return false;
  SmallVector<int64_t, 4> i(sizes.size(), 0);
  for (int64_t c = 0; c < n; ++c) {
    int64_t addr = base;
    for (size_t k = 0; k < sizes.size(); ++k)
      addr += i[k] * strides[k];
    if (!f(addr))
      return false;
    for (int k = static_cast<int>(sizes.size()) - 1; k >= 0; --k) {
      if (++i[k] < sizes[k])
        break;
      i[k] = 0;
    }
  }
  return true;
}

/// `as` (one endpoint's transfers, in order) as one BD, when they move one
/// shape and their starts step through the buffer as an odometer of
/// constant positive strides (a loop nest over the transfers: the innermost
/// run of one step, blocks of that run stepping by another, and so on), and
/// the BD stays within `maxDims` dimensions.
std::optional<Access> foldedAccess(ArrayRef<Access> as, MemRefType type,
                                   int64_t maxDims) {
  if (as.size() < 2 ||
      llvm::any_of(as, [](const Access &a) { return !a.padBefore.empty(); }))
    return std::nullopt; // a padded BD pads its own dimensions only
  auto linear = [&](const Access &a) {
    BDPattern p = bdPattern(a, type);
    return std::make_tuple(p.offset, p.len, p.sizes, p.strides);
  };
  auto [o0, l0, s0, t0] = linear(as[0]);
  std::vector<int64_t> starts;
  for (const Access &a : as) {
    auto [o, l, sz, st] = linear(a);
    if (l != l0 || sz != s0 || st != t0)
      return std::nullopt;
    starts.push_back(o);
  }
  // The loop nest, innermost first: (count, step).
  std::vector<std::pair<int64_t, int64_t>> loops;
  while (starts.size() > 1) {
    int64_t step = starts[1] - starts[0];
    if (step <= 0)
      return std::nullopt;
    size_t run = 1;
    while (run < starts.size() && starts[run] - starts[run - 1] == step)
      ++run;
    if (starts.size() % run)
      return std::nullopt;
    std::vector<int64_t> outer;
    for (size_t j = 0; j < starts.size(); j += run) {
      for (size_t i = 0; i < run; ++i)
        if (starts[j + i] != starts[j] + static_cast<int64_t>(i) * step)
          return std::nullopt;
      outer.push_back(starts[j]);
    }
    loops.push_back({static_cast<int64_t>(run), step});
    starts = std::move(outer);
  }
  Access f = as[0];
  // The BD's pattern: the loops outermost, then the transfers' shape.
  f.offsets.assign(1, o0);
  f.sizes.assign(1, 1);
  f.strides.assign(1, 1);
  for (auto it = loops.rbegin(); it != loops.rend(); ++it) {
    f.offsets.push_back(0);
    f.sizes.push_back(it->first);
    f.strides.push_back(it->second);
  }
  if (s0.empty()) {
    f.offsets.push_back(0);
    f.sizes.push_back(l0);
    f.strides.push_back(1);
  } else {
    for (auto [sz, st] : llvm::zip(s0, t0)) {
      f.offsets.push_back(0);
      f.sizes.push_back(sz);
      f.strides.push_back(st);
    }
  }
  if (maxDims && static_cast<int64_t>(bdPattern(f, type).sizes.size()) > maxDims)
    return std::nullopt;
  return f;
}

/// Whether every stream in `ts` (the touches of buffer `b`) touches `b`
/// alone: its order can then change with `b`'s protocol.
bool streamsTouchOnly(const TransferPlan &plan, unsigned b,
                      ArrayRef<Touch> ts) {
  std::set<unsigned> endpoints;
  for (const Touch &t : ts)
    endpoints.insert(t.endpoint);
  for (unsigned e : endpoints)
    for (const Access &a : plan.endpoints[e].accesses)
      if (a.buffer != b)
        return false;
  return true;
}

/// The phases of an L2 buffer (BDChains.h), when they apply: each endpoint's
/// chain on it, with its lock actions, and the buffer's locks.
bool phaseChains(const TransferPlan &plan, unsigned b, ArrayRef<Touch> ts,
                 int64_t maxDims, Chains &out) {
  const BufferRef &buf = plan.buffers[b];
  if (!streamsTouchOnly(plan, b, ts))
    return false; // a stream over several buffers: turns
  struct Phase {
    bool write;
    std::vector<unsigned> streams; // by first transfer
    std::map<unsigned, std::vector<unsigned>> positions;
  };
  std::vector<Phase> phases;
  for (const Touch &t : ts) {
    if (phases.empty() || phases.back().write != t.write)
      phases.push_back(Phase{t.write, {}, {}});
    Phase &p = phases.back();
    auto &pos = p.positions[t.endpoint];
    if (pos.empty())
      p.streams.push_back(t.endpoint);
    pos.push_back(t.position);
  }
  bool several = llvm::any_of(phases, [](const Phase &p) { return p.streams.size() > 1; });
  if (!several || phases.size() < 2)
    return false;
  auto same = [&](size_t i, size_t j) {
    std::set<unsigned> a(phases[i].streams.begin(), phases[i].streams.end()),
        c(phases[j].streams.begin(), phases[j].streams.end());
    return phases[i].write == phases[j].write && a == c;
  };
  size_t q = shortestPeriod(phases.size(), same);
  auto count = [&](size_t g) -> int64_t {
    return phases[g % q].streams.size();
  };
  // Hand-overs: one side of each has one stream (the periodic wrap too).
  for (size_t g = 0; g < std::max(phases.size(), q + 1); ++g)
    if (count(g) > 1 && count(g + 1) > 1)
      return false;
  // Writers of one phase write disjoint elements.
  int64_t budget = int64_t(1) << 24;
  std::vector<int> owner(buf.type.getNumElements(), -1);
  for (const Phase &p : phases) {
    if (!p.write || p.streams.size() < 2)
      continue;
    std::fill(owner.begin(), owner.end(), -1);
    for (auto &[e, pos] : p.positions)
      for (unsigned k : pos) {
        bool ok = forEachElement(
            plan.endpoints[e].accesses[k], buf.type, budget, [&](int64_t x) {
              if (x < 0 || x >= static_cast<int64_t>(owner.size()))
                return false;
              if (owner[x] >= 0 && owner[x] != static_cast<int>(e))
                return false;
              owner[x] = e;
              return true;
            });
        if (!ok)
          return false;
      }
  }
  // A ring of m = 2q locks (q the period of the phases). A stream's next
  // phase is at most q phases on, so it never waits on the lock it just
  // took, whose count may still hold a slower stream's share; and the lock
  // it waits on was last released before the phase it just ran began.
  size_t m = 2 * q;
  // Each chain covers whole turns of the ring: the phases are continued
  // periodically to a multiple of m. A DMA channel repeats its chain once
  // the data stops; a BD of a phase that never comes then waits on a lock
  // of its own, where repeating the last real BD would take its lock's
  // count again, another stream's share of that phase.
  size_t total = (phases.size() + m - 1) / m * m;
  std::map<unsigned, std::vector<BD>> chains;
  for (size_t g = 0; g < total; ++g) {
    size_t real = g;
    while (real >= phases.size())
      real -= q;
    const Phase &p = phases[real];
    int64_t n = count(g), prev = count(g + q - 1), next = count(g + 1);
    for (unsigned e : p.streams) {
      const std::vector<Access> &acc = plan.endpoints[e].accesses;
      std::vector<Access> mine;
      for (unsigned k : p.positions.at(e))
        mine.push_back(acc[k]);
      std::vector<BD> bds;
      if (std::optional<Access> f = foldedAccess(mine, buf.type, maxDims))
        bds.push_back(BD{*f});
      else
        for (const Access &a : mine)
          bds.push_back(BD{a});
      bds.front().acquireLock = g % m;
      bds.front().acquireValue = n == 1 ? prev : 1;
      bds.back().releaseLock = (g + 1) % m;
      bds.back().releaseValue = next == 1 ? 1 : next;
      auto &c = chains[e];
      c.insert(c.end(), bds.begin(), bds.end());
    }
  }
  for (auto &[e, c] : chains)
    out.chains[e] = std::move(c);
  BufferLocks &l = out.locks[b];
  for (size_t k = 0; k < m; ++k) {
    l.init.push_back(k == 0 ? (count(0) == 1 ? count(q - 1) : count(0)) : 0);
    l.role.push_back("phase" + std::to_string(k) + "_lock");
  }
  return true;
}

/// `interleaveReads` (BDChains.h): reorders each maximal run of reads of
/// L2 buffer `b` in `ts` that has several streams round-robin, the k-th
/// transfer of every stream (in the order they first read) before the
/// (k+1)-th of any. Only where every stream on `b` touches `b` alone (a
/// stream over several buffers keeps one order over all of them). Returns
/// whether it reordered anything.
bool interleaveReadTurns(const TransferPlan &plan, unsigned b,
                         std::vector<Touch> &ts) {
  if (!streamsTouchOnly(plan, b, ts))
    return false;
  bool changed = false;
  for (size_t from = 0; from < ts.size();) {
    size_t to = from;
    while (to < ts.size() && !ts[to].write)
      ++to;
    if (to == from) {
      ++from;
      continue;
    }
    // ts[from, to) is a run of reads.
    std::map<unsigned, unsigned> rank, seen;
    std::vector<std::tuple<unsigned, unsigned, Touch>> keyed;
    for (size_t k = from; k < to; ++k) {
      unsigned e = ts[k].endpoint;
      rank.emplace(e, rank.size());
      keyed.emplace_back(seen[e]++, rank[e], ts[k]);
    }
    if (rank.size() > 1) {
      llvm::stable_sort(keyed, [](const auto &x, const auto &y) {
        return std::make_pair(std::get<0>(x), std::get<1>(x)) <
               std::make_pair(std::get<0>(y), std::get<1>(y));
      });
      for (size_t k = from; k < to; ++k) {
        const Touch &t = std::get<2>(keyed[k - from]);
        changed |= t.endpoint != ts[k].endpoint || t.position != ts[k].position;
        ts[k] = t;
      }
    }
    from = to;
  }
  return changed;
}
} // namespace

FailureOr<Chains> aircheck::npu::buildChains(const TransferPlan &plan,
                                             int64_t maxL2Dims, bool phases,
                                             bool foldTurns,
                                             bool interleaveReads) {
  Chains out;
  out.chains.resize(plan.endpoints.size());
  out.locks.resize(plan.buffers.size());
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    for (const Access &a : e.accesses)
      out.chains[i].push_back(BD{a});

  // Who touches each buffer.
  std::vector<std::vector<Touch>> touches(plan.buffers.size());
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    for (auto [k, a] : llvm::enumerate(e.accesses))
      touches[a.buffer].push_back(
          Touch{static_cast<unsigned>(i), static_cast<unsigned>(k), a.order, !e.isPut});

  bool ok = true;
  // Per endpoint: the BDs a folded turn took into its first.
  std::map<unsigned, std::set<unsigned>> folded;
  for (auto [b, buf] : llvm::enumerate(plan.buffers)) {
    auto &ts = touches[b];
    if (ts.empty() || buf.level == Level::L3)
      continue;
    llvm::stable_sort(ts, [](const Touch &x, const Touch &y) { return x.order < y.order; });
    std::set<unsigned> endpoints;
    for (const Touch &t : ts)
      endpoints.insert(t.endpoint);
    auto set = [&](const Touch &t, int acq, int rel) {
      out.chains[t.endpoint][t.position].acquireLock = acq;
      out.chains[t.endpoint][t.position].releaseLock = rel;
    };

    if (buf.level == Level::L1) {
      // A relay: gets and puts of one core in turn, starting with a get.
      bool relay = endpoints.size() == 2;
      for (size_t k = 0; relay && k < ts.size(); ++k)
        relay = ts[k].write == (k % 2 == 0);
      if (relay) {
        out.locks[b] = {{1, 0, 0}, {"prod_lock", "cons_lock", "ready_lock"}};
        for (const Touch &t : ts)
          t.write ? set(t, kProducer, kConsumer) : set(t, kReady, kProducer);
        continue;
      }
      if (endpoints.size() != 1) {
        auto diag = refuse(allocOrFunc(plan, buf))
                    << "an L1 buffer that more than one channel transfer "
                       "stream uses, other than received into and sent from "
                       "in turn (each core buffer gets one DMA channel per "
                       "direction and one lock protocol)";
        for (unsigned e : endpoints)
          diag.attachNote(plan.endpoints[e].accesses.front().op->getLoc())
              << plan.endpoints[e].label();
        ok = false;
        continue;
      }
      out.locks[b] = {{1, 0}, {"prod_lock", "cons_lock"}};
      for (const Touch &t : ts)
        t.write ? set(t, kProducer, kConsumer) : set(t, kConsumer, kProducer);
      continue;
    }

    // L2 read (or written) by several streams at once: phases.
    if (phases && phaseChains(plan, b, ts, maxL2Dims, out))
      continue;
    // L2: the streams take turns. A turn is a maximal run of one stream's
    // transfers in the run's order (a writer's fill, then a reader's
    // drain, ...); the turn sequence, folded to its period P, is a ring of
    // P locks (the first with init 1). A turn's first BD acquires its lock
    // and its last BD releases the next turn's.
    bool token = interleaveReads && interleaveReadTurns(plan, b, ts);
    std::vector<std::pair<size_t, size_t>> turns; // [first, last] in ts
    for (size_t k = 0; k < ts.size(); ++k) {
      if (!turns.empty() && ts[turns.back().second].endpoint == ts[k].endpoint)
        turns.back().second = k;
      else
        turns.push_back({k, k});
    }
    auto ringPeriod = [&](const std::vector<std::pair<size_t, size_t>> &tu) {
      return shortestPeriod(tu.size(), [&](size_t i, size_t j) {
        return ts[tu[i].first].endpoint == ts[tu[j].first].endpoint;
      });
    };
    size_t period = ringPeriod(turns);
    // A turn that repeats its own transfers (a buffer only read, or read by
    // one stream across launch instances) is cut at its period into turns
    // of the same stream: each hands the lock to itself, so the order of
    // the buffer's transfers is the same, and the chain folds to one
    // period instead of holding the whole turn. Kept only where the ring
    // does not grow.
    {
      std::vector<std::pair<size_t, size_t>> cut;
      for (const auto &turn : turns) {
        size_t from = turn.first, to = turn.second;
        size_t n = to - from + 1;
        size_t p = shortestPeriod(n, [&](size_t i, size_t j) {
          const Touch &x = ts[from + i], &y = ts[from + j];
          return out.chains[x.endpoint][x.position].access ==
                 out.chains[y.endpoint][y.position].access;
        });
        if (p == n || n % p != 0) {
          cut.push_back({from, to});
          continue;
        }
        for (size_t k = from; k <= to; k += p)
          cut.push_back({k, k + p - 1});
      }
      if (cut.size() != turns.size()) {
        size_t q = ringPeriod(cut);
        if (q <= period) {
          turns = std::move(cut);
          period = q;
        }
      }
    }
    // The lock of turn t: its place in the ring, or (a token) its stream's.
    std::map<unsigned, int> streamLock;
    for (const auto &turn : turns)
      streamLock.emplace(ts[turn.first].endpoint, streamLock.size());
    auto lockOf = [&](size_t t) -> int {
      return token ? streamLock.at(ts[turns[t % period].first].endpoint)
                   : static_cast<int>(t % period);
    };
    for (size_t t = 0; t < turns.size(); ++t) {
      const Touch &first = ts[turns[t].first], &last = ts[turns[t].second];
      out.chains[first.endpoint][first.position].acquireLock = lockOf(t);
      out.chains[last.endpoint][last.position].releaseLock = lockOf(t + 1);
      if (!foldTurns || first.position == last.position)
        continue;
      // The turn's transfers as one BD: the first keeps the acquire and
      // takes the release; the others are marked for removal.
      std::vector<BD> &c = out.chains[first.endpoint];
      std::vector<Access> as;
      for (unsigned k = first.position; k <= last.position; ++k)
        as.push_back(c[k].access);
      if (as.size() != last.position - first.position + 1 ||
          llvm::any_of(as, [&](const Access &a) { return a.buffer != b; }))
        continue;
      std::optional<Access> f = foldedAccess(as, buf.type, maxL2Dims);
      if (!f)
        continue;
      c[first.position].access = *f;
      c[first.position].releaseLock = c[last.position].releaseLock;
      for (unsigned k = first.position + 1; k <= last.position; ++k)
        folded[first.endpoint].insert(k);
    }
    BufferLocks &l = out.locks[b];
    if (token) {
      for (size_t k = 0; k < streamLock.size(); ++k) {
        l.init.push_back(static_cast<int>(k) == lockOf(0) ? 1 : 0);
        l.role.push_back("token" + std::to_string(k) + "_lock");
      }
      continue;
    }
    for (size_t k = 0; k < period; ++k) {
      l.init.push_back(k == 0 ? 1 : 0);
      l.role.push_back(period == 2 ? (k == 0 ? "prod_lock" : "cons_lock")
                                   : "turn" + std::to_string(k) + "_lock");
    }
  }
  if (!ok)
    return failure();

  for (auto &[e, gone] : folded) {
    std::vector<BD> kept;
    for (auto [k, bd] : llvm::enumerate(out.chains[e]))
      if (!gone.count(k))
        kept.push_back(bd);
    out.chains[e] = std::move(kept);
  }
  // L2 buffers no DMA writes: their readers' chains end.
  std::vector<bool> written(plan.buffers.size(), false);
  for (const Endpoint &e : plan.endpoints)
    if (!e.isPut)
      for (const Access &a : e.accesses)
        written[a.buffer] = true;
  out.passes.assign(plan.endpoints.size(), 0);
  for (auto [i, e] : llvm::enumerate(plan.endpoints)) {
    if (e.level == Level::L3)
      continue;
    std::vector<BD> &c = out.chains[i];
    size_t n = c.size(), p = chainPeriod(c);
    bool ends = e.isPut && e.level == Level::L2 && n > 0 &&
                llvm::all_of(c, [&](const BD &bd) {
                  return plan.buffers[bd.access.buffer].level == Level::L2 &&
                         !written[bd.access.buffer];
                });
    if (!ends) {
      c.resize(p);
      continue;
    }
    // n / p passes of the period, where it divides; within the repeat
    // count's range by taking k periods per pass (the fewest that fit).
    int64_t passes = 1;
    if (n % p == 0) {
      int64_t reps = n / p;
      for (int64_t k = 1; k <= reps; ++k)
        if (reps % k == 0 && reps / k <= kMaxChainPasses) {
          p *= k;
          passes = reps / k;
          break;
        }
    } else {
      p = n;
    }
    c.resize(p);
    out.passes[i] = passes;
  }
  return out;
}

SmallVector<int64_t, 4> aircheck::npu::rowMajor(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> rs(shape.size(), 1);
  for (int j = static_cast<int>(shape.size()) - 2; j >= 0; --j)
    rs[j] = rs[j + 1] * shape[j + 1];
  return rs;
}

int64_t ExplicitPattern::base() const {
  int64_t b = 0;
  for (auto [o, t] : llvm::zip(offs, strides))
    b += o * t;
  return b;
}

int64_t ExplicitPattern::count() const {
  int64_t n = 1;
  for (int64_t s : sizes)
    n *= s;
  return n;
}

int ExplicitPattern::outer() const {
  for (auto [k, s] : llvm::enumerate(sizes))
    if (s > 1)
      return k;
  return -1;
}

ExplicitPattern aircheck::npu::explicitPattern(const Access &a,
                                               MemRefType type) {
  ExplicitPattern p;
  if (a.sizes.empty()) {
    p.sizes.assign(type.getShape().begin(), type.getShape().end());
    p.strides = rowMajor(type.getShape());
    p.offs.assign(p.sizes.size(), 0);
    return p;
  }
  p.sizes = a.sizes;
  p.strides = a.strides;
  if (p.strides.size() != p.sizes.size())
    p.strides = rowMajor(p.sizes);
  p.offs.assign(p.sizes.size(), 0);
  size_t skip = p.sizes.size() - std::min(p.sizes.size(), a.offsets.size());
  for (size_t i = 0; i < a.offsets.size() && i + skip < p.sizes.size(); ++i)
    p.offs[i + skip] = a.offsets[i];
  return p;
}

BDPattern aircheck::npu::bdPattern(const Access &a, MemRefType type) {
  ExplicitPattern e = explicitPattern(a, type);
  BDPattern p;
  p.offset = e.base();
  p.len = e.count();
  ArrayRef<int64_t> sizes = e.sizes, strides = e.strides;
  if (!a.padBefore.empty()) {
    p.sizes.assign(sizes.begin(), sizes.end());
    p.strides.assign(strides.begin(), strides.end());
    p.padBefore = a.padBefore;
    p.padAfter = a.padAfter;
    p.len = 1;
    for (size_t i = 0; i < sizes.size(); ++i)
      p.len *= a.padBefore[i] + sizes[i] + a.padAfter[i];
    return p;
  }
  // Drop dimensions of size 1, merge contiguous ones.
  SmallVector<int64_t, 4> ms, mt;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 1)
      continue;
    if (!ms.empty() && mt.back() == sizes[i] * strides[i]) {
      ms.back() *= sizes[i];
      mt.back() = strides[i];
      continue;
    }
    ms.push_back(sizes[i]);
    mt.push_back(strides[i]);
  }
  if (!ms.empty() && !(ms.size() == 1 && mt[0] == 1)) {
    p.sizes = ms;
    p.strides = mt;
  }
  return p;
}
