//===- MergeStreams.cpp - several streams of a core over one DMA channel --===//
#include "lowerings/AIRToAIE/MergeStreams.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

using namespace aircheck;
using namespace aircheck::npu;

namespace {

/// Accesses of two endpoints merged in the run's order, with the stream
/// each belongs to; std::nullopt where two start at once (no order to
/// follow).
std::optional<std::pair<std::vector<Access>, std::vector<unsigned>>>
interleave(const Endpoint &x, const std::vector<unsigned> &lx,
           const Endpoint &y, const std::vector<unsigned> &ly) {
  std::vector<Access> as;
  std::vector<unsigned> ls;
  size_t i = 0, j = 0;
  while (i < x.accesses.size() || j < y.accesses.size()) {
    bool takeX;
    if (i == x.accesses.size())
      takeX = false;
    else if (j == y.accesses.size())
      takeX = true;
    else if (x.accesses[i].order == y.accesses[j].order)
      return std::nullopt;
    else
      takeX = x.accesses[i].order < y.accesses[j].order;
    if (takeX) {
      as.push_back(x.accesses[i]);
      ls.push_back(lx[i++]);
    } else {
      as.push_back(y.accesses[j]);
      ls.push_back(ly[j++]);
    }
  }
  return std::make_pair(std::move(as), std::move(ls));
}

} // namespace

unsigned aircheck::npu::mergeCoreStreams(
    TransferPlan &plan, llvm::function_ref<Tile(const Endpoint &)> tileOf,
    llvm::function_ref<int64_t(bool isPut)> channels) {
  std::vector<Endpoint> &eps = plan.endpoints;
  // The far end of a core endpoint's stream: its one peer, in L2 or L3,
  // whose peers are core endpoints that have it alone as their peer (one
  // stream to one place, or a broadcast to several cores).
  auto farOf = [&](unsigned c) -> std::optional<unsigned> {
    const Endpoint &e = eps[c];
    if (e.level != Level::L1 || e.peers.size() != 1)
      return std::nullopt;
    unsigned p = e.peers[0];
    if (eps[p].level == Level::L1 || eps[p].peers.empty())
      return std::nullopt;
    for (unsigned q : eps[p].peers)
      if (eps[q].level != Level::L1 || eps[q].peers.size() != 1 ||
          eps[q].peers[0] != p)
        return std::nullopt;
    return p;
  };
  // Per endpoint, per access: the stream it belongs to, named by the far
  // end of a stream (both ends, every destination of a broadcast, carry the
  // same label).
  std::vector<std::vector<unsigned>> label(eps.size());
  for (unsigned i = 0; i < eps.size(); ++i) {
    std::optional<unsigned> f = farOf(i);
    unsigned l = f ? *f : i;
    label[i].assign(eps[i].accesses.size(), l);
  }
  // Per endpoint, the buffers its accesses name (an endpoint has an access
  // per transfer the run reaches: a loop's trips are as many).
  auto buffersOf = [&](unsigned x) {
    std::set<unsigned> b;
    for (const Access &a : eps[x].accesses)
      b.insert(a.buffer);
    return b;
  };
  auto sharesBuffer = [&](unsigned x, unsigned y) {
    std::set<unsigned> bx = buffersOf(x);
    return llvm::any_of(eps[y].accesses, [&](const Access &a) {
      return bx.count(a.buffer) > 0;
    });
  };

  unsigned merges = 0;
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::pair<Tile, bool>, std::vector<unsigned>> byTile;
    for (auto [i, e] : llvm::enumerate(eps))
      if (e.level == Level::L1)
        byTile[{tileOf(e), e.isPut}].push_back(i);
    for (auto &[key, here] : byTile) {
      bool over = static_cast<int64_t>(here.size()) > channels(key.second);
      for (size_t a = 0; a < here.size() && !changed; ++a)
        for (size_t b = a + 1; b < here.size() && !changed; ++b) {
          unsigned x = here[a], y = here[b];
          // Streams into (or out of) one core buffer must be one stream:
          // a core buffer has one lock protocol (BDChains.h).
          if (!over && !sharesBuffer(x, y))
            continue;
          std::optional<unsigned> px = farOf(x), py = farOf(y);
          if (!px || !py || *px == *py || eps[*px].level != eps[*py].level)
            continue;
          // The cores of the two streams, paired by tile: each tile one of
          // each (for one-to-one streams, x and y).
          const llvm::SmallVector<unsigned, 2> &cx = eps[*px].peers,
                                          &cy = eps[*py].peers;
          if (cx.size() != cy.size())
            continue;
          std::vector<std::pair<unsigned, unsigned>> pairs;
          std::set<Tile> tiles;
          for (unsigned s : cx) {
            Tile t = tileOf(eps[s]);
            auto same = llvm::make_filter_range(
                cy, [&](unsigned u) { return tileOf(eps[u]) == t; });
            if (std::distance(same.begin(), same.end()) != 1 ||
                !tiles.insert(t).second)
              break;
            pairs.push_back({s, *same.begin()});
          }
          if (pairs.size() != cx.size())
            continue;
          auto far = interleave(eps[*px], label[*px], eps[*py], label[*py]);
          if (!far)
            continue;
          // The same interleaving at every pair of cores and at the far
          // end: the n-th transfer of the merged stream is the n-th at all.
          std::vector<std::pair<std::vector<Access>, std::vector<unsigned>>>
              cores;
          for (auto [s, u] : pairs) {
            auto core = interleave(eps[s], label[s], eps[u], label[u]);
            if (!core || core->second != far->second)
              break;
            cores.push_back(std::move(*core));
          }
          if (cores.size() != pairs.size())
            continue;
          Endpoint f = eps[*px];
          f.accesses = std::move(far->first);
          f.name = eps[*px].streamName() + "_" + eps[*py].streamName();
          f.namedByIndex = false;
          f.index.clear();
          f.part = -1;
          std::map<unsigned, Endpoint> mergedCore;
          std::set<unsigned> gone{*py};
          for (auto [k, pr] : llvm::enumerate(pairs)) {
            Endpoint m = eps[pr.first];
            m.accesses = std::move(cores[k].first);
            m.name = eps[pr.first].streamName() + "_" +
                     eps[pr.second].streamName();
            m.namedByIndex = false;
            m.index.clear();
            mergedCore.emplace(pr.first, std::move(m));
            gone.insert(pr.second);
          }
          // Rebuild without *py and its cores; *px and its cores become the
          // merged ends.
          std::vector<int> renumber(eps.size(), -1);
          std::vector<Endpoint> kept;
          std::vector<std::vector<unsigned>> keptLabels;
          for (unsigned i = 0; i < eps.size(); ++i) {
            if (gone.count(i))
              continue;
            renumber[i] = kept.size();
            if (auto m = mergedCore.find(i); m != mergedCore.end()) {
              kept.push_back(std::move(m->second));
              keptLabels.push_back(far->second);
            } else if (i == *px) {
              kept.push_back(f);
              keptLabels.push_back(far->second);
            } else {
              kept.push_back(eps[i]);
              keptLabels.push_back(label[i]);
            }
          }
          for (Endpoint &e : kept)
            for (unsigned &p : e.peers)
              p = renumber[p];
          eps = std::move(kept);
          label = std::move(keptLabels);
          ++merges;
          changed = true;
        }
      if (changed)
        break;
    }
  }
  return merges;
}
