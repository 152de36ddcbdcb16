//===- AsyncGraph.h - the asynchronous control and dataflow graph -*- C++ -*-===//
//
// The ACDG of seed 002 (section 5) over one module. Nodes are the ops that
// run asynchronously: launch, segment, herd, dma_memcpy_nd, channel put and
// get, execute, wait_all, token.alloc, and the scf.for / scf.parallel /
// scf.if / affine.if ops that carry tokens. Edges say what waits for what:
//
//   Dependency    a token in an op's dependency list (through args(...) of
//                 hierarchy ops, and into a loop's first iteration);
//   LoopCarried   a token yielded by one scf.for iteration and awaited in the
//                 next (never a cycle by itself);
//   Reduce        an scf.parallel instance token merged into the loop's result;
//   Yield         a token yielded out of a branch of scf.if / affine.if;
//   Channel       a put to a get of the same channel;
//   Data          in a function, launch or segment body, an op without a
//                 token to a later op that reads or writes what it wrote,
//                 writes what it read, or uses its results, and from a
//                 synchronous air.wait_all to every later op, and from a
//                 launch to every later launch (docs/semantics.md,
//                 "Ordering");
//   ChannelOrder  in such a body, a transfer without a token to a later
//                 transfer on the same channel index.
//
// This graph is the one ordering model: the reference executor, the
// resource peaks and the lowering all read from it what may run at once.
// Ops without tokens run in program order in herd bodies (and in the
// blocks of loops and branches); in function, launch and segment bodies
// they wait only for the earlier ops they have a Data or ChannelOrder edge
// from, as upstream's air-dependency orders a synchronous program, and are
// otherwise co-resident.
//
// Affinity and concurrency lists are hyperedges: groups of ops per token.
// Built once per module as an MLIR analysis.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_ASYNCGRAPH_H
#define AIRCHECK_ANALYSES_ASYNCGRAPH_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace aircheck {

class AsyncGraph {
public:
  enum class EdgeKind {
    Dependency,
    LoopCarried,
    Reduce,
    Yield,
    Channel,
    Data,
    ChannelOrder
  };
  struct Edge {
    unsigned from, to;
    EdgeKind kind;
  };
  struct Node {
    mlir::Operation *op;
    llvm::SmallVector<unsigned, 4> out, in; // edge indices
  };

  explicit AsyncGraph(mlir::Operation *root);

  llvm::ArrayRef<Node> nodes() const { return nodeList; }
  llvm::ArrayRef<Edge> edges() const { return edgeList; }
  /// The node of `op`, or -1.
  int nodeOf(mlir::Operation *op) const;
  /// Ops grouped by the token (its root value) in their affinity or
  /// concurrency lists.
  const llvm::MapVector<mlir::Value, llvm::SmallVector<mlir::Operation *>> &
  affinityGroups() const {
    return affinity;
  }
  const llvm::MapVector<mlir::Value, llvm::SmallVector<mlir::Operation *>> &
  concurrencyGroups() const {
    return concurrency;
  }

  /// Whether the ops of `body` without tokens are ordered by dependences
  /// (function, launch and segment bodies) rather than by program order.
  static bool orderedByDependences(mlir::Block *body);
  /// For an op directly in a dependence-ordered body: the earlier ops there
  /// without a token that it waits for (its Data and ChannelOrder edges).
  llvm::ArrayRef<mlir::Operation *> waitsFor(mlir::Operation *op) const;
  /// The same, through ops that need no time (no AIR op inside: index
  /// math, allocations, compute), down to ops that do: what the executor
  /// waits for before it starts `op`.
  llvm::ArrayRef<mlir::Operation *> blockingWaitsFor(mlir::Operation *op) const;
  /// Whether an op directly in a function, launch or segment body takes
  /// time in the skeleton: an AIR op (other than air.token.alloc) or an op
  /// holding one. Decided once, when the body is ordered.
  bool takesTime(mlir::Operation *op) const { return timedItems.contains(op); }

  /// One line per edge: "dependency: air.herd@3:5 -> air.wait_all@9:7".
  void print(llvm::raw_ostream &os) const;
  static llvm::StringRef kindName(EdgeKind k);

private:
  unsigned addNode(mlir::Operation *op);
  void addEdge(mlir::Operation *from, mlir::Operation *to, EdgeKind kind);
  /// Adds edges into `user` from whatever produces `token`.
  void connect(mlir::Value token, mlir::Operation *user, EdgeKind kind,
               unsigned depth = 0);
  mlir::Value rootOf(mlir::Value token) const;
  /// Data and ChannelOrder edges between the ops of one launch or segment
  /// body.
  void orderBody(mlir::Block &body);

  std::vector<Node> nodeList;
  std::vector<Edge> edgeList;
  llvm::DenseMap<mlir::Operation *, unsigned> index;
  llvm::MapVector<mlir::Value, llvm::SmallVector<mlir::Operation *>> affinity,
      concurrency;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 2>>
      preds, blockingPreds;
  llvm::DenseSet<mlir::Operation *> timedItems;
};

/// Whether two channel transfers may name the same channel index: the same
/// channel, and no index that is constant on both and differs (a put and a
/// get of a broadcast channel address different spaces: they may).
bool transfersMayShareIndex(mlir::Operation *a, mlir::Operation *b);

} // namespace aircheck

#endif
