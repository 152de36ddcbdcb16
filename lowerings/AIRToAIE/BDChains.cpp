//===- BDChains.cpp - each endpoint's BD chain and its lock actions -------===//
#include "lowerings/AIRToAIE/BDChains.h"

#include "lowerings/AIRToAIE/Refusal.h"

#include <map>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// The shortest p with same(i, i mod p) for every i < n (n when there is
/// none shorter).
static size_t shortestPeriod(size_t n,
                             llvm::function_ref<bool(size_t, size_t)> same) {
  for (size_t p = 1; p < n; ++p) {
    bool holds = true;
    for (size_t i = p; holds && i < n; ++i)
      holds = same(i, i % p);
    if (holds)
      return p;
  }
  return n;
}

size_t aircheck::npu::chainPeriod(const std::vector<BD> &seq) {
  return shortestPeriod(seq.size(),
                        [&](size_t i, size_t j) { return seq[i] == seq[j]; });
}

static Operation *allocOrFunc(const TransferPlan &plan, const BufferRef &b) {
  func::FuncOp f = plan.func;
  return b.alloc ? b.alloc : f.getOperation();
}

FailureOr<Chains> aircheck::npu::buildChains(const TransferPlan &plan) {
  Chains out;
  out.chains.resize(plan.endpoints.size());
  out.locks.resize(plan.buffers.size());
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    for (const Access &a : e.accesses)
      out.chains[i].push_back(BD{a});

  // Who touches each buffer.
  struct Touch {
    unsigned endpoint, position;
    uint64_t order;
    bool write;
  };
  std::vector<std::vector<Touch>> touches(plan.buffers.size());
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    for (auto [k, a] : llvm::enumerate(e.accesses))
      touches[a.buffer].push_back(
          Touch{static_cast<unsigned>(i), static_cast<unsigned>(k), a.order, !e.isPut});

  bool ok = true;
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

    // L2: the streams take turns. A turn is a maximal run of one stream's
    // transfers in the run's order (a writer's fill, then a reader's
    // drain, ...); the turn sequence, folded to its period P, is a ring of
    // P locks (the first with init 1). A turn's first BD acquires its lock
    // and its last BD releases the next turn's.
    std::vector<std::pair<size_t, size_t>> turns; // [first, last] in ts
    for (size_t k = 0; k < ts.size(); ++k) {
      if (!turns.empty() && ts[turns.back().second].endpoint == ts[k].endpoint)
        turns.back().second = k;
      else
        turns.push_back({k, k});
    }
    size_t period = shortestPeriod(turns.size(), [&](size_t i, size_t j) {
      return ts[turns[i].first].endpoint == ts[turns[j].first].endpoint;
    });
    for (size_t t = 0; t < turns.size(); ++t) {
      const Touch &first = ts[turns[t].first], &last = ts[turns[t].second];
      out.chains[first.endpoint][first.position].acquireLock = t % period;
      out.chains[last.endpoint][last.position].releaseLock = (t + 1) % period;
    }
    BufferLocks &l = out.locks[b];
    for (size_t k = 0; k < period; ++k) {
      l.init.push_back(k == 0 ? 1 : 0);
      l.role.push_back(period == 2 ? (k == 0 ? "prod_lock" : "cons_lock")
                                   : "turn" + std::to_string(k) + "_lock");
    }
  }
  if (!ok)
    return failure();

  for (auto [i, e] : llvm::enumerate(plan.endpoints)) {
    if (e.level == Level::L3)
      continue;
    std::vector<BD> &c = out.chains[i];
    c.resize(chainPeriod(c));
  }
  return out;
}

BDPattern aircheck::npu::bdPattern(const Access &a, MemRefType type) {
  BDPattern p;
  if (a.sizes.empty()) {
    p.len = type.getNumElements();
    return p;
  }
  SmallVector<int64_t, 4> sizes(a.sizes), strides(a.strides);
  if (strides.size() != sizes.size()) {
    // AIR's default: row-major strides over the sizes.
    strides.assign(sizes.size(), 1);
    for (int i = static_cast<int>(sizes.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * sizes[i + 1];
  }
  size_t skip = sizes.size() - std::min(sizes.size(), a.offsets.size());
  for (size_t i = 0; i < a.offsets.size() && i + skip < strides.size(); ++i)
    p.offset += a.offsets[i] * strides[i + skip];
  p.len = 1;
  for (int64_t s : sizes)
    p.len *= s;
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
