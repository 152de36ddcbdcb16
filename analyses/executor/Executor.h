//===- Executor.h - the run's state and the executor ------------*- C++ -*-===//
//
// The executor of the synchronisation skeleton (the semantics:
// SkeletonExecutor.h). The run is a set of processes (sequential bodies)
// and tasks (operations in flight). A process executes its ops in order
// until it reaches a synchronous op that has not completed; an
// asynchronous op becomes a task and the process moves on. Sweeps
// alternate between advancing every process and stepping every task
// (start when the dependency tokens are signalled, complete when the op's
// own rule holds) until the host completes or a sweep changes nothing,
// which is a deadlock.
//
// Ops are issued (started) in program order within a process and, across
// processes and tasks, in sweep order, so the run is deterministic: it is
// one execution the compute model allows, not all of them.
//
// The module, one idea per file: Places (where an op is, instance points),
// IndexMath (the integers a run computes), Engine.cpp (the process and
// task engine: scheduling, events, scopes), OpSemantics.cpp (what each op
// does when a process reaches it, and the values it reads), Run.cpp (the
// run, its order check and its report). This header is the module's own;
// the rest of air-check includes SkeletonExecutor.h.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_EXECUTOR_EXECUTOR_H
#define AIRCHECK_ANALYSES_EXECUTOR_EXECUTOR_H

#include "analyses/executor/SkeletonExecutor.h"
#include "analyses/executor/IndexMath.h"
#include "analyses/executor/Places.h"

#include "analyses/AsyncGraph.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include <functional>
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <deque>
#include <random>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace aircheck::executor {

using namespace mlir;


/// A value as a process sees it: an integer (index or iN), a token, or
/// nothing concrete (with the value that has none, to say why).
struct Val {
  enum class Kind : uint8_t { Int, Token, Opaque };
  Kind kind = Kind::Opaque;
  int64_t num = 0; // the integer, or the token's id
  Value origin;    // Opaque only
  static Val integer(int64_t v) { return {Kind::Int, v, {}}; }
  static Val token(unsigned id) { return {Kind::Token, id, {}}; }
  static Val opaque(Value origin) { return {Kind::Opaque, 0, origin}; }
};

using Env = llvm::DenseMap<Value, Val>;

/// A block a process is executing. A frame that unrolls an scf.for holds the
/// loop, its current induction value and its bounds.
struct Frame {
  Block *block;
  Block::iterator next;
  scf::ForOp loop = nullptr;
  int64_t iv = 0, ub = 0, step = 1;
  /// A process that runs one op of a body (an item, see execItem) stops
  /// here.
  std::optional<Block::iterator> end = std::nullopt;
};

struct Process {
  unsigned id = 0; // its index in Executor::processes
  /// The instance: "@f, launch (0), segment @s, herd @h tile (1, 0)".
  std::string where;
  unsigned scope;
  /// The last event this process waited for: its start, or the completion
  /// of its last synchronous op. Everything it issues next comes after it.
  unsigned frontier = 0;
  /// The scf.parallel task this process is one iteration of, or -1.
  int iterationOf = -1;
  Env env;
  SmallVector<Frame, 4> frames;
  /// In a launch or segment body: the token of the task each op without a
  /// token became, for the ops after it that wait for it (AsyncGraph).
  llvm::DenseMap<Operation *, unsigned> itemTokens;
  /// The task of the synchronous op this process waits in, or -1.
  int waitingOn = -1;
  /// The Item task this process runs the op of, or -1.
  int itemTask = -1;
  bool finished = false;
};

/// The host, or one hierarchy instance: it has completed when its processes
/// have finished and everything they dispatched has completed.
struct Scope {
  unsigned live = 0;   // processes and tasks not yet done
  int instanceOf = -1; // the hierarchy task, -1 for the host
  /// The launch instance this scope is in (its scope), -1 for the host.
  int launchInstance = -1;
  /// A hierarchy instance's ids (empty for the host and an Item's scope).
  SmallVector<int64_t, 2> point;
  /// The events the instance's completion waits for: its processes' last
  /// events and its tasks' completions; then the completion itself.
  SmallVector<unsigned, 4> finals;
  unsigned endEvent = 0;
};

/// The instances a Hierarchy, Parallel or Item task starts.
struct Spread {
  // Hierarchy: the scope of each instance started; Parallel: the last
  // event of each iteration.
  SmallVector<unsigned, 4> instanceScopes, iterationEnds;
  // The instances, the values they start with, how many have been started
  // and how many are running.
  std::vector<Point> points;
  Env captured;
  unsigned nextPoint = 0, running = 0;
  bool oneAtATime = false;          // launch instances in LaunchMode::Serial
  SmallVector<unsigned, 4> reduced; // Parallel
};

