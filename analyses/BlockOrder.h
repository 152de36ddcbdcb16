//===- BlockOrder.h - what runs before what, op by op -------------*- C++ -*-===//
//
// The ordering model of docs/semantics.md section 3 (AsyncGraph) read at the
// level of one block: for two ops directly in a block, whether, in one
// instance of the block (one herd tile, one loop iteration), the first
// completes before the second starts. The edges are the ones the executor
// and the symbolic proof follow:
//   * tokens: an op waits for the sibling that produced a token it lists
//     (directly, or through a loop's init tokens and wait_all);
//   * program order: in a herd body and in the blocks of loops and branches,
//     an op without a result token blocks its core, so it completes before
//     every later op of the block starts;
//   * in function, launch and segment bodies, an op waits for the earlier
//     ops AsyncGraph::waitsFor names (data, channel order, barriers).
// Across iterations of an scf.for, an op of iteration i completes before an
// op of every later iteration when a blocking op after it waits for it, or
// when it reaches a yielded token that the next iteration's op waits for,
// through a token slot every iteration passes on.
//
// What this does not find is reported as "may run at once": an order it
// misses can only make a consumer (the race and lifetime checks) report
// more, never less.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_BLOCKORDER_H
#define AIRCHECK_ANALYSES_BLOCKORDER_H

#include "analyses/AsyncGraph.h"
#include "analyses/PolyhedralModel.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <tuple>
#include <memory>

namespace aircheck {

/// One class of instance pairs (a, b) of two ops, as isl constraints over
/// a0.. (the dims of a) and b0.. (of b), with what the ordering model says
/// of every pair in it.
struct PairCase {
  std::string constraint;
  bool aFirst = false, bFirst = false; // a completes before b starts, or b before a
  std::string how;                     // why they may run at once, if so
  /// The ops that hold a and b where the pairs part: the hierarchy op or
  /// loop whose instances differ, or their ancestors in the lowest common
  /// block.
  mlir::Operation *holderA = nullptr, *holderB = nullptr;
  /// Of the pairs of this case that no token, blocking op or dependence
  /// orders, those a channel rendezvous puts a first: an isl map from a's
  /// instances (a0..) to b's (b0..), or none. (No consumer needs b first
  /// through a channel: it asks channelOrdered(b, a) itself.)
  std::optional<isl::map> aFirstPart;
};

class BlockOrder {
public:
  explicit BlockOrder(const AsyncGraph &graph) : graph(graph) {}

  /// The ancestor of `op` directly in `block` (the op itself), or null.
  static mlir::Operation *ancestorIn(mlir::Operation *op, mlir::Block *block);
  /// Whether `op` blocks the block it is in until it completes: it returns
  /// no token.
  static bool blocks(mlir::Operation *op);

  /// For `a` and `b` directly in one block: in one instance of the block,
  /// `a` completes before `b` starts.
  bool before(mlir::Operation *a, mlir::Operation *b);
  /// For `a` and `holder` directly in one block and `b` nested in `holder`
  /// (a loop or branch that may start before `a` completes): `b`, or an op
  /// inside `holder` that `b` starts after, waits for a token signalled
  /// once `a` has completed. Then `b` starts after `a` completes.
  bool waitsInside(mlir::Operation *a, mlir::Operation *b,
                   mlir::Operation *holder);
  /// For `a` and `b` directly in one block: `a` completes before `b` does
  /// (`b` may start earlier: a loop or branch whose body waits for `a`).
  bool doneBefore(mlir::Operation *a, mlir::Operation *b);
  /// `access` (nested anywhere below the op of `block` it is in) has
  /// completed once that op has, in the sense `before` uses.
  bool closedIn(mlir::Operation *access, mlir::Block *block);
  /// For `a` and `b` directly in the body of `loop`: `a` in an iteration
  /// completes before `b` starts in every later one.
  bool carriedBefore(mlir::Operation *a, mlir::Operation *b,
                     mlir::Operation *loop);
  /// The instance pairs of `a` and `b` that can meet on a buffer allocated
  /// by `allocation` (null: a function argument): those that agree on the
  /// dims around it, split by the first shared dim on which they differ
  /// (instances of hierarchy ops and scf.parallel iterations: never
  /// ordered; scf.for trips: carriedBefore), then the pairs that agree on
  /// every shared dim (before and closedIn in the lowest block holding both;
  /// none when a and b sit in different regions of one branch op).
  /// With `channels`, each case also gets the pairs a channel rendezvous
  /// puts a first (aFirstPart); a consumer that needs them only for
  /// some pairs asks channelOrdered itself, later.
  std::vector<PairCase> instancePairs(PolyhedralModel &poly, mlir::Operation *a,
                                      mlir::Operation *b,
                                      mlir::Operation *allocation,
                                      bool channels = true);
  /// The innermost block holding both ops (each through an ancestor).
  static mlir::Block *lowestCommonBlock(mlir::Operation *a, mlir::Operation *b);

