//===- InstanceOrder.h - the ordering model, instance by instance -*- C++ -*-===//
//
// docs/semantics.md section 3 (what waits for what) over op instances
// rather than ops, as isl relations, so that it holds for every value of
// the sizes at once. It is the polyhedral reading of the same ordering
// model the reference executor runs (analyses/AsyncGraph for function,
// launch and segment bodies; program order in herd, loop and branch
// bodies; tokens through args(...), loop-carried iter_args, scf.parallel
// reductions and branch yields; a hierarchy op completing after everything
// nested in it).
//
// Events are the completions of the skeleton ops: channel put and get,
// dma_memcpy_nd, wait_all, execute, herd, segment, launch; each has the
// instance set of PolyhedralModel as its domain, in a space of its own.
// For every op of the skeleton (events and the loops and branches around
// them) `startOf` is the relation from the events that must have completed
// before an instance of the op can start to that instance; an event cannot
// complete before it starts, so `waits` (every start relation into an event,
// and every nested event into its hierarchy op) are edges of the wait-for
// graph. Channel partners add the rest (FifoMatching).
//
// Relations may hold more than the tightest waits: a wait the semantics
// implies transitively is harmless (it cannot close a cycle that is not
// there). What is not modelled exactly (an op whose instances are unknown,
// a branch on a value that is not affine, a token whose producer is not
// traced) makes the whole model `NotModelled`, never a smaller graph.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_SYMBOLIC_INSTANCEORDER_H
#define AIRCHECK_ANALYSES_SYMBOLIC_INSTANCEORDER_H

#include "analyses/AsyncGraph.h"
#include "analyses/PolyhedralModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <map>
#include <functional>
#include <string>
#include <vector>

namespace aircheck {

/// Why the symbolic model does not cover a program, and where.
struct NotModelled {
  std::string why;
  mlir::Location loc;
  /// Raised only because ranking a FIFO fed from several places was off.
  bool severalPlaces = false;
};

/// How InstanceOrder::link relates the trips of one loop, by its counter
/// `iv`: every pair (Any), the first trip of `b` (First), the next trip
/// (Next: b's is a's + 1) or a later one (Later: b's > a's).
struct LinkTrips {
  enum Kind { Any, First, Next, Later } kind = Any;
  mlir::Value iv = {};
};

class InstanceOrder {
public:
  /// Builds the model of the launches of `module`; throws NotModelled (or
  /// isl::exception) when a construct is outside it.
  InstanceOrder(mlir::ModuleOp module, PolyhedralModel &poly,
                const AsyncGraph &graph);

  struct Node {
    mlir::Operation *op; // the op, or for a token join the op whose dims it has
    std::string name;    // the tuple name of its space
    isl::set domain;     // its instances
    std::vector<Dim> dims;
  };

  /// The node of any op the model has visited (created on demand).
  const Node &node(mlir::Operation *op);
  /// Events: the ops whose completion the wait-for graph relates.
  static bool isEvent(mlir::Operation *op);
  llvm::ArrayRef<mlir::Operation *> events() const { return eventOps; }
  /// The instances of every node of the wait-for graph: the events and the
  /// joins of tokens that loops and branches carry (a loop's result, an
  /// iteration's iter_arg: signalled once all they merge are).
  isl::union_set eventDomains();

  /// Events that must have completed before an instance of `op` starts.
  isl::union_map startOf(mlir::Operation *op) const;
  /// The waits of the ordering model: start relations into events, and
  /// nested events into their hierarchy ops.
  isl::union_map waits() const { return waitEdges; }

  using Trips = LinkTrips;
  /// The relation between instances of `a` and of `b` that agree on the
  /// dims they share (the loops and hierarchy ops around both), with
  /// `trips` on one loop's counter; dims whose iv is in `free` are not
  /// equated.
  isl::union_map link(mlir::Operation *a, mlir::Operation *b,
                      Trips trips = {}, llvm::ArrayRef<mlir::Value> free = {});
  isl::union_map link(const Node &a, const Node &b, Trips trips = {},
                      llvm::ArrayRef<mlir::Value> free = {});

  PolyhedralModel &poly() { return polyModel; }

private:
  struct Reach {
    isl::union_map rel; // events -> carrier instances
    bool passesEntry = false;
  };

  isl::union_map empty();
  mlir::Operation *carrier(mlir::Block &b);
  bool relevant(mlir::Operation *op);
  isl::union_map retarget(const isl::union_map &r, mlir::Operation *from,
                          mlir::Operation *to);
  isl::union_map identityOf(mlir::Operation *op);
  [[noreturn]] void fail(const std::string &why, mlir::Location loc);

  Reach walkSequential(mlir::Block &b, const isl::union_map &entry, bool record);
  void walkOrdered(mlir::Block &b, const isl::union_map &bodyStart, bool record);
  /// Starts `op` with `start` (events -> op) in a body of either kind;
  /// returns what has completed once the body can go on past it: the op's
  /// completion when it blocks, else `ifNotBlocking`.
  isl::union_map visit(mlir::Operation *op, const isl::union_map &start,
                       const isl::union_map &ifNotBlocking, bool record);
  isl::union_map walkFor(mlir::Operation *loop, const isl::union_map &start,
                         bool record);
  isl::union_map walkParallel(mlir::scf::ParallelOp loop,
                              const isl::union_map &start, bool record);
  isl::union_map walkBranches(mlir::Operation *op, const isl::union_map &start,
                              bool record);
  void walkHierarchy(mlir::Operation *op, const isl::union_map &start,
                     bool record);

  /// The events whose completion signals `token`, as seen by `user`.
  isl::union_map producers(mlir::Value token, mlir::Operation *user);
  /// The join node of a token a loop or a branch carries, with its waits.
  const Node &join(mlir::Value token);
  Node &addNode(mlir::Operation *anchor, isl::set domain);
  isl::union_map tokenDeps(mlir::Operation *op);

  PolyhedralModel &polyModel;
  const AsyncGraph &graph;
  llvm::DenseMap<mlir::Operation *, unsigned> nodeIndex;
  llvm::DenseMap<mlir::Value, unsigned> joinIndex;
  std::map<std::string, isl::union_map> linkCache;
  std::deque<Node> nodes; // references stay valid as it grows
  std::vector<const Node *> joins;
  std::vector<mlir::Operation *> eventOps;
  llvm::DenseMap<mlir::Operation *, isl::union_map> starts, ends;
  isl::union_map waitEdges;
};

} // namespace aircheck

#endif