/// An operation once a process has reached it.
struct Task {
  enum class Kind {
    Join,      // wait_all, execute, dma_memcpy_nd: complete once started
    Put,       // channel.put: one FIFO per destination
    Get,       // channel.get
    Hierarchy, // launch, segment, herd: complete when every instance has
    Parallel,  // scf.parallel: every iteration reached scf.reduce, and the
               // tokens it reduced are signalled
    Item,      // a loop or branch without tokens in a launch or segment
               // body: runs as a process of its own, complete when that
               // process and what it dispatched are
  };
  Kind kind;
  Operation *op;
  unsigned id;
  /// Where the op was reached: the process, and the trip of each scf.for
  /// around the op in it (the text is built only for a report, whereOf).
  unsigned process = 0;
  SmallVector<std::pair<Operation *, int64_t>, 2> trips;
  unsigned scope; // the scope of the process that reached the op
  unsigned token; // signalled on completion
  SmallVector<unsigned, 4> deps;
  /// The deps that are not the op's tokens but the ops without tokens it
  /// waits for in a launch or segment body (AsyncGraph::blockingWaitsFor).
  SmallVector<unsigned, 2> orderDeps;
  /// A Join that forwards a token an Item's loop or branch yields: its deps
  /// are known once the Item's process has run the op to its end.
  bool depsPending = false;
  /// The deps before it are signalled (what track() looked at: a token
  /// once signalled stays so).
  uint32_t depsSignalled = 0;
  bool forwarder = false;
  /// A Join the observer was told of (a dma_memcpy_nd, a host copy): its
  /// start is reported.
  bool observed = false;
  /// Item: the forwarding Join of each token result of the op, or -1.
  SmallVector<int, 1> forwards;
  bool started = false, done = false;
  // Events: the process's frontier when it reached the op, the start and
  // the completion.
  unsigned dispatchEvent = 0, startEvent = 0, endEvent = 0;
  // Put, Get: elements per transfer, when they are known.
  std::optional<uint64_t> volume;
  // Put, Get: the FIFOs and this transfer's number on each.
  SmallVector<unsigned, 1> fifos;
  SmallVector<uint64_t, 1> numbers;
  /// Hierarchy, Parallel, Item: its instances (null for the other kinds: a
  /// run holds a task per transfer it reached, so they stay small).
  std::unique_ptr<Spread> spread;
};

struct Fifo {
  std::string label; // "@c[1, 0]"
  ChannelFifo state;
  /// The put and get tasks in the order they were issued.
  std::vector<unsigned> puts, gets;
};

/// Something that happened in the run: a process starting, an op starting
/// or completing, an instance completing. It happened after its
/// predecessors, in every schedule: together they are the run's
/// happens-before relation. Events are numbered in the order they happen,
/// so a predecessor always has a smaller number.
struct Event {
  SmallVector<unsigned, 2> preds;
};

struct Token {
  bool signalled;
  int task; // the producer, -1 for air.token.alloc
};

class Executor {
public:
  Executor(func::FuncOp entry, const SkeletonOptions &options,
           const AsyncGraph &graph)
      : entry(entry), options(options), graph(graph),
        rng(options.scheduleSeed) {}
  SkeletonResult run();

private:
  // Scheduling.
  bool tick();
  bool stopped() const { return unsupportedOp || limitReached; }
  unsigned newScope(int instanceOf);
  void release(unsigned scope);
  void spawn(std::string where, unsigned scope, Env env, Frame frame,
             int iterationOf, ArrayRef<unsigned> after);
  unsigned newEvent(ArrayRef<unsigned> preds);
  unsigned tokenEvent(unsigned token) const;
  void checkOrder(SkeletonResult::Order &order);
  bool happensBefore(unsigned a, unsigned b, uint64_t &budget);
  bool advance(Process &p);
  void finish(Process &p);
  /// A task for `op`, reached by `p` where it is now (not yet added).
  Task taskAt(Task::Kind kind, Operation *op, const Process &p) const;
  FailureOr<Task *> newTask(Task::Kind kind, Operation *op, Process &p,
                            ValueRange deps);
  void dispatch(Process &p, Task &t, ValueRange tokenResults);
  bool stepTask(Task &t);
  bool canComplete(const Task &t) const;
  void start(Task &t);
  void complete(Task &t);
  void startInstance(Task &t, ArrayRef<unsigned> after = {});

