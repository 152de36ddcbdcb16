//===- MergeStreams.cpp - several streams of a core over one DMA channel --===//
#include "lowerings/AIRToAIE/MergeStreams.h"

#include <map>

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
  // Per endpoint, per access: the stream it belongs to, named by the core
  // endpoint of a one-to-one stream (both ends carry the same label).
  std::vector<std::vector<unsigned>> label(eps.size());
  for (auto [i, e] : llvm::enumerate(eps)) {
    unsigned l = i;
    if (e.level != Level::L1 && e.peers.size() == 1 &&
        eps[e.peers[0]].level == Level::L1 &&
        eps[e.peers[0]].peers.size() == 1)
      l = e.peers[0];
    label[i].assign(e.accesses.size(), l);
  }
  // One stream to one place: the core side `c` and its peer.
  auto oneToOne = [&](unsigned c) -> std::optional<unsigned> {
    const Endpoint &e = eps[c];
    if (e.peers.size() != 1)
      return std::nullopt;
    unsigned p = e.peers[0];
    if (eps[p].peers.size() != 1 || eps[p].peers[0] != c ||
        eps[p].level == Level::L1)
      return std::nullopt;
    return p;
  };

  unsigned merges = 0;
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::pair<Tile, bool>, std::vector<unsigned>> byTile;
    for (auto [i, e] : llvm::enumerate(eps))
      if (e.level == Level::L1)
        byTile[{tileOf(e), e.isPut}].push_back(i);
    for (auto &[key, here] : byTile) {
      if (static_cast<int64_t>(here.size()) <= channels(key.second))
        continue;
      for (size_t a = 0; a < here.size() && !changed; ++a)
        for (size_t b = a + 1; b < here.size() && !changed; ++b) {
          unsigned x = here[a], y = here[b];
          std::optional<unsigned> px = oneToOne(x), py = oneToOne(y);
          if (!px || !py || eps[*px].level != eps[*py].level)
            continue;
          auto core = interleave(eps[x], label[x], eps[y], label[y]);
          auto far = interleave(eps[*px], label[*px], eps[*py], label[*py]);
          // The same interleaving at both ends: the n-th transfer of the
          // merged stream is the n-th at both.
          if (!core || !far || core->second != far->second)
            continue;
          Endpoint m = eps[x], f = eps[*px];
          m.accesses = std::move(core->first);
          f.accesses = std::move(far->first);
          f.name = eps[*px].streamName() + "_" + eps[*py].streamName();
          f.namedByIndex = false;
          f.index.clear();
          f.part = -1;
          m.name = eps[x].streamName() + "_" + eps[y].streamName();
          m.namedByIndex = false;
          m.index.clear();
          // Rebuild without y and *py; x and *px become the merged ends.
          std::vector<int> renumber(eps.size(), -1);
          std::vector<Endpoint> kept;
          std::vector<std::vector<unsigned>> keptLabels;
          for (unsigned i = 0; i < eps.size(); ++i) {
            if (i == y || i == *py)
              continue;
            renumber[i] = kept.size();
            if (i == x) {
              kept.push_back(m);
              keptLabels.push_back(core->second);
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
