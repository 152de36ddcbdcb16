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
//   Channel       a put to a get of the same channel.
//
// Affinity and concurrency lists are hyperedges: groups of ops per token.
// Built once per module as an MLIR analysis.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_ASYNCGRAPH_H
#define AIRCHECK_ANALYSES_ASYNCGRAPH_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace aircheck {

class AsyncGraph {
public:
  enum class EdgeKind { Dependency, LoopCarried, Reduce, Yield, Channel };
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

  std::vector<Node> nodeList;
  std::vector<Edge> edgeList;
  llvm::DenseMap<mlir::Operation *, unsigned> index;
  llvm::MapVector<mlir::Value, llvm::SmallVector<mlir::Operation *>> affinity,
      concurrency;
};

} // namespace aircheck

#endif