  // Executing one op.
  LogicalResult exec(Process &p, Operation &op);
  LogicalResult execTerminator(Process &p, Operation &op);
  LogicalResult execHierarchy(Process &p, air::HierarchyOpInterface h);
  LogicalResult execChannel(Process &p, Operation *op, bool isPut);
  LogicalResult execJoin(Process &p, air::AsyncOpInterface op);
  /// Tells the observer, if any, that `p` reached transfer `t`.
  void observe(Process &p, const Task &t, ArrayRef<Point> destinations);
  bool observesHostCopy(Operation *op) const;
  std::optional<uint64_t> transferVolume(Process &p, Operation *op, bool isPut);
  LogicalResult execExecute(Process &p, air::ExecuteOp e);
  LogicalResult execFor(Process &p, scf::ForOp f);
  LogicalResult execParallel(Process &p, scf::ParallelOp par);
  LogicalResult execAffineIf(Process &p, affine::AffineIfOp op);
  LogicalResult execItem(Process &p, Operation &op);
  unsigned newForwarder(Process &p, Operation &op);
  bool isBodyItem(const Process &p, Operation &op) const;
  void enter(Process &p, Region &region);
  LogicalResult execOther(Process &p, Operation &op);
  void evaluate(Process &p, Operation &op);
  void opaqueResults(Process &p, Operation &op);

  // Values.
  Val lookup(Process &p, Value v) const;
  void bind(Process &p, ValueRange to, ArrayRef<Val> values);
  FailureOr<int64_t> integer(Process &p, Value v, Operation *user,
                             const Twine &what);
  FailureOr<unsigned> token(Process &p, Value v, Operation *user);
  LogicalResult unsupported(Operation *op, const Twine &why);
  bool holdsAirOps(Operation *op);
  bool isSkeleton(Operation *op);
  unsigned fifoFor(air::ChannelOp chan, ArrayRef<int64_t> index,
                   const Process &p);
  bool hostUses(air::ChannelOp chan);
  std::string whereOf(const Task &t) const;

  std::vector<SkeletonResult::BlockedOp> blockedOps() const;
  void waitForEdges(std::vector<SkeletonResult::BlockedOp> &out,
                    const llvm::DenseMap<unsigned, unsigned> &index) const;
  int containerOf(unsigned task) const;
  std::string tokenWait(const Task &t) const;

  func::FuncOp entry;
  const SkeletonOptions &options;
  const AsyncGraph &graph;
  /// While exec() runs an op of a launch or segment body: the op, and the
  /// tokens of the ops without tokens it waits for. Its task takes them as
  /// dependencies and does not block the body's process.
  Operation *itemOp = nullptr;
  SmallVector<unsigned, 2> itemDeps;
  std::deque<Process> processes;
  std::vector<unsigned> active; // processes not finished
  std::deque<Task> tasks;
  /// Tasks not done, in the order they were made (with some done ones:
  /// they are dropped now and then, not at every sweep).
  std::vector<unsigned> pending;
  size_t notDone = 0;
  /// The tasks not done that a sweep visits, in the order they were made:
  /// `pending` without the dormant ones (not started, and a dependency not
  /// signalled or not known yet: a visit does nothing). A sweep thus costs
  /// what can move, not every op issued ahead of its tokens.
  /// `woken`: tasks made or woken since the sweep began; `watchers`: per
  /// token, the dormant tasks it wakes.
  std::vector<unsigned> awake, woken;
  llvm::DenseMap<unsigned, SmallVector<unsigned, 2>> watchers;
  /// A new task, or one whose dependencies were just learnt or signalled:
  /// dormant (watching a token it waits for) or woken.
  void track(unsigned task);
  /// The ops of one sweep of the tasks (deterministic schedule): what a
  /// visit of every task in `pending` as the sweep began (the first
  /// `bound` tasks made) would move.
  bool sweepTasks(unsigned bound);
  std::vector<Scope> scopes;
  std::vector<Token> tokens;
  std::vector<Fifo> fifos;
  std::map<std::string, unsigned> fifoIndex;
  std::optional<llvm::StringSet<>> hostChannels; // see hostUses
  std::vector<Event> events;
  std::vector<uint64_t> visited; // happensBefore's marks, one per event
  uint64_t visitStamp = 0;
  llvm::DenseMap<Operation *, bool> airInside;
  SymbolTableCollection symbolTables;
  uint64_t steps = 0, transfers = 0, sweepWork = 0;
  static constexpr uint64_t kVisitsPerStep = 16;
  // The first op the executor cannot run, and why.
  Operation *unsupportedOp = nullptr;
  std::string unsupportedWhy;
  bool limitReached = false;
  // Random schedules (options.scheduleSeed != 0).
  std::mt19937_64 rng;
  bool holdBack() { return options.scheduleSeed && (rng() & 1); }
};

} // namespace aircheck::executor

#endif
