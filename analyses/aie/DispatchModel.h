//===- DispatchModel.h - the agents of an aie.device and their steps -*- C++ -*-===//
//
// The dispatch model of one aie.device (docs/aie.md, "The dispatch model"):
// its agents (the cores, the BD chains its DMA programs start) as processes
// of steps over the lock semaphores and the stream flows, and an explicit
// state search over every interleaving of those steps. aie-deadlock
// (checkers/aie/AIEDeadlock.cpp) explores it and reports; this file decides
// nothing and reports nothing.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_DISPATCHMODEL_H
#define AIRCHECK_ANALYSES_AIE_DISPATCHMODEL_H

#include "analyses/aie/AIEDesign.h"

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace aircheck::aiecheck::dispatch {

/// The state budget of a search: 200,000, or AIRCHECK_AIE_MAX_STATES (for
/// tests of what an `unknown` leads to, e.g. a compile that refuses).
size_t maxStates();

/// One step of an agent.
struct Step {
  enum Kind { Acquire, AcquireEqual, Release, ReleaseSet, Transfer } kind;
  mlir::Operation *op;
  int lock = -1;
  int64_t value = 0;
};

/// An agent: a core or a BD chain.
struct Proc {
  std::string name;
  mlir::Operation *op;
  bool isCore = false;
  std::vector<Step> steps;
  int loopTo = -1; // the step a chain repeats from; -1: it finishes
  // Transfers: MM2S chains fire with these S2MM chains; an S2MM chain fed by
  // a modelled MM2S chain only moves with it (fedBy).
  std::vector<int> peers;
  int fedBy = -1;
};

struct LockInfo {
  aie::LockOp op;
  std::string name;
  int64_t init = 0, max = 63;
};

struct Model {
  std::vector<Proc> procs;
  std::vector<LockInfo> locks;
  bool aie1 = false;
  std::string unknown; // why the model cannot be built
  mlir::Operation *unknownAt = nullptr;
};

/// The model of a device (with a device model).
Model buildModel(Device &d);

/// A state: the agents' pcs (-1: finished), then the lock values.
using State = std::vector<int32_t>;

struct StateHash {
  size_t operator()(const State &s) const {
    size_t h = 1469598103934665603ull;
    for (int32_t v : s)
      h = (h ^ (uint32_t)v) * 1099511628211ull;
    return h;
  }
};

/// The explicit-state search over every interleaving (up to steps that
/// commute with every other, see safeStep in DispatchModel.cpp).
class Search {
public:
  explicit Search(const Model &m);

  std::vector<State> states;
  std::vector<std::vector<uint32_t>> preds;
  std::vector<bool> terminal;
  /// Set when the search stopped before exploring everything.
  std::string unknown;
  mlir::Operation *unknownAt = nullptr;

  void run();

  /// Can process i take a step in state s (alone, or a transfer with its
  /// peers)? Value overflow is reported by expand.
  bool enabled(const State &s, size_t i) const;

  /// Can process i ever move from state s on (it is a transfer's peer)?
  bool movesIn(const State &s, size_t i) const;

private:
  const Model &m;
  size_t n;
  bool releasesCommute = false;
  std::vector<std::vector<int>> acquirers; // per lock, the processes
  std::unordered_map<State, uint32_t, StateHash> index;

  void add(const State &s, int64_t from);
  void advance(State &s, size_t i) const;
  std::optional<size_t> safeStep(const State &cur) const;
  std::optional<State> successor(const State &cur, size_t i);
  void expand(size_t idx);
};

} // namespace aircheck::aiecheck::dispatch

#endif
