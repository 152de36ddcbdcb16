//===- SkeletonExecutor.h - run the synchronisation skeleton ----*- C++ -*-===//
//
// A reference executor for deadlock questions (issue 5): it runs the
// synchronisation skeleton of every function of a module on concrete sizes
// and reports whether the run completed or got stuck, and where.
//
// The skeleton is what decides progress under seed 000 (1.4, 1.5, 2.1-2.6):
//
//   processes  the host (a function body), each launch instance, each
//              segment instance and each herd tile run their body in program
//              order; all instances of a segment or herd run at once, launch
//              instances one at a time or all at once (`LaunchMode`);
//   tokens     an op with a result token is dispatched and runs in the
//              background: it starts when its dependency tokens are signalled
//              and signals its own token when it completes; an op without one
//              blocks its process until it completes;
//   channels   one FIFO per channel and concrete index (per destination of a
//              broadcast): the k-th put issued on a FIFO is matched with the
//              k-th get; get k completes once put k has been issued, put k
//              once get k - (depth - 1) has been issued. Launch instances
//              that run at once are independent: each has its own FIFOs.
//
// Values that decide the shape of the run (sizes, loop bounds, channel
// indices, branch conditions) are evaluated from arith, affine.apply/min/max
// and air.execute results; one that is not concrete (a function argument,
// a value loaded from memory) makes the verdict `unsupported`, as does IR the
// executor cannot run. Compute ops without AIR ops inside are skipped.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_EXECUTOR_SKELETONEXECUTOR_H
#define AIRCHECK_ANALYSES_EXECUTOR_SKELETONEXECUTOR_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aircheck {

class AsyncGraph;

/// How the instances of one launch iteration space run (seed 000 2.1: they
/// are may-be-parallel, so a program must complete both ways). Serially,
/// separate launch ops also run one at a time, in program order.
enum class LaunchMode { Serial, Parallel };

/// Watches the channel transfers of a run (the NPU lowering builds its BD
/// chains from what it sees: the order the run gives is the verified one).
class TransferObserver {
public:
  virtual ~TransferObserver() = default;
  /// A process reached a put, a get or a dma_memcpy_nd; `id` names this
  /// transfer from now on. `destinations` are the FIFO indices a put or get
  /// addresses (one per destination of a broadcast put; none for a
  /// dma_memcpy_nd); `valueOf` evaluates a value in the environment of
  /// the process at the op (nullopt when it is not concrete), and only
  /// during this call.
  virtual void reached(
      unsigned id, mlir::Operation *op,
      llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> destinations,
      llvm::function_ref<std::optional<int64_t>(mlir::Value)> valueOf) = 0;
  /// The hierarchy instances the process at the op runs in, outermost
  /// first: each launch, segment and herd op with its instance's ids.
  /// Called just before `reached`, for the same op, by observers that ask
  /// (observesInstances).
  virtual void instances(
      llvm::ArrayRef<std::pair<mlir::Operation *, llvm::SmallVector<int64_t, 2>>>
          chain) {}
  virtual bool observesInstances() const { return false; }
  /// Transfer `id` started: it took its place in its FIFOs. Starts are
  /// reported in the order they happen.
  virtual void started(unsigned id) = 0;
  /// Whether the observer is also told of host copies: a memref.copy outside
  /// herds (reached as the copy) and an air.execute there holding one
  /// (reached as the execute), each started once it may move data. The
  /// translation validator replays them; the lowering leaves them to its
  /// own rewrite (lowerings/AIRToAIE/ForwardHostCopies).
  virtual bool observesHostCopies() const { return false; }
};

struct SkeletonOptions {
  LaunchMode launchMode = LaunchMode::Serial;
  /// Each op a process executes and each start or completion of an
  /// operation counts as one step, per function; so do every 16 visits of a
  /// process or task that a sweep makes.
  uint64_t maxSteps = 1000000;
  /// Events the order check may visit (see SkeletonResult::Order).
  uint64_t maxOrderVisits = 20000000;
  /// 0: the deterministic sweep order. Otherwise the seed of a random
  /// schedule: processes and tasks are visited in a shuffled order, some are
  /// held back for a sweep, and a process runs a few ops at a time, so racing
  /// transfers are issued in a different order (for differential tests of
  /// the order check; a stuck state is still only declared when nothing can
  /// move).
  uint64_t scheduleSeed = 0;
  /// Values for function arguments (a function's block arguments); the
  /// others have no concrete value.
  llvm::DenseMap<mlir::Value, int64_t> arguments;
  /// Told of every channel transfer, when set.
  TransferObserver *observer = nullptr;
};

