//===- TokenConstraints.h - dependency, affinity, concurrency together -*- C++ -*-===//
//
// Seed 000 1.5: every hierarchy op has a resource lifespan [rs, re) and an
// execution lifespan [es, ee) inside it (rs <= es < ee <= re). The three
// token kinds constrain those lifespans:
//
//   dependency   a happens-before edge: the producer completes (ee) before
//                the consumer acquires its resources (rs);
//   affinity     the members share one hardware partition, one after the
//                other: resource lifespans pairwise disjoint;
//   concurrency  the members run at once on distinct resources: execution
//                lifespans pairwise overlapping (so, on a line, all share an
//                instant), rectangles disjoint.
//
// With a device, ops live at once hold distinct tiles: at every instant the
// tiles of the live ops fit the device (one capacity constraint at each
// op's resource start, where the peak is reached), and ops with a known
// rectangle (a herd's shape, a segment's x_size/y_size, x_loc/y_loc) get
// disjoint rectangles inside the array while they are live together.
// Members of one affinity group with rectangles lie inside one partition
// rectangle; a member whose size is given reserves exactly that partition.
//
// Every constraint the program states is a tracked fact (an assumption
// literal): when they cannot all hold, z3's unsat core is minimised by
// deletion and returned as facts, each with the program's words for it.
// When they can, the model gives a witness schedule. z3 runs under a time
// and a resource limit; running out is Unknown, never Consistent.
//
// The encoding knows nothing of MLIR (tests/unit/TokenConstraintsTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_SOLVERS_TOKENCONSTRAINTS_H
#define AIRCHECK_SOLVERS_TOKENCONSTRAINTS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aircheck {

class TokenConstraints {
public:
  struct Op {
    std::string name;
    /// Instances that run at once (a segment's iteration space).
    int64_t instances = 1;
    /// Compute tiles one instance holds, when known.
    std::optional<int64_t> tiles;
    /// An instance's rectangle, when its extent is known (a herd's shape,
    /// a segment's x_size / y_size), and where it is placed when given.
    std::optional<int64_t> width, height, x, y;
    /// The size was given explicitly (x_size / y_size): the op reserves
    /// exactly that rectangle.
    bool explicitSize = false;
  };
  struct Fact {
    enum class Kind {
      Order,       // a completes before b starts
      EndsBefore,  // a completes no later than b completes
      Affinity,    // a and b one after the other
      Concurrency, // a and b overlap
      Together,    // all of a concurrency group share one instant
      Partition,   // members of one affinity group share a partition
      Place,       // an op's explicit placement or size
      Capacity,    // the device's tiles
      Distinct     // ops live at once hold distinct tiles
    } kind;
    std::vector<unsigned> ops;
    std::string text;
  };

  unsigned addOp(Op op);
  /// `child` runs inside `parent`'s execution (not a fact: the structure).
  void nest(unsigned child, unsigned parent);
  /// Facts; each returns its id.
  unsigned addOrder(unsigned before, unsigned after, std::string text);
  unsigned addEndsBefore(unsigned before, unsigned after, std::string text);
  unsigned addAffinity(unsigned a, unsigned b, std::string text);
  unsigned addConcurrency(unsigned a, unsigned b, std::string text);
  /// The members of one concurrency group share an instant: what their
  /// pairwise overlaps imply (intervals on a line), stated once so that z3
  /// need not find it (a group over a device's capacity is then a sum, not
  /// a search over orders). A core keeps the pairs where they suffice.
  unsigned addTogether(std::vector<unsigned> members, std::string text);
  /// `op` sits where its x / y say (x_loc / y_loc).
  unsigned addPlace(unsigned op, std::string text);
  /// One partition for `members` (affinity group `group`).
  unsigned addPartition(std::vector<unsigned> members, std::string text);
  /// The device's compute array: columns x rows, compute rows starting at
  /// `firstRow`. Adds the capacity and distinct-tiles facts.
  void setDevice(std::string name, int64_t columns, int64_t firstRow,
                 int64_t rows);

  struct Result {
    enum class Kind { Consistent, Inconsistent, Unknown } kind = Kind::Unknown;
    /// Inconsistent: a minimal set of facts that cannot hold together.
    std::vector<unsigned> core;
    /// Whether the core was proven minimal (every fact needed).
    bool minimal = false;
    /// Consistent: ops in order of execution start, with their execution
    /// and resource lifespans as ranks of one witness schedule.
    struct Span {
      unsigned op;
      int64_t rs, es, ee, re;
      std::optional<int64_t> x, y; // a rectangle's corner when placed
    };
    std::vector<Span> schedule;
    std::string why; // Unknown: the solver's reason
  };
  /// Solves with a time limit (ms) and a resource limit (z3 rlimit units).
  Result solve(unsigned timeoutMs = 5000, unsigned rlimit = 20000000) const;

  const Op &op(unsigned i) const { return ops[i]; }
  const Fact &fact(unsigned i) const { return facts[i]; }
  unsigned numOps() const { return ops.size(); }
  unsigned numFacts() const { return facts.size(); }

  /// "@a runs 1-2 (holds its resources 0-3), @b runs 3-4 (...)" for a
  /// schedule: the ops in `only` (all when empty), at most `limit` of them.
  std::string describe(const Result &r, const std::vector<unsigned> &only = {},
                       unsigned limit = 16) const;

private:
  unsigned addFact(Fact f);
  std::vector<Op> ops;
  std::vector<std::pair<unsigned, unsigned>> nesting;
  std::vector<Fact> facts;
  std::optional<unsigned> capacityFact, distinctFact;
  std::string deviceName;
  int64_t columns = 0, firstRow = 0, rows = 0;
};

} // namespace aircheck

#endif