  /// For an op directly in `block`: a later op of the block waits for it
  /// and blocks (so it completes before the block's instance ends).
  bool closedBySync(mlir::Operation *a);

  /// Channel rendezvous (docs/semantics.md 3a; analyses/RendezvousOrder):
  /// the instance pairs (map from a's instances to b's) in which `a`
  /// completes before `b` touches its buffer, because of a channel of
  /// depth 1: a put and its get complete together, and move their data at
  /// the rendezvous, once both are issued. So `a`, a put or get, is first
  /// when every partner instance (same channel index, same launch
  /// instance) completes before `b` starts; a put or get `b` moves its data
  /// after `a` when `a` completes before every partner instance of `b`
  /// starts. The partners' own order is the ordering model's, one more
  /// level of rendezvous included. Empty when no channel orders them.
  isl::map channelOrdered(PolyhedralModel &poly, mlir::Operation *a,
                          mlir::Operation *b, std::string &channel);

private:
  struct Reach {
    llvm::DenseMap<mlir::Operation *, unsigned> index; // ops, then args
    /// after[i]: the ops that start after i completes (a path of waits
    /// whose last one is a wait to start); done[i]: the ops that complete
    /// after i does (any path: a loop or branch completes after the tokens
    /// its body waits for, though it may start before).
    std::vector<llvm::BitVector> after, done;
    unsigned numOps = 0;
  };
  Reach &reach(mlir::Block *block);
  bool reaches(Reach &r, unsigned from, unsigned to) {
    return r.after[from].test(to);
  }
  bool completesBefore(Reach &r, unsigned from, unsigned to) {
    return r.done[from].test(to);
  }
  unsigned nodeOfValue(Reach &r, mlir::Block *block, mlir::Value token);

  const AsyncGraph &graph;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<Reach>> cache;
  /// Puts and gets of each channel symbol, per module (partnersOf).
  llvm::DenseMap<mlir::Operation *,
                 std::unique_ptr<llvm::StringMap<std::vector<mlir::Operation *>>>>
      ends;
  /// The ops at the other end of `chan`'s channel, or none if its depth is
  /// not 1.
  const std::vector<mlir::Operation *> *partnersOf(mlir::Operation *chan);
  /// Instance pairs of `x` and `y` (x's dims -> y's dims) in which `x`
  /// completes before `y` starts (the cases of instancePairs, in the
  /// launch instance of `y`).
  isl::map orderedPairs(PolyhedralModel &poly, mlir::Operation *x,
                        mlir::Operation *y);
  /// Instance pairs of a put or get `x` and an op `p` at the other end of
  /// its channel that may meet: the same channel index (every pair for a
  /// broadcast or an index that is not affine), the same launch instance.
  isl::map partnerPairs(PolyhedralModel &poly, mlir::Operation *x,
                        mlir::Operation *p);
  isl::map partnerPairsImpl(PolyhedralModel &poly, mlir::Operation *x,
                            mlir::Operation *p);
  isl::map channelOrderedImpl(PolyhedralModel &poly, mlir::Operation *a,
                              mlir::Operation *b, std::string &channel);
  /// `pairs` (partners of `x` and `p`) narrowed to the same trip where FIFO
  /// order makes the k-th of each meet in one trip.
  isl::map sameRound(PolyhedralModel &poly, mlir::Operation *x,
                     mlir::Operation *p, isl::map pairs);
  /// How many rendezvous questions are open. Each level follows one more
  /// channel between the two ops; two (a C tile sent to a herd and got
  /// back) measured best on upstream's programs, deeper chains cost more
  /// and isl gave up on some.
  unsigned rendezvousDepth = 0;
  static constexpr unsigned maxRendezvousDepth = 2;
  /// Answers of orderedPairs and channelOrdered, per depth.
  using Key = std::tuple<mlir::Operation *, mlir::Operation *, unsigned>;
  std::map<Key, isl::map> orderedMemo, partnerMemo;
  std::map<Key, std::pair<isl::map, std::string>> channelMemo;
};

} // namespace aircheck

#endif
