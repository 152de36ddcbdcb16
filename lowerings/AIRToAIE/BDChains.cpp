//===- BDChains.cpp - each endpoint's BD chain and its lock actions -------===//
#include "lowerings/AIRToAIE/BDChains.h"

#include "lowerings/AIRToAIE/Refusal.h"

#include <map>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

size_t aircheck::npu::chainPeriod(const std::vector<BD> &seq) {
  for (size_t p = 1; p < seq.size(); ++p) {
    bool holds = true;
    for (size_t i = p; holds && i < seq.size(); ++i)
      holds = seq[i] == seq[i % p];
    if (holds)
      return p;
  }
  return seq.size();
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

    // L2: rounds of writes, then reads; the streams of a round take turns
    // on a ring of locks, in the order of the first round.
    size_t i = 0;
    std::vector<unsigned> ring; // endpoints, in turn order
    bool first = true;
    while (i < ts.size() && ok) {
      size_t w0 = i;
      while (i < ts.size() && ts[i].write)
        ++i;
      size_t r0 = i;
      while (i < ts.size() && !ts[i].write)
        ++i;
      if (r0 == w0 || i == r0) {
        auto diag = refuse(allocOrFunc(plan, buf))
                    << "an L2 buffer "
                    << (r0 == w0 ? "read before it is written"
                                 : "written and never read after")
                    << " in the run; the memory-tile lock protocol needs "
                       "rounds of writes, then reads";
        diag.attachNote(plan.endpoints[ts[r0 == w0 ? w0 : r0 - 1].endpoint]
                            .accesses[ts[r0 == w0 ? w0 : r0 - 1].position]
                            .op->getLoc())
            << "here";
        ok = false;
        break;
      }
      // Each stream's first and last BD in the round, streams in the order
      // they first appear (writers, then readers).
      std::vector<unsigned> order;
      std::map<unsigned, std::pair<unsigned, unsigned>> range;
      for (size_t k = w0; k < i; ++k) {
        auto [it, fresh] =
            range.try_emplace(ts[k].endpoint, ts[k].position, ts[k].position);
        if (fresh)
          order.push_back(ts[k].endpoint);
        else
          it->second.second = ts[k].position;
      }
      if (first) {
        ring = order;
        first = false;
      } else if (std::set<unsigned>(ring.begin(), ring.end()) !=
                 std::set<unsigned>(order.begin(), order.end())) {
        auto diag = refuse(allocOrFunc(plan, buf))
                    << "an L2 buffer whose writer or reader streams change "
                       "from one round to the next; its lock ring serves the "
                       "same streams every round";
        diag.attachNote(plan.endpoints[order.front()].accesses.front().op->getLoc())
            << "a stream of a later round: " << plan.endpoints[order.front()].label();
        ok = false;
        break;
      }
      size_t n = ring.size();
      for (size_t k = 0; k < n; ++k) {
        auto [firstBD, lastBD] = range[ring[k]];
        out.chains[ring[k]][firstBD].acquireLock = k;
        out.chains[ring[k]][lastBD].releaseLock = (k + 1) % n;
      }
    }
    if (!ok)
      break;
    BufferLocks &l = out.locks[b];
    for (size_t k = 0; k < ring.size(); ++k) {
      l.init.push_back(k == 0 ? 1 : 0);
      l.role.push_back(ring.size() == 2 ? (k == 0 ? "prod_lock" : "cons_lock")
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
