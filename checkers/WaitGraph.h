//===- WaitGraph.h - a deadlock's wait-for graph, as data --------*- C++ -*-===//
//
// What a deadlock checker knows about who waits for whom, handed to the
// driver beside its diagnostic (CheckContext::drew) so that an HTML page can
// draw the cycle without reading the notes' text. Nodes are the blocked ops
// (AIR), or the cores, BD chains, task queues and locks (aie); an edge goes
// from a waiter to what it waits for. `inCycle` marks the wait-for cycle; the
// other nodes are blocked behind it (drawn grey).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_CHECKERS_WAITGRAPH_H
#define AIRCHECK_CHECKERS_WAITGRAPH_H

#include <string>
#include <vector>

namespace aircheck {

struct WaitGraph {
  struct Node {
    /// "op" (an AIR op), "core", "chain", "host", "queue" or "lock".
    std::string kind;
    /// The op or agent: "air.channel.get", "core of tile (0, 2)", ...
    std::string label;
    /// Where it runs: "herd @a tile (0, 1)", "scf.for@12:5 = 2", ...; the
    /// instance path's parts, outermost first.
    std::vector<std::string> place;
    /// Its source position (0 when unknown).
    unsigned line = 0, column = 0;
    /// On the cycle (or the chain); false: blocked behind it.
    bool inCycle = false;
  };
  struct Edge {
    unsigned from, to; // indices into nodes: `from` waits for `to`
    /// What it waits for: "@b_to_a[] put #0", "acquire 1 (value 0)", ...
    std::string label;
  };
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  /// Whether the marked nodes close a cycle; false: they are a chain that
  /// ends at a node waiting for nothing blocked (a partner never issued).
  bool cycle = true;
  /// Blocked nodes left out of the picture (a long list behind the cycle).
  unsigned omitted = 0;
};

} // namespace aircheck

#endif