struct SkeletonResult {
  enum class Verdict { Completed, Deadlock, Unsupported, StepLimit };
  Verdict verdict = Verdict::Completed;
  /// Channel transfers that completed (gets; a broadcast put feeds several).
  uint64_t transfers = 0;
  /// Unsupported: why, starting with the location of the op concerned;
  /// the op, and why without the location.
  std::string reason;
  mlir::Operation *unsupportedOp = nullptr;
  std::string unsupportedWhy;
  /// Deadlock: one line per blocked op: those in channel transfers, then
  /// those waiting for tokens, each sorted by location.
  std::vector<std::string> blocked;
  /// The same, as the op and what it waits for (without the location).
  struct BlockedOp {
    mlir::Operation *op;
    std::string what;
    /// The instance it runs in ("@f, launch, segment @s, herd @a tile (0)",
    /// with its loop iterations), and what it waits for, short: "@c[0] put
    /// #2" (a get), "@c[0] get #1" (a put), "token" (for a token).
    std::string place, waits;
    /// The wait-for relation among the blocked ops (indices into
    /// blockedOps): the ops this one may wait for. A token's producer, the
    /// ops blocked inside a hierarchy op or loop that has started, and for a
    /// transfer, the ops that hold back every op that could be its partner:
    /// a partner not yet started, or a process blocked before code that
    /// could issue one.
    std::vector<unsigned> waitsFor;
  };
  std::vector<BlockedOp> blockedOps;
  /// StepLimit: the bound that was reached.
  uint64_t maxSteps = 0;
  /// Completed in LaunchMode::Parallel (not checked serially): whether the
  /// run stands for every schedule the compute model
  /// allows. It does when on every FIFO the puts are ordered by the run's
  /// happens-before relation (tokens, program order, instances, the
  /// transfers matched before them), and so are the gets, each FIFO ends
  /// with as many gets as puts, and matched transfers have equal sizes:
  /// then every schedule matches the same transfers and waits for the same
  /// events, and none gets stuck.
  struct Order {
    bool checked = false, holds = false;
    /// When it does not hold: why, and the transfers concerned, each with
    /// its number, FIFO and instance.
    std::string reason;
    enum class Cause { Unordered, Sizes, Leftover, Budget } cause =
        Cause::Unordered;
    struct Site {
      mlir::Operation *op;
      std::string what;
    };
    llvm::SmallVector<Site, 2> sites;
    uint64_t fifos = 0;
  } order;

  /// "skeleton: <verdict>" and, for a deadlock, "  blocked: ..." lines (at
  /// most kMaxPrintedBlocked, then how many more there are).
  void print(llvm::raw_ostream &os) const;
  static constexpr size_t kMaxPrintedBlocked = 100;
};

/// Runs every function with a body in `module`, each on its own (fresh
/// channels), in order. The module's verdict is the most severe one
/// (deadlock, then step limit, then unsupported), the first function's among
/// equals; transfers are summed.
SkeletonResult runSkeleton(mlir::ModuleOp module,
                           const SkeletonOptions &options);
/// The same with the module's ordering model already built.
SkeletonResult runSkeleton(mlir::ModuleOp module,
                           const SkeletonOptions &options,
                           const AsyncGraph &graph);

/// One FIFO of a channel. Transfers are numbered from 0 in order of issue on
/// each side.
class ChannelFifo {
public:
  explicit ChannelFifo(uint64_t depth) : depth(depth) {}
  /// Issues the next put (get) and returns its number.
  uint64_t issuePut() { return puts++; }
  uint64_t issueGet() { return gets++; }
  /// Put k completes once get k - (depth - 1) has been issued: depth 1 is a
  /// rendezvous, depth N lets the producer be N - 1 transfers ahead.
  bool putCanComplete(uint64_t k) const { return k + 1 < gets + depth; }
  /// Get k completes once put k has been issued.
  bool getCanComplete(uint64_t k) const { return k < puts; }
  /// The get that put k waits for (only when it cannot complete yet).
  uint64_t getAwaitedByPut(uint64_t k) const { return k + 1 - depth; }
  /// Whether put k waits for a get at all (k >= depth - 1).
  bool putAwaitsGet(uint64_t k) const { return k + 1 >= depth; }

private:
  uint64_t depth;
  uint64_t puts = 0, gets = 0;
};

/// The destination indices a put at `source` reaches on a channel of bundle
/// shape `shape` with broadcast shape `broadcastShape` (NumPy rules): every d
/// with source_i = (shape_i == 1 ? 0 : d_i). A bundle of rank 0 reaches all.
std::vector<llvm::SmallVector<int64_t, 4>>
broadcastDestinations(llvm::ArrayRef<int64_t> shape,
                      llvm::ArrayRef<int64_t> broadcastShape,
                      llvm::ArrayRef<int64_t> source);

} // namespace aircheck

#endif
