//===- SymbolicDeadlock.h - deadlock freedom for every size -------*- C++ -*-===//
//
// The theorem (docs/semantics.md, "Deadlock freedom for every size"): with
// the channels balanced and each FIFO's puts and gets issued in an order
// the program fixes, every event waits for a fixed set of other events
// (the Kahn-network argument), so the program completes in every schedule
// iff the wait-for graph over event instances has no cycle. An affine
// schedule in which every wait goes forward in time shows there is none,
// for every value of the sizes at once.
//
// The graph is InstanceOrder's waits (the ordering model) and
// FifoMatching's (channel partners, with the depth); isl's scheduler
// proposes the schedule, and it is then checked against every wait on its
// own (a schedule isl got wrong could not prove anything). No schedule, or
// a construct outside the model, is not a verdict: the caller falls back to
// running the program on its concrete sizes.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_SYMBOLIC_SYMBOLICDEADLOCK_H
#define AIRCHECK_ANALYSES_SYMBOLIC_SYMBOLICDEADLOCK_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/AnalysisManager.h"

#include <optional>
#include <string>
#include <vector>

namespace aircheck {

struct SymbolicVerdict {
  bool proven = false;
  /// When not proven: why the symbolic proof does not apply, and where.
  std::string why;
  std::optional<mlir::Location> loc;
  /// What the proof covered: kinds of events (ops) and FIFO sides.
  unsigned eventOps = 0, fifoSides = 0;
  /// The sizes of the program that are parameters, not constants, as
  /// readable names ("argument #0 of @f"); empty when all are constants.
  std::vector<std::string> parameters;
  /// Not proven only because transfers at several places feed one FIFO
  /// and `severalPlaces` was off: trying again with it on may prove it.
  bool needsSeveralPlaces = false;

  /// When no schedule exists and the program has parameters: the values of
  /// the parameters for which some instance waits for itself, from isl's
  /// transitive closure of the waits (`exact`: isl says the closure is
  /// exact, so exactly these values; else a superset), as text over the
  /// readable names ("%arg0 of @f >= 2"), and the smallest such values
  /// (lexicographically, non-negative where there are such; a few, in
  /// order, since the least of a superset may not deadlock) by function
  /// argument, for a run to show the cycle at. Every wait of the model is
  /// one the semantics imposes, so a cycle is a deadlock; callers still run
  /// a witness and report only what the run shows.
  struct Witness {
    std::string when;
    bool exact = false;
    struct Point {
      std::vector<std::pair<mlir::Value, int64_t>> values;
      std::string text; // "%arg0 of @f = 2, ..."
    };
    std::vector<Point> smallest;
  };
  std::optional<Witness> cycle;
};

/// Tries to prove deadlock freedom of `module` (hierarchy wrapped, channels
/// balanced) for every value of its sizes. `severalPlaces`: FIFOs fed from
/// several places of a body are ranked by turns (FifoMatching), whose
/// schedule costs isl several times more (a ping-pong: 0.2 s against the
/// run's few ms); off, such a FIFO is not modelled and the caller may run
/// the program first.
SymbolicVerdict proveDeadlockFreedomSymbolically(mlir::ModuleOp module,
                                                 mlir::AnalysisManager &am,
                                                 bool severalPlaces = true);

} // namespace aircheck

#endif
