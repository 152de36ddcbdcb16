//===- BDChains.cpp - each endpoint's BD chain and its lock actions -------===//
#include "lowerings/AIRToAIE/BDChains.h"

#include "lowerings/AIRToAIE/Refusal.h"

#include <map>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// The shortest p with seq[i] == seq[i mod p] for every i.
static size_t period(const std::vector<BD> &seq) {
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
  out.producerInit.assign(plan.buffers.size(), 0);
  out.relay.assign(plan.buffers.size(), false);
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

    if (buf.level == Level::L1) {
      // A relay: gets and puts of one core in turn, starting with a get.
      bool relay = endpoints.size() == 2;
      for (size_t k = 0; relay && k < ts.size(); ++k)
        relay = ts[k].write == (k % 2 == 0);
      if (relay) {
        for (const Touch &t : ts) {
          out.chains[t.endpoint][t.position].acquire = 1;
          out.chains[t.endpoint][t.position].release = 1;
        }
        out.producerInit[b] = 1;
        out.relay[b] = true;
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
      for (const Touch &t : ts) {
        out.chains[t.endpoint][t.position].acquire = 1;
        out.chains[t.endpoint][t.position].release = 1;
      }
      out.producerInit[b] = 1;
      continue;
    }

    // L2: rounds of writes by one endpoint, then reads.
    size_t i = 0;
    std::optional<unsigned> writer;
    std::optional<size_t> readers;
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
      std::map<unsigned, std::pair<unsigned, unsigned>> readRange; // first, last
      for (size_t k = w0; k < r0; ++k) {
        if (writer && *writer != ts[k].endpoint) {
          auto diag = refuse(allocOrFunc(plan, buf))
                      << "an L2 buffer written by more than one channel "
                         "stream (the lowering gives it one writer)";
          diag.attachNote(plan.endpoints[*writer].accesses.front().op->getLoc())
              << plan.endpoints[*writer].label();
          diag.attachNote(plan.endpoints[ts[k].endpoint].accesses.front().op->getLoc())
              << plan.endpoints[ts[k].endpoint].label();
          ok = false;
          break;
        }
        writer = ts[k].endpoint;
      }
      if (!ok)
        break;
      for (size_t k = r0; k < i; ++k) {
        auto [it, fresh] =
            readRange.try_emplace(ts[k].endpoint, ts[k].position, ts[k].position);
        if (!fresh)
          it->second.second = ts[k].position;
      }
      size_t r = readRange.size();
      if (readers && *readers != r) {
        refuse(allocOrFunc(plan, buf))
            << "an L2 buffer read by " << *readers << " and then by " << r
            << " streams in a round; the lock protocol needs the same "
               "readers every round";
        ok = false;
        break;
      }
      readers = r;
      out.chains[ts[w0].endpoint][ts[w0].position].acquire = r;
      out.chains[ts[r0 - 1].endpoint][ts[r0 - 1].position].release = r;
      for (auto &[e, range] : readRange) {
        out.chains[e][range.first].acquire = 1;
        out.chains[e][range.second].release = 1;
      }
    }
    out.producerInit[b] = readers.value_or(1);
  }
  if (!ok)
    return failure();

  for (auto [i, e] : llvm::enumerate(plan.endpoints)) {
    if (e.level == Level::L3)
      continue;
    std::vector<BD> &c = out.chains[i];
    c.resize(period(c));
  }
  return out;
}
