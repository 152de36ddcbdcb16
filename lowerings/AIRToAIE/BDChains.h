//===- BDChains.h - each endpoint's BD chain and its lock actions -*- C++ -*-===//
//
// Every buffer a DMA touches gets locks (AIE2 counting semaphores). A BD
// acquires at most one lock and releases at most one, so:
//
//  * L1 (a core buffer), one stream: a producer lock counting the free
//    slot (init 1) and a consumer lock counting the full one (init 0). An
//    S2MM BD acquires the producer lock and releases the consumer lock, an
//    MM2S BD the reverse; the core does the complement (CoreBodies.h).
//  * L1 relay (received into and sent from in turn by one core): a third,
//    `ready` lock: S2MM producer -> consumer, core consumer -> ready, MM2S
//    ready -> producer.
//  * L2 (a memory-tile buffer): the streams take turns. A turn is a maximal
//    run of one stream's transfers in the run's order; the turn sequence,
//    folded to its period P, is a ring of P locks, the first with init 1. A
//    turn's first BD acquires its lock and its last releases the next
//    turn's. One writer and one reader in turn is the usual producer/
//    consumer pair; a scatter or gather through one buffer has its readers
//    (writers) take turns, in the run's order. A turn that repeats its own
//    transfers is cut at its period into turns of the same stream (each
//    hands the lock to itself), where the ring does not grow: a buffer one
//    stream reads in every launch instance folds to one period. Or, where that order makes
//    the cores wait on each other (`interleaveReads`), the readers of one
//    fill take turns transfer by transfer, round-robin (reads of one fill
//    commute): a token passed along the turns, one lock per stream, the
//    first turn's with init 1. A lock has one acquirer, its stream, whose
//    chain holds its turns in the order the token visits them.
//  * L2 with several readers (or writers) at once: phases (issue 20). Where
//    the turns would have several streams read one fill one after another
//    (a 4x4 herd's panel rows, each sent to its own herd row), the readers
//    of one fill must read at once: each reads a little, a core takes it,
//    and the core needs its other operand from another buffer's readers. A
//    phase is a maximal run of reads (or of writes) in the run's order; its
//    streams run at once, each with one multi-dimensional BD where its
//    transfers in the phase step through the buffer as a loop nest of
//    constant strides (foldedAccess).
//    A phase hands over to the next through one lock: its one stream
//    releases it by the next phase's stream count, or its streams release
//    it by 1 each and the next phase's one stream acquires their count.
//    The phase locks form a ring of twice the phases' period (so a fast
//    stream coming round to its next phase never finds a count left for a
//    slower one).
//    Writers of one phase write disjoint elements (checked element by
//    element), and two consecutive phases never both have several streams;
//    otherwise the buffer takes turns.
//  * L2 that no DMA writes (its contents undefined, or an initial value):
//    nothing stops its readers, so their chains end, one period run as many
//    passes as the program reads (`repeat_count`, at most kMaxChainPasses
//    passes: several periods per pass beyond).
//  * L3: the runtime sequence drives the shim; no locks.
//
// A chain is the endpoint's sequence of BDs made cyclic at its shortest
// period (a DMA channel repeats its chain; it stops where the data stops).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_BDCHAINS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_BDCHAINS_H

#include "lowerings/AIRToAIE/TransferPlan.h"

