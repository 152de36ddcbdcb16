//===- MaxConcurrency.h - the most that can be live at once -------*- C++ -*-===//
//
// Items (allocations, herds, segments) are live from a start event to an end
// event; events are ordered only where the program guarantees it (a
// synchronous op ends before the next op starts, a token's producer ends
// before its consumer starts). The peak footprint is the largest total
// weight of items that some schedule keeps live at one instant: a maximum
// weight antichain of the order, which z3's optimizer finds exactly over
// event timestamps (difference constraints and one witness instant).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_SOLVERS_MAXCONCURRENCY_H
#define AIRCHECK_SOLVERS_MAXCONCURRENCY_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aircheck {

class MaxConcurrency {
public:
  /// A new event; returns its id.
  unsigned addEvent();
  /// `before` happens no later than `after`.
  void order(unsigned before, unsigned after);
  /// An item live in [start, end).
  void addItem(unsigned start, unsigned end, int64_t weight);
  /// An item live from the first to the last of several intervals (a DMA
  /// flow from its first transfer to its last).
  void addSpanningItem(const std::vector<std::pair<unsigned, unsigned>> &spans,
                       int64_t weight);

  /// Items that are never live together (they sit in different branches of
  /// one conditional).
  void exclusive(unsigned itemA, unsigned itemB);
  unsigned numItems() const { return items.size(); }

  struct Result {
    std::optional<int64_t> peak; // empty: the solver gave up
    std::vector<unsigned> items; // the items live together at the peak
    std::string why;
  };
  /// Solves with a time limit (milliseconds).
  Result solve(unsigned timeoutMs = 5000) const;

private:
  unsigned events = 0;
  std::vector<std::pair<unsigned, unsigned>> edges;
  struct Item {
    unsigned start, end;
    int64_t weight;
  };
  std::vector<Item> items;
  std::vector<std::pair<unsigned, unsigned>> exclusions;
  /// Events that are the first start / last end of a set of events.
  std::vector<std::pair<unsigned, std::vector<unsigned>>> minOf, maxOf;
};

} // namespace aircheck

#endif
