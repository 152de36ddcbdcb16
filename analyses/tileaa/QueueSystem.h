//===- QueueSystem.h - nv_tileaa queue deadlock freedom for every size -*- C++ -*-===//
//
// The processes of a function's queues and the instance-level wait-for
// graph between their queue operations, as isl relations over the
// program's sizes, and the proof that it has no cycle.
//
// Processes: each region of an nv_tileaa.queue.regions op (air-check's op
// for seed 001's producer and consumer pipeline regions, docs/tileaa.md) is
// one sequential process, and the regions run concurrently; a function
// without that op is one sequential process.
//
// Instances: the points of PolyhedralModel (the trip counters of the
// scf.for loops around an op, symbolic trip counts as parameters).
//
// Waits (an edge a -> b: b cannot complete before a has):
//  * program order within a process (the 2d+1 schedule of its loop nest,
//    lexicographically);
//  * the k-th get of a queue waits for its k-th put;
//  * the (k + depth)-th put waits for the k-th get (the queue is full).
// k is a rank: the number of the side's instances before it in program
// order, an affine function of the trip counters and the parameters, which
// requires all puts of a queue in one process and all its gets in one
// process (then the order is fixed and the network is a Kahn network: each
// instance waits for a fixed set of others, and the program completes iff
// every instance has its partner and the graph has no cycle).
//
// Proof: an affine schedule (isl's scheduler, Feautrier) in which every wait
// goes forward, checked against every wait on its own. Without one, isl's
// transitive closure of the waits, where isl computes it exactly: no
// instance waits for itself (a proof), or one does (a cycle at the sizes
// of that instance). Then the graph is enumerated at those and small
// parameter values and a cycle found there is a concrete witness;
// otherwise the verdict is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TILEAA_QUEUESYSTEM_H
#define AIRCHECK_ANALYSES_TILEAA_QUEUESYSTEM_H

#include "analyses/PolyhedralModel.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>
#include <vector>

namespace aircheck::tileaa {

struct QueueVerdict {
  enum class Kind { Proven, Deadlock, Unknown, NotModelled };
  Kind kind = Kind::NotModelled;
  /// Unknown / NotModelled: why, and where.
  std::string why;
  mlir::Operation *at = nullptr;
  /// What the model covered.
  unsigned processes = 0, queueOps = 0, queues = 0;
  std::vector<std::string> parameters; // readable names
  /// Proven only by enumerating the graph (no parameter, no schedule).
  bool enumerated = false;
  /// Proven by isl's exact transitive closure (no schedule found).
  bool byClosure = false;

  /// Deadlock: the parameter values ("" without parameters), and either a
  /// cycle of waits or one op that waits for a partner that never comes.
  std::string where;
  struct Step {
    mlir::Operation *op;
    std::string instance; // "iteration [1, 0]" or ""
    std::string waitsBecause; // why it waits for the next step's op
  };
  std::vector<Step> cycle;
  bool missingPartner = false;
  std::string missingText;
};

/// Decides deadlock freedom of the queue operations of `f`.
QueueVerdict proveQueueDeadlockFreedom(mlir::FunctionOpInterface f,
                                       PolyhedralModel &poly);

} // namespace aircheck::tileaa

#endif
