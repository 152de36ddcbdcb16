//===- WaitForCycle.cpp - who waits for whom in a stuck run ---------------===//
#include "analyses/WaitForCycle.h"

#include <deque>

using namespace aircheck;

/// Breadth-first search over the wait-for edges from `from`: the shortest
/// path back to it, or empty. `limit`: no longer than this.
static std::vector<unsigned>
shortestCycleThrough(llvm::ArrayRef<SkeletonResult::BlockedOp> g, unsigned from,
                     size_t limit) {
  std::vector<int> parent(g.size(), -1);
  std::vector<unsigned> depth(g.size(), 0);
  std::deque<unsigned> queue{from};
  std::vector<bool> seen(g.size(), false);
  seen[from] = true;
  while (!queue.empty()) {
    unsigned n = queue.front();
    queue.pop_front();
    if (depth[n] + 1 >= limit)
      continue;
    for (unsigned m : g[n].waitsFor) {
      if (m == from) {
        std::vector<unsigned> path;
        for (int k = n; k >= 0; k = parent[k])
          path.push_back(k);
        return {path.rbegin(), path.rend()};
      }
      if (m < g.size() && !seen[m]) {
        seen[m] = true;
        parent[m] = n;
        depth[m] = depth[n] + 1;
        queue.push_back(m);
      }
    }
  }
  return {};
}

WaitChain aircheck::findWaitChain(
    llvm::ArrayRef<SkeletonResult::BlockedOp> blocked) {
  WaitChain best;
  if (blocked.empty())
    return best;
  // A search from every op: the report's runs have few blocked ops (a herd
  // of 8x8 stuck has a few hundred). Past this many, the first ones only.
  constexpr size_t kMaxStarts = 512;
  size_t limit = blocked.size() + 1;
  for (unsigned s = 0; s < blocked.size() && s < kMaxStarts; ++s) {
    std::vector<unsigned> c = shortestCycleThrough(blocked, s, limit);
    if (!c.empty() && (!best.cycle || c.size() < best.ops.size())) {
      best.ops = std::move(c);
      best.cycle = true;
      limit = best.ops.size();
      if (limit == 1)
        break;
    }
  }
  if (best.cycle)
    return best;
  // No cycle: from the first op, follow the first edge to an op that waits
  // for nothing blocked (acyclic, so it ends).
  std::vector<bool> on(blocked.size(), false);
  for (unsigned n = 0;;) {
    best.ops.push_back(n);
    on[n] = true;
    unsigned next = ~0u;
    for (unsigned m : blocked[n].waitsFor)
      if (m < blocked.size() && !on[m]) {
        next = m;
        break;
      }
    if (next == ~0u)
      break;
    n = next;
  }
  return best;
}