namespace aircheck::npu {

struct BD {
  Access access;
  /// Indices into the buffer's locks (Chains::locks); -1 for none.
  int acquireLock = -1, releaseLock = -1;
  /// The amounts (AcquireGreaterEqual v, Release v): 1 except where an L2
  /// phase hands over to, or from, several streams at once.
  int64_t acquireValue = 1, releaseValue = 1;
  bool operator==(const BD &o) const {
    return access == o.access && acquireLock == o.acquireLock &&
           releaseLock == o.releaseLock && acquireValue == o.acquireValue &&
           releaseValue == o.releaseValue;
  }
};

/// The locks of one buffer: initial values and roles (for names).
struct BufferLocks {
  std::vector<int64_t> init;
  std::vector<std::string> role;
};

/// For L1 buffers, the lock indices the core uses.
enum : int { kProducer = 0, kConsumer = 1, kReady = 2 };

struct Chains {
  /// Per endpoint: its cyclic chain (L1, L2), or every transfer (L3).
  std::vector<std::vector<BD>> chains;
  /// Per endpoint: 0 where the chain repeats for ever (it stops where the
  /// data stops: a writer upstream runs out), else the number of passes it
  /// makes and ends (`repeat_count` = passes - 1). An L2 buffer that no DMA
  /// writes (its contents undefined, or an initial value) has readers that
  /// nothing stops: each runs as many passes as the program reads.
  std::vector<int64_t> passes;
  /// Per buffer: its locks (none for L3 and untouched buffers).
  std::vector<BufferLocks> locks;
};

/// The most passes a chain's `repeat_count` gives (the DMA's start queue
/// counts repeats in 8 bits).
constexpr int64_t kMaxChainPasses = 256;

/// The shortest p with seq[i] == seq[i mod p] for every i (seq.size() when
/// there is none shorter; 0 for an empty sequence).
size_t chainPeriod(const std::vector<BD> &seq);

/// Row-major strides of a buffer of `shape` (in elements).
llvm::SmallVector<int64_t, 4> rowMajor(llvm::ArrayRef<int64_t> shape);

/// An access with every dimension explicit: the element at iteration i is
/// the one at linear address sum_k (offs[k] + i[k]) * strides[k] of the
/// buffer's row-major layout. AIR's normalisation (the one place it is
/// made): an empty pattern is the whole buffer in its shape, missing strides
/// are row-major over the sizes, and offsets align with the innermost
/// dimensions.
struct ExplicitPattern {
  llvm::SmallVector<int64_t, 4> offs, sizes, strides;
  /// The linear address of iteration 0.
  int64_t base() const;
  /// The number of elements (iterations).
  int64_t count() const;
  /// The outermost dimension of more than one iteration (-1: none).
  int outer() const;
};
ExplicitPattern explicitPattern(const Access &a, mlir::MemRefType type);

/// A BD's address pattern: the linear offset (sum of offsets[i] *
/// strides[i]), the length (the product of the sizes) and the dimensions a
/// DMA walks, outermost first, with size-1 dimensions dropped and contiguous
/// ones merged; no dimensions when the pattern is contiguous.
struct BDPattern {
  int64_t offset = 0, len = 0;
  llvm::SmallVector<int64_t, 4> sizes, strides;
  /// A padded access: its dimensions as written (none dropped or merged,
  /// mlir-aie pads per dimension), the pads one per dimension, and `len`
  /// the padded sizes' product.
  llvm::SmallVector<int64_t, 4> padBefore, padAfter;
};
BDPattern bdPattern(const Access &a, mlir::MemRefType type);

/// Annotates every endpoint's accesses with lock actions and folds each
/// chain to its period. Refuses buffers the protocol cannot serve.
/// `phases`: L2 buffers read or written by several streams at once get
/// phases where they apply (else every L2 buffer takes turns); `maxL2Dims`:
/// the dimensions a memory tile's BD walks (a phase's BD folds its
/// transfers only within them).
/// `foldTurns`: a turn of several transfers of one L2 stream that step
/// through the buffer as a loop nest of constant strides is one BD (the
/// same words in the same order; the BDs inside a turn had no lock
/// actions).
/// `interleaveReads`: where several streams read one fill of an L2 buffer
/// that takes turns (and touch no other buffer), they take them transfer
/// by transfer, round-robin; each stream then has one lock (a token passed
/// along the turns) instead of one per turn of the ring.
mlir::FailureOr<Chains> buildChains(const TransferPlan &plan,
                                    int64_t maxL2Dims = 4, bool phases = false,
                                    bool foldTurns = false,
                                    bool interleaveReads = false);

} // namespace aircheck::npu

#endif
