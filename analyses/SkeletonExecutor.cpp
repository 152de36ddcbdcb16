//===- SkeletonExecutor.cpp - run a program's synchronisation skeleton ----===//
//
// The run is a set of processes (sequential bodies) and tasks (operations in
// flight). A process executes its ops in order until it reaches a
// synchronous op that has not completed; an asynchronous op becomes a task
// and the process moves on. Sweeps alternate between advancing every process
// and stepping every task (start when the dependency tokens are signalled,
// complete when the op's own rule holds) until the host completes or a sweep
// changes nothing, which is a deadlock.
//
// Ops are issued (started) in program order within a process and, across
// processes and tasks, in sweep order, so the run is deterministic: it is
// one execution the compute model allows, not all of them.
//
//===----------------------------------------------------------------------===//
#include "analyses/SkeletonExecutor.h"

#include "analyses/AsyncGraph.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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
#include <optional>
#include <tuple>

using namespace mlir;
using namespace aircheck;

using Point = SmallVector<int64_t, 4>;

//===----------------------------------------------------------------------===//
// Locations, names, points
//===----------------------------------------------------------------------===//

static FileLineColLoc fileLoc(Operation *op) {
  return op->getLoc()->findInstanceOf<FileLineColLoc>();
}

/// "line:col" of an op.
static std::string lineCol(Operation *op) {
  if (FileLineColLoc l = fileLoc(op))
    return (Twine(l.getLine()) + ":" + Twine(l.getColumn())).str();
  return "?:?";
}

/// "file:line:col" of an op.
static std::string fileLineCol(Operation *op) {
  if (FileLineColLoc l = fileLoc(op))
    return (l.getFilename().getValue() + ":" + Twine(l.getLine()) + ":" +
            Twine(l.getColumn()))
        .str();
  return "<unknown location>";
}

static std::string tuple(ArrayRef<int64_t> values) {
  return "(" +
         llvm::join(llvm::map_range(
                        values, [](int64_t v) { return std::to_string(v); }),
                    ", ") +
         ")";
}

/// The points of lbs <= p < ubs in steps, the last dimension fastest.
static std::vector<Point> boxPoints(ArrayRef<int64_t> lbs,
                                    ArrayRef<int64_t> ubs,
                                    ArrayRef<int64_t> steps) {
  std::vector<Point> points;
  for (unsigned i = 0; i < lbs.size(); ++i)
    if (lbs[i] >= ubs[i])
      return points;
  Point p(lbs.begin(), lbs.end());
  while (true) {
    points.push_back(p);
    int i = static_cast<int>(p.size()) - 1;
    for (; i >= 0; --i) {
      p[i] += steps[i];
      if (p[i] < ubs[i])
        break;
      p[i] = lbs[i];
    }
    if (i < 0)
      return points;
  }
}

/// The number of points of boxPoints(lbs, ubs, steps), saturated at `cap`.
static uint64_t boxSize(ArrayRef<int64_t> lbs, ArrayRef<int64_t> ubs,
                        ArrayRef<int64_t> steps, uint64_t cap) {
  uint64_t n = 1;
  for (unsigned i = 0; i < lbs.size(); ++i) {
    if (lbs[i] >= ubs[i])
      return 0;
    uint64_t len = llvm::divideCeil(static_cast<uint64_t>(ubs[i] - lbs[i]),
                                    static_cast<uint64_t>(steps[i]));
    n = len > cap / n ? cap : n * len;
  }
  return std::min(n, cap);
}

std::vector<Point>
aircheck::broadcastDestinations(ArrayRef<int64_t> shape,
                                ArrayRef<int64_t> broadcastShape,
                                ArrayRef<int64_t> source) {
  SmallVector<int64_t> zeros(broadcastShape.size(), 0),
      ones(broadcastShape.size(), 1);
  std::vector<Point> reached;
  for (Point &d : boxPoints(zeros, broadcastShape, ones)) {
    bool match = true;
    for (unsigned i = 0; i < shape.size(); ++i)
      match = match && source[i] == (shape[i] == 1 ? 0 : d[i]);
    if (match)
      reached.push_back(d);
  }
  return reached;
}

//===----------------------------------------------------------------------===//
// Index math
//===----------------------------------------------------------------------===//

/// An integer attribute's value; i1 is 0 or 1.
static int64_t intValue(const APInt &v) {
  return v.getBitWidth() == 1 ? static_cast<int64_t>(v.getZExtValue())
                              : v.getSExtValue();
}

static int64_t floorMod(int64_t a, int64_t b) {
  return a - b * llvm::divideFloorSigned(a, b);
}

static std::optional<int64_t> evalAffine(AffineExpr e, ArrayRef<int64_t> dims,
                                         ArrayRef<int64_t> syms) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return c.getValue();
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return dims[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return syms[s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  std::optional<int64_t> l = evalAffine(bin.getLHS(), dims, syms),
                         r = evalAffine(bin.getRHS(), dims, syms);
  if (!l || !r)
    return std::nullopt;
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return *l + *r;
  case AffineExprKind::Mul:
    return *l * *r;
  default:
    break;
  }
  if (*r == 0)
    return std::nullopt;
  switch (e.getKind()) {
  case AffineExprKind::Mod:
    return floorMod(*l, *r);
  case AffineExprKind::FloorDiv:
    return llvm::divideFloorSigned(*l, *r);
  case AffineExprKind::CeilDiv:
    return llvm::divideCeilSigned(*l, *r);
  default:
    return std::nullopt;
  }
}

/// The results of `map` on `operands` (dims, then symbols).
static std::optional<SmallVector<int64_t>> evalMap(AffineMap map,
                                                   ArrayRef<int64_t> operands) {
  SmallVector<int64_t> results;
  for (AffineExpr e : map.getResults()) {
    std::optional<int64_t> v =
        evalAffine(e, operands.take_front(map.getNumDims()),
                   operands.drop_front(map.getNumDims()));
    if (!v)
      return std::nullopt;
    results.push_back(*v);
  }
  return results;
}

static bool compare(arith::CmpIPredicate p, int64_t a, int64_t b) {
  uint64_t ua = a, ub = b;
  switch (p) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
    return a < b;
  case arith::CmpIPredicate::sle:
    return a <= b;
  case arith::CmpIPredicate::sgt:
    return a > b;
  case arith::CmpIPredicate::sge:
    return a >= b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

/// Ops whose results are computed from their operands: an operand without a
/// concrete value is the reason the result has none.
static bool isIndexMath(Operation *op) {
  return isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
         isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(
             op);
}

/// The value of a single-result index math op on concrete operands; nullopt
/// for ops the executor does not evaluate (floating point, ...) and for a
/// division by zero.
static std::optional<int64_t> foldIndexMath(Operation *op,
                                            ArrayRef<int64_t> x) {
  using R = std::optional<int64_t>;
  auto divisor = [&](auto f) -> R { return x[1] == 0 ? R() : R(f()); };
  return TypeSwitch<Operation *, R>(op)
      .Case([&](arith::ConstantOp c) -> R {
        if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
          return intValue(i.getValue());
        return std::nullopt;
      })
      .Case([&](arith::AddIOp) -> R { return x[0] + x[1]; })
      .Case([&](arith::SubIOp) -> R { return x[0] - x[1]; })
      .Case([&](arith::MulIOp) -> R { return x[0] * x[1]; })
      .Case(
          [&](arith::DivSIOp) { return divisor([&] { return x[0] / x[1]; }); })
      .Case([&](arith::DivUIOp) {
        return divisor(
            [&] { return int64_t(uint64_t(x[0]) / uint64_t(x[1])); });
      })
      .Case([&](arith::FloorDivSIOp) {
        return divisor([&] { return llvm::divideFloorSigned(x[0], x[1]); });
      })
      .Case([&](arith::CeilDivSIOp) {
        return divisor([&] { return llvm::divideCeilSigned(x[0], x[1]); });
      })
      .Case(
          [&](arith::RemSIOp) { return divisor([&] { return x[0] % x[1]; }); })
      .Case([&](arith::RemUIOp) {
        return divisor(
            [&] { return int64_t(uint64_t(x[0]) % uint64_t(x[1])); });
      })
      .Case([&](arith::MinSIOp) -> R { return std::min(x[0], x[1]); })
      .Case([&](arith::MaxSIOp) -> R { return std::max(x[0], x[1]); })
      .Case([&](arith::MinUIOp) -> R {
        return int64_t(std::min(uint64_t(x[0]), uint64_t(x[1])));
      })
      .Case([&](arith::MaxUIOp) -> R {
        return int64_t(std::max(uint64_t(x[0]), uint64_t(x[1])));
      })
      .Case([&](arith::AndIOp) -> R { return x[0] & x[1]; })
      .Case([&](arith::OrIOp) -> R { return x[0] | x[1]; })
      .Case([&](arith::XOrIOp) -> R { return x[0] ^ x[1]; })
      .Case([&](arith::CmpIOp c) -> R {
        return compare(c.getPredicate(), x[0], x[1]);
      })
      .Case([&](arith::SelectOp) -> R { return x[0] ? x[1] : x[2]; })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp>(
          [&](Operation *) -> R { return x[0]; })
      // i1 is held as 0 or 1; sign-extending true gives -1.
      .Case([&](arith::ExtSIOp e) -> R {
        return e.getIn().getType().isInteger(1) ? -x[0] : x[0];
      })
      .Case([&](arith::TruncIOp t) -> R {
        return t.getType().isInteger(1) ? (x[0] & 1) : x[0];
      })
      .Case([&](affine::AffineApplyOp a) -> R {
        auto r = evalMap(a.getAffineMap(), x);
        return r ? R((*r)[0]) : R();
      })
      .Case([&](affine::AffineMinOp m) -> R {
        auto r = evalMap(m.getMap(), x);
        return r ? R(*llvm::min_element(*r)) : R();
      })
      .Case([&](affine::AffineMaxOp m) -> R {
        auto r = evalMap(m.getMap(), x);
        return r ? R(*llvm::max_element(*r)) : R();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Where a value without a concrete value comes from, for `unsupported`.
static std::string describeOrigin(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto f = dyn_cast_or_null<func::FuncOp>(owner))
      return "argument #" + std::to_string(arg.getArgNumber()) + " of @" +
             f.getSymName().str();
    return "block argument #" + std::to_string(arg.getArgNumber()) + " of '" +
           (owner ? owner->getName().getStringRef().str() : std::string("?")) +
           "' at " + (owner ? lineCol(owner) : std::string("?:?"));
  }
  Operation *def = v.getDefiningOp();
  return "the result of '" + def->getName().getStringRef().str() + "' at " +
         lineCol(def);
}

//===----------------------------------------------------------------------===//
// Run state
//===----------------------------------------------------------------------===//

namespace {

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
  /// The events the instance's completion waits for: its processes' last
  /// events and its tasks' completions; then the completion itself.
  SmallVector<unsigned, 4> finals;
  unsigned endEvent = 0;
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
  bool forwarder = false;
  /// Item: the forwarding Join of each token result of the op, or -1.
  SmallVector<int, 1> forwards;
  bool started = false, done = false;
  // Events: the process's frontier when it reached the op, the start and
  // the completion.
  unsigned dispatchEvent = 0, startEvent = 0, endEvent = 0;
  // Put, Get: elements per transfer, when they are known.
  std::optional<uint64_t> volume;
  // Hierarchy: the scope of each instance started; Parallel: the last
  // event of each iteration.
  SmallVector<unsigned, 4> instanceScopes, iterationEnds;
  // Put, Get: the FIFOs and this transfer's number on each.
  SmallVector<unsigned, 1> fifos;
  SmallVector<uint64_t, 1> numbers;
  // Hierarchy, Parallel: the instances, the values they start with, how many
  // have been started and how many are running.
  std::vector<Point> points;
  Env captured;
  unsigned nextPoint = 0, running = 0;
  bool oneAtATime = false;          // launch instances in LaunchMode::Serial
  SmallVector<unsigned, 4> reduced; // Parallel
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
  std::vector<unsigned> pending; // tasks not done
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

} // namespace

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

bool Executor::tick() {
  if (steps >= options.maxSteps) {
    limitReached = true;
    return false;
  }
  ++steps;
  return true;
}

unsigned Executor::newScope(int instanceOf) {
  Scope s;
  s.instanceOf = instanceOf;
  unsigned id = scopes.size();
  if (instanceOf >= 0)
    s.launchInstance = isa<air::LaunchOp>(tasks[instanceOf].op)
                           ? static_cast<int>(id)
                           : scopes[tasks[instanceOf].scope].launchInstance;
  scopes.push_back(std::move(s));
  return id;
}

unsigned Executor::newEvent(ArrayRef<unsigned> preds) {
  events.push_back(Event{SmallVector<unsigned, 2>(preds)});
  return events.size() - 1;
}

/// The event that signalled a token: its producer's completion; none for
/// air.token.alloc (signalled from the start).
unsigned Executor::tokenEvent(unsigned token) const {
  int producer = tokens[token].task;
  return producer < 0 ? 0 : tasks[producer].endEvent;
}

/// One process or task of `scope` is done. The last one completes the
/// instance; under LaunchMode::Serial that starts the next launch instance.
void Executor::release(unsigned scope) {
  Scope &s = scopes[scope];
  if (--s.live != 0)
    return;
  s.endEvent = newEvent(s.finals);
  if (s.instanceOf < 0)
    return;
  Task &h = tasks[s.instanceOf];
  --h.running;
  if (h.oneAtATime && h.nextPoint < h.points.size())
    startInstance(h, {s.endEvent});
}

void Executor::spawn(std::string where, unsigned scope, Env env, Frame frame,
                     int iterationOf, ArrayRef<unsigned> after) {
  Process p;
  p.id = processes.size();
  p.frontier = newEvent(after);
  p.where = std::move(where);
  p.scope = scope;
  p.iterationOf = iterationOf;
  p.env = std::move(env);
  p.frames.push_back(frame);
  ++scopes[scope].live;
  active.push_back(processes.size());
  processes.push_back(std::move(p));
}

/// Runs `p` until it blocks, finishes or the run stops; true if it moved.
bool Executor::advance(Process &p) {
  bool moved = false;
  // A random schedule interleaves processes a few ops at a time.
  unsigned budget = options.scheduleSeed ? 1 + rng() % 4 : ~0u;
  while (!p.finished && !stopped() && budget-- > 0) {
    if (p.waitingOn >= 0) {
      if (!tasks[p.waitingOn].done)
        break;
      p.frontier = tasks[p.waitingOn].endEvent;
      p.waitingOn = -1;
    }
    if (p.frames.back().end && p.frames.back().next == *p.frames.back().end) {
      finish(p);
      moved = true;
      break;
    }
    if (!tick())
      break;
    Operation &op = *p.frames.back().next++;
    moved = true;
    if (failed(exec(p, op)))
      break;
  }
  return moved;
}

void Executor::finish(Process &p) {
  if (p.itemTask >= 0) {
    // The tokens the op yielded: its forwarders wait for them.
    Task &item = tasks[p.itemTask];
    for (auto [r, fwd] : llvm::zip(item.op->getResults(), item.forwards)) {
      if (fwd < 0)
        continue;
      Task &f = tasks[fwd];
      Val v = lookup(p, r);
      if (v.kind == Val::Kind::Token)
        f.deps.push_back(static_cast<unsigned>(v.num));
      else
        (void)token(p, r, item.op); // records why the run cannot go on
      f.depsPending = false;
    }
  }
  p.finished = true;
  p.env = Env();
  if (p.iterationOf >= 0) {
    --tasks[p.iterationOf].running;
    tasks[p.iterationOf].iterationEnds.push_back(p.frontier);
  } else {
    scopes[p.scope].finals.push_back(p.frontier);
  }
  release(p.scope);
}

FailureOr<Task *> Executor::newTask(Task::Kind kind, Operation *op, Process &p,
                                    ValueRange deps) {
  Task t;
  t.kind = kind;
  t.op = op;
  t.id = tasks.size();
  t.process = p.id;
  for (const Frame &f : p.frames)
    if (f.loop)
      t.trips.push_back({f.loop, f.iv});
  t.scope = p.scope;
  t.dispatchEvent = p.frontier;
  for (Value d : deps) {
    FailureOr<unsigned> id = token(p, d, op);
    if (failed(id))
      return failure();
    t.deps.push_back(*id);
  }
  if (op == itemOp) {
    t.orderDeps.assign(itemDeps.begin(), itemDeps.end());
    t.deps.append(itemDeps.begin(), itemDeps.end());
  }
  t.token = tokens.size();
  tokens.push_back(Token{false, static_cast<int>(t.id)});
  ++scopes[p.scope].live;
  pending.push_back(t.id);
  tasks.push_back(std::move(t));
  return &tasks.back();
}

/// An op without a result token blocks its process until it completes; one
/// with a token is in flight and the process moves on. A ready op starts at
/// once, so a process issues its transfers in program order.
void Executor::dispatch(Process &p, Task &t, ValueRange tokenResults) {
  // An op of a launch or segment body does not block the body: the ops
  // after it wait for it only where the ordering model says so.
  bool blocking = tokenResults.empty() && t.op != itemOp;
  if (t.op == itemOp)
    p.itemTokens[t.op] = t.token;
  if (blocking || !holdBack())
    stepTask(t);
  if (blocking) {
    if (t.done)
      p.frontier = t.endEvent;
    else
      p.waitingOn = t.id;
    return;
  }
  for (Value r : tokenResults)
    p.env[r] = Val::token(t.token);
}

bool Executor::stepTask(Task &t) {
  bool moved = false;
  if (t.depsPending)
    return false;
  if (!t.started) {
    if (!llvm::all_of(t.deps,
                      [&](unsigned d) { return tokens[d].signalled; }) ||
        !tick())
      return false;
    start(t);
    moved = true;
  }
  if (!t.done && canComplete(t) && tick()) {
    complete(t);
    moved = true;
  }
  return moved;
}

void Executor::start(Task &t) {
  t.started = true;
  SmallVector<unsigned, 4> preds{t.dispatchEvent};
  for (unsigned d : t.deps)
    preds.push_back(tokenEvent(d));
  t.startEvent = newEvent(preds);
  if (options.observer &&
      (t.kind == Task::Kind::Put || t.kind == Task::Kind::Get ||
       (t.kind == Task::Kind::Join && isa<air::DmaMemcpyNdOp>(t.op))))
    options.observer->started(t.id);
  switch (t.kind) {
  case Task::Kind::Put:
    for (unsigned f : t.fifos) {
      t.numbers.push_back(fifos[f].state.issuePut());
      fifos[f].puts.push_back(t.id);
    }
    break;
  case Task::Kind::Get:
    t.numbers.push_back(fifos[t.fifos[0]].state.issueGet());
    fifos[t.fifos[0]].gets.push_back(t.id);
    break;
  case Task::Kind::Hierarchy:
  case Task::Kind::Parallel:
  case Task::Kind::Item:
    if (t.oneAtATime && !t.points.empty())
      startInstance(t);
    else
      while (t.nextPoint < t.points.size())
        startInstance(t);
    break;
  case Task::Kind::Join:
    break;
  }
}

bool Executor::canComplete(const Task &t) const {
  switch (t.kind) {
  case Task::Kind::Join:
    return true;
  case Task::Kind::Put:
    for (unsigned i = 0; i < t.fifos.size(); ++i)
      if (!fifos[t.fifos[i]].state.putCanComplete(t.numbers[i]))
        return false;
    return true;
  case Task::Kind::Get:
    return fifos[t.fifos[0]].state.getCanComplete(t.numbers[0]);
  case Task::Kind::Hierarchy:
  case Task::Kind::Item:
    return t.running == 0 && t.nextPoint == t.points.size();
  case Task::Kind::Parallel:
    return t.running == 0 && t.nextPoint == t.points.size() &&
           llvm::all_of(t.reduced,
                        [&](unsigned d) { return tokens[d].signalled; });
  }
  return false;
}

void Executor::complete(Task &t) {
  t.done = true;
  t.captured = Env();
  SmallVector<unsigned, 4> preds{t.startEvent};
  switch (t.kind) {
  case Task::Kind::Put:
    // Put k waited for get k - (depth - 1) to be issued.
    for (auto [f, k] : llvm::zip(t.fifos, t.numbers))
      if (fifos[f].state.putAwaitsGet(k))
        preds.push_back(
            tasks[fifos[f].gets[fifos[f].state.getAwaitedByPut(k)]].startEvent);
    break;
  case Task::Kind::Get:
    // Get k waited for put k to be issued.
    preds.push_back(tasks[fifos[t.fifos[0]].puts[t.numbers[0]]].startEvent);
    break;
  case Task::Kind::Hierarchy:
  case Task::Kind::Item:
    for (unsigned s : t.instanceScopes)
      preds.push_back(scopes[s].endEvent);
    break;
  case Task::Kind::Parallel:
    preds.append(t.iterationEnds);
    for (unsigned d : t.reduced)
      preds.push_back(tokenEvent(d));
    break;
  case Task::Kind::Join:
    break;
  }
  t.endEvent = newEvent(preds);
  scopes[t.scope].finals.push_back(t.endEvent);
  tokens[t.token].signalled = true;
  if (t.kind == Task::Kind::Get)
    ++transfers;
  release(t.scope);
}

/// Starts the next instance of a hierarchy op (in a scope of its own) or the
/// next iteration of an scf.parallel (in the scope of the loop's process).
void Executor::startInstance(Task &t, ArrayRef<unsigned> after) {
  const Point &point = t.points[t.nextPoint++];
  ++t.running;
  Env env = t.captured;
  SmallVector<unsigned, 2> preds{t.startEvent};
  preds.append(after.begin(), after.end());
  if (auto par = dyn_cast<scf::ParallelOp>(t.op)) {
    for (auto [iv, v] : llvm::zip(par.getInductionVars(), point))
      env[iv] = Val::integer(v);
    spawn(whereOf(t) + ", scf.parallel@" + lineCol(t.op) + " = " + tuple(point),
          t.scope, std::move(env), Frame{par.getBody(), par.getBody()->begin()},
          t.id, preds);
    return;
  }
  if (t.kind == Task::Kind::Item) {
    unsigned scope = newScope(t.id);
    t.instanceScopes.push_back(scope);
    Block::iterator at(t.op);
    spawn(whereOf(t), scope, std::move(env),
          Frame{t.op->getBlock(), at, nullptr, 0, 0, 1, std::next(at)}, -1,
          preds);
    processes.back().itemTask = static_cast<int>(t.id);
    return;
  }
  auto h = cast<air::HierarchyOpInterface>(t.op);
  std::string label = isa<air::LaunchOp>(t.op)    ? "launch"
                      : isa<air::SegmentOp>(t.op) ? "segment"
                                                  : "herd";
  if (auto name =
          t.op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    label += " @" + name.getValue().str();
  if (isa<air::HerdOp>(t.op))
    label += " tile";
  if (!point.empty())
    label += " " + tuple(point);
  for (auto [id, v] : llvm::zip(h.getIds(), point))
    env[id] = Val::integer(v);
  unsigned scope = newScope(t.id);
  t.instanceScopes.push_back(scope);
  spawn(whereOf(t) + ", " + label, scope, std::move(env),
        Frame{&h.getBodyBlock(), h.getBodyBlock().begin()}, -1, preds);
}

//===----------------------------------------------------------------------===//
// Executing one op
//===----------------------------------------------------------------------===//

/// Whether `op` is an op of a launch or segment body that the body's own
/// process reaches (not a process that runs one op of it).
bool Executor::isBodyItem(const Process &p, Operation &op) const {
  return p.frames.size() == 1 && !p.frames[0].end &&
         AsyncGraph::orderedByDependences(op.getBlock());
}

LogicalResult Executor::exec(Process &p, Operation &op) {
  if (op.hasTrait<OpTrait::IsTerminator>())
    return execTerminator(p, op);
  itemOp = nullptr;
  itemDeps.clear();
  if (isBodyItem(p, op) && graph.takesTime(&op)) {
    itemOp = &op;
    for (Operation *w : graph.blockingWaitsFor(&op))
      if (auto it = p.itemTokens.find(w); it != p.itemTokens.end())
        itemDeps.push_back(it->second);
    // A loop or branch runs beside the rest of the body, once the ops the
    // ordering model runs before it have completed; the ops after it wait
    // for it only through its tokens or the ordering model (docs/semantics.md
    // section 3). Its results other than tokens are not known to later ops.
    if (isa<scf::ForOp, scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op) &&
        isSkeleton(&op))
      return execItem(p, op);
  }
  // Loops and branches without AIR ops or tokens are compute: skipped.
  if (isa<scf::ForOp, scf::ParallelOp, scf::IfOp, affine::AffineIfOp,
          scf::IndexSwitchOp>(op) &&
      !isSkeleton(&op)) {
    opaqueResults(p, op);
    return success();
  }
  return TypeSwitch<Operation *, LogicalResult>(&op)
      .Case<air::LaunchOp, air::SegmentOp, air::HerdOp>([&](Operation *h) {
        return execHierarchy(p, cast<air::HierarchyOpInterface>(h));
      })
      .Case([&](air::ChannelOpInterface t) {
        return execChannel(p, t, t.isPut());
      })
      .Case<air::DmaMemcpyNdOp, air::WaitAllOp>([&](Operation *o) {
        return execJoin(p, cast<air::AsyncOpInterface>(o));
      })
      .Case([&](air::ExecuteOp e) { return execExecute(p, e); })
      .Case([&](air::TokenAllocOp a) {
        // Affinity and concurrency groups impose no waiting here.
        p.env[a.getToken()] = Val::token(tokens.size());
        tokens.push_back(Token{true, -1});
        return success();
      })
      .Case([&](scf::ForOp f) { return execFor(p, f); })
      .Case([&](scf::ParallelOp par) { return execParallel(p, par); })
      .Case([&](scf::IfOp i) -> LogicalResult {
        FailureOr<int64_t> c = integer(p, i.getCondition(), i, "condition");
        if (failed(c))
          return failure();
        enter(p, *c ? i.getThenRegion() : i.getElseRegion());
        return success();
      })
      .Case([&](affine::AffineIfOp i) { return execAffineIf(p, i); })
      .Case([&](scf::IndexSwitchOp sw) -> LogicalResult {
        FailureOr<int64_t> v = integer(p, sw.getArg(), sw, "switch value");
        if (failed(v))
          return failure();
        for (auto [value, region] : llvm::zip(sw.getCases(), sw.getCaseRegions()))
          if (value == *v) {
            enter(p, region);
            return success();
          }
        enter(p, sw.getDefaultRegion());
        return success();
      })
      .Default([&](Operation *o) { return execOther(p, *o); });
}

LogicalResult Executor::execTerminator(Process &p, Operation &op) {
  Operation *parent = op.getParentOp();
  SmallVector<Val> values;
  for (Value v : op.getOperands())
    values.push_back(lookup(p, v));
  if (auto loop = dyn_cast<scf::ForOp>(parent)) {
    // The next iteration receives the yielded values; the last one's are
    // the loop's results.
    Frame &f = p.frames.back();
    f.iv += f.step;
    if (f.iv < f.ub) {
      p.env[loop.getInductionVar()] = Val::integer(f.iv);
      bind(p, loop.getRegionIterArgs(), values);
      f.next = f.block->begin();
    } else {
      p.frames.pop_back();
      bind(p, loop.getResults(), values);
    }
    return success();
  }
  if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(parent)) {
    p.frames.pop_back();
    bind(p, parent->getResults(), values);
    return success();
  }
  if (isa<scf::ReduceOp>(op)) {
    // An iteration's reduce operands join the loop's result token.
    Task &par = tasks[p.iterationOf];
    for (Value v : op.getOperands()) {
      FailureOr<unsigned> t = token(p, v, &op);
      if (failed(t))
        return failure();
      par.reduced.push_back(*t);
    }
    finish(p);
    return success();
  }
  if (isa<func::ReturnOp, air::LaunchTerminatorOp, air::SegmentTerminatorOp,
          air::HerdTerminatorOp>(op)) {
    finish(p);
    return success();
  }
  return unsupported(&op, "is a terminator the executor does not run");
}

LogicalResult Executor::execHierarchy(Process &p, air::HierarchyOpInterface h) {
  Operation *op = h;
  SmallVector<int64_t> sizes;
  for (auto [i, s] : llvm::enumerate(h.getSizeOperands())) {
    FailureOr<int64_t> v = integer(p, s, op, "size #" + Twine(i));
    if (failed(v))
      return failure();
    if (*v < 0)
      return unsupported(op, "size #" + Twine(i) + " is negative (" +
                                 Twine(*v) + ")");
    sizes.push_back(*v);
  }
  SmallVector<int64_t> zeros(sizes.size(), 0), ones(sizes.size(), 1);
  if (boxSize(zeros, sizes, ones, options.maxSteps + 1) >
      options.maxSteps - steps) {
    // Every instance takes at least one step.
    limitReached = true;
    return failure();
  }
  FailureOr<Task *> t =
      newTask(Task::Kind::Hierarchy, op, p,
              cast<air::AsyncOpInterface>(op).getAsyncDependencies());
  if (failed(t))
    return failure();
  (*t)->points = boxPoints(zeros, sizes, ones);
  for (auto [arg, v] : llvm::zip(h.getSizeArgs(), sizes))
    (*t)->captured[arg] = Val::integer(v);
  for (auto [arg, v] : llvm::zip(h.getKernelArguments(), h.getKernelOperands()))
    (*t)->captured[arg] = lookup(p, v);
  bool serial = isa<air::LaunchOp>(op) && options.launchMode == LaunchMode::Serial;
  (*t)->oneAtATime = serial;
  dispatch(p, **t, op->getResults());
  return success();
}

LogicalResult Executor::execChannel(Process &p, Operation *op, bool isPut) {
  auto transfer = cast<air::ChannelOpInterface>(op);
  FlatSymbolRefAttr name = transfer.getChanNameAttr();
  OperandRange indices = transfer.getIndices();
  auto chan = symbolTables.lookupNearestSymbolFrom<air::ChannelOp>(op, name);
  if (!chan)
    return unsupported(op,
                       "names " + name.getValue() + ", which is not declared");
  SmallVector<int64_t> shape = chan.getShape(), broadcastShape;
  if (auto b = chan.getBroadcastShape())
    for (Attribute a : *b)
      broadcastShape.push_back(cast<IntegerAttr>(a).getInt());
  // Gets of a broadcast channel address the destination space.
  ArrayRef<int64_t> space = !isPut && !broadcastShape.empty()
                                ? broadcastShape
                                : ArrayRef<int64_t>(shape);

  // In a dimension where broadcast_shape is 1 a get's index matches every
  // destination (air-to-aie zeroes it): it addresses 0, whatever its value.
  auto matchesAll = [&](unsigned k) {
    return !isPut && !broadcastShape.empty() && k < space.size() && space[k] == 1;
  };
  Point index;
  if (indices.empty())
    index.assign(space.size(), 0);
  for (auto [k, v] : llvm::enumerate(indices)) {
    if (matchesAll(k)) {
      index.push_back(0);
      continue;
    }
    FailureOr<int64_t> i = integer(p, v, op, "channel index #" + Twine(k));
    if (failed(i))
      return failure();
    index.push_back(*i);
  }
  bool inside = index.size() == space.size();
  for (unsigned i = 0; inside && i < space.size(); ++i)
    inside = index[i] >= 0 && index[i] < space[i];
  if (!inside)
    return unsupported(op, "addresses " + name.getValue() + tuple(index) +
                               ", outside its shape " + tuple(space));

  std::vector<Point> destinations;
  Value dest = isPut ? cast<air::ChannelPutOp>(op).getDest() : Value();
  if (dest) {
    // Upstream's packet demux: one destination, chosen at run time along
    // the broadcast dimension (where the bundle is 1 and broadcast_shape is
    // not).
    SmallVector<unsigned, 1> dims;
    for (unsigned k = 0; k < broadcastShape.size() && k < shape.size(); ++k)
      if (shape[k] == 1 && broadcastShape[k] != 1)
        dims.push_back(k);
    if (dims.size() != 1)
      return unsupported(op, "has dest(...), but " + name.getValue() +
                                 " has no single broadcast dimension");
    FailureOr<int64_t> d = integer(p, dest, op, "dest(...)");
    if (failed(d))
      return failure();
    if (*d < 0 || *d >= broadcastShape[dims[0]])
      return unsupported(op, "has dest(" + Twine(*d) +
                                 "), outside the broadcast dimension of " +
                                 name.getValue());
    Point to = index;
    to[dims[0]] = *d;
    destinations.push_back(to);
  } else if (isPut && !broadcastShape.empty()) {
    destinations = broadcastDestinations(shape, broadcastShape, index);
  } else {
    destinations.push_back(index);
  }

  FailureOr<Task *> t =
      newTask(isPut ? Task::Kind::Put : Task::Kind::Get, op, p,
              cast<air::AsyncOpInterface>(op).getAsyncDependencies());
  if (failed(t))
    return failure();
  for (const Point &d : destinations)
    (*t)->fifos.push_back(fifoFor(chan, d, p));
  (*t)->volume = transferVolume(p, op, isPut);
  observe(p, **t, destinations);
  dispatch(p, **t, op->getResults());
  return success();
}

/// Elements one transfer moves: the product of its sizes, or the whole
/// memref's when it has none; nullopt when that is not concrete.
std::optional<uint64_t> Executor::transferVolume(Process &p, Operation *op,
                                                 bool isPut) {
  auto transfer = cast<air::ChannelOpInterface>(op);
  SmallVector<OpFoldResult> sizes = transfer.getMixedAccessSizes();
  Value memref = transfer.getMemref();
  if (sizes.empty()) {
    auto ty = dyn_cast<MemRefType>(memref.getType());
    if (!ty || !ty.hasStaticShape())
      return std::nullopt;
    return static_cast<uint64_t>(ty.getNumElements());
  }
  uint64_t n = 1;
  for (OpFoldResult size : sizes) {
    Val x = isa<Attribute>(size)
                ? Val::integer(cast<IntegerAttr>(cast<Attribute>(size)).getInt())
                : lookup(p, cast<Value>(size));
    if (x.kind != Val::Kind::Int || x.num < 0)
      return std::nullopt;
    if (x.num != 0 && n > std::numeric_limits<uint64_t>::max() / x.num)
      return std::nullopt;
    n *= static_cast<uint64_t>(x.num);
  }
  return n;
}

void Executor::observe(Process &p, const Task &t,
                       ArrayRef<Point> destinations) {
  if (!options.observer)
    return;
  options.observer->reached(t.id, t.op, destinations,
                            [&](Value v) -> std::optional<int64_t> {
                              Val x = lookup(p, v);
                              if (x.kind != Val::Kind::Int)
                                return std::nullopt;
                              return x.num;
                            });
}

LogicalResult Executor::execJoin(Process &p, air::AsyncOpInterface op) {
  FailureOr<Task *> t =
      newTask(Task::Kind::Join, op, p, op.getAsyncDependencies());
  if (failed(t))
    return failure();
  if (isa<air::DmaMemcpyNdOp>(op.getOperation()))
    observe(p, **t, {});
  dispatch(p, **t, op->getResults());
  return success();
}

/// The body is bookkeeping: its index results are evaluated when the op is
/// reached (they do not depend on timing), and the op completes once its
/// dependencies are signalled.
LogicalResult Executor::execExecute(Process &p, air::ExecuteOp e) {
  if (holdsAirOps(e))
    return unsupported(e, "holds AIR ops, which the executor does not run");
  Block &body = e.getBody();
  for (Operation &o : body.without_terminator()) {
    if (o.getNumRegions())
      opaqueResults(p, o);
    else
      evaluate(p, o);
  }
  SmallVector<Val> values;
  for (Value v : body.getTerminator()->getOperands())
    values.push_back(lookup(p, v));
  bind(p, e->getResults().drop_front(), values);
  FailureOr<Task *> t =
      newTask(Task::Kind::Join, e, p, e.getAsyncDependencies());
  if (failed(t))
    return failure();
  dispatch(p, **t, e->getResults().take_front());
  return success();
}

/// Unrolled in the process: tokens carried through iter_args order the
/// iterations' async ops, the loop itself waits for nothing.
LogicalResult Executor::execFor(Process &p, scf::ForOp f) {
  FailureOr<int64_t> lb = integer(p, f.getLowerBound(), f, "lower bound");
  if (failed(lb))
    return failure();
  FailureOr<int64_t> ub = integer(p, f.getUpperBound(), f, "upper bound");
  if (failed(ub))
    return failure();
  FailureOr<int64_t> step = integer(p, f.getStep(), f, "step");
  if (failed(step))
    return failure();
  if (*step <= 0)
    return unsupported(f, "has step " + Twine(*step));
  SmallVector<Val> inits;
  for (Value v : f.getInitArgs())
    inits.push_back(lookup(p, v));
  if (*lb >= *ub) {
    bind(p, f.getResults(), inits);
    return success();
  }
  p.env[f.getInductionVar()] = Val::integer(*lb);
  bind(p, f.getRegionIterArgs(), inits);
  p.frames.push_back(
      Frame{f.getBody(), f.getBody()->begin(), f, *lb, *ub, *step});
  return success();
}

/// All iterations run at once, each as a process, once the init tokens are
/// signalled (the init is broadcast to every iteration). The results are
/// one token: signalled when every iteration has reached scf.reduce and the
/// tokens reduced there are signalled.
LogicalResult Executor::execParallel(Process &p, scf::ParallelOp par) {
  if (!llvm::all_of(par.getResultTypes(), llvm::IsaPred<air::AsyncTokenType>))
    return unsupported(par, "reduces values that are not tokens");
  SmallVector<int64_t> lbs, ubs, strides;
  for (unsigned i = 0; i < par.getNumLoops(); ++i) {
    FailureOr<int64_t> lb =
        integer(p, par.getLowerBound()[i], par, "lower bound #" + Twine(i));
    if (failed(lb))
      return failure();
    FailureOr<int64_t> ub =
        integer(p, par.getUpperBound()[i], par, "upper bound #" + Twine(i));
    if (failed(ub))
      return failure();
    FailureOr<int64_t> step =
        integer(p, par.getStep()[i], par, "step #" + Twine(i));
    if (failed(step))
      return failure();
    if (*step <= 0)
      return unsupported(par, "has step " + Twine(*step));
    lbs.push_back(*lb);
    ubs.push_back(*ub);
    strides.push_back(*step);
  }
  if (boxSize(lbs, ubs, strides, options.maxSteps + 1) >
      options.maxSteps - steps) {
    limitReached = true;
    return failure();
  }
  FailureOr<Task *> t =
      newTask(Task::Kind::Parallel, par, p, par.getInitVals());
  if (failed(t))
    return failure();
  (*t)->points = boxPoints(lbs, ubs, strides);
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(par.getRegion(), used);
  for (Value v : used)
    (*t)->captured[v] = lookup(p, v);
  dispatch(p, **t, par.getResults());
  return success();
}

LogicalResult Executor::execAffineIf(Process &p, affine::AffineIfOp op) {
  SmallVector<int64_t> operands;
  for (auto [k, v] : llvm::enumerate(op.getOperands())) {
    FailureOr<int64_t> x = integer(p, v, op, "condition operand #" + Twine(k));
    if (failed(x))
      return failure();
    operands.push_back(*x);
  }
  IntegerSet set = op.getIntegerSet();
  ArrayRef<int64_t> dims =
      ArrayRef<int64_t>(operands).take_front(set.getNumDims());
  ArrayRef<int64_t> syms =
      ArrayRef<int64_t>(operands).drop_front(set.getNumDims());
  bool holds = true;
  for (unsigned i = 0; holds && i < set.getNumConstraints(); ++i) {
    std::optional<int64_t> v = evalAffine(set.getConstraint(i), dims, syms);
    if (!v)
      return unsupported(op, "has a condition that divides by zero");
    holds = set.isEq(i) ? *v == 0 : *v >= 0;
  }
  enter(p, holds ? op.getThenRegion() : op.getElseRegion());
  return success();
}

/// A loop or branch without results in a launch or segment body: a task
/// that runs it in a process of its own once the ops it waits for have
/// completed, so that the body goes on beside it (AsyncGraph).
LogicalResult Executor::execItem(Process &p, Operation &op) {
  FailureOr<Task *> t = newTask(Task::Kind::Item, &op, p, ValueRange());
  if (failed(t))
    return failure();
  unsigned id = (*t)->id;
  tasks[id].points.push_back(Point());
  tasks[id].captured = p.env;
  // A token result is signalled when the token the op yields last is (a
  // Join that forwards it); other results are not known to later ops.
  for (Value r : op.getResults()) {
    int fwd = -1;
    if (isa<air::AsyncTokenType>(r.getType())) {
      fwd = static_cast<int>(newForwarder(p, op));
      p.env[r] = Val::token(tasks[fwd].token);
    } else {
      p.env[r] = Val::opaque(r);
    }
    tasks[id].forwards.push_back(fwd);
  }
  dispatch(p, tasks[id], ValueRange());
  return success();
}

unsigned Executor::newForwarder(Process &p, Operation &op) {
  Task t;
  t.kind = Task::Kind::Join;
  t.op = &op;
  t.id = tasks.size();
  t.process = p.id;
  for (const Frame &f : p.frames)
    if (f.loop)
      t.trips.push_back({f.loop, f.iv});
  t.scope = p.scope;
  t.dispatchEvent = p.frontier;
  t.depsPending = true;
  t.forwarder = true;
  t.token = tokens.size();
  tokens.push_back(Token{false, static_cast<int>(t.id)});
  ++scopes[p.scope].live;
  pending.push_back(t.id);
  tasks.push_back(std::move(t));
  return tasks.back().id;
}

/// Executes a branch of scf.if / affine.if next; a missing else does nothing.
void Executor::enter(Process &p, Region &region) {
  if (!region.empty())
    p.frames.push_back(Frame{&region.front(), region.front().begin()});
}

LogicalResult Executor::execOther(Process &p, Operation &op) {
  if (isa_and_nonnull<air::AIRDialect>(op.getDialect()))
    return unsupported(&op, "is not run by the executor");
  if (op.getNumRegions()) {
    if (holdsAirOps(&op))
      return unsupported(&op, "holds AIR ops, which the executor does not run "
                              "inside this op");
    opaqueResults(p, op);
    return success();
  }
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    if (callee && holdsAirOps(callee))
      return unsupported(&op, "calls a function that holds AIR ops; the "
                              "executor does not run calls");
  }
  evaluate(p, op);
  return success();
}

void Executor::evaluate(Process &p, Operation &op) {
  std::optional<int64_t> folded;
  Value cause; // the operand's origin that leaves the result without a value
  if (isIndexMath(&op) && op.getNumResults() == 1) {
    SmallVector<int64_t> in;
    for (Value v : op.getOperands()) {
      Val x = lookup(p, v);
      if (x.kind == Val::Kind::Int)
        in.push_back(x.num);
      else if (!cause)
        cause = x.kind == Val::Kind::Opaque ? x.origin : v;
    }
    if (!cause)
      folded = foldIndexMath(&op, in);
  }
  for (Value r : op.getResults())
    p.env[r] = folded ? Val::integer(*folded) : Val::opaque(cause ? cause : r);
}

void Executor::opaqueResults(Process &p, Operation &op) {
  for (Value r : op.getResults())
    p.env[r] = Val::opaque(r);
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Val Executor::lookup(Process &p, Value v) const {
  auto it = p.env.find(v);
  return it == p.env.end() ? Val::opaque(v) : it->second;
}

void Executor::bind(Process &p, ValueRange to, ArrayRef<Val> values) {
  for (auto [v, x] : llvm::zip(to, values))
    p.env[v] = x;
}

FailureOr<int64_t> Executor::integer(Process &p, Value v, Operation *user,
                                     const Twine &what) {
  Val x = lookup(p, v);
  if (x.kind == Val::Kind::Int)
    return x.num;
  return unsupported(
      user, what + " is not a constant: it depends on " +
                describeOrigin(x.kind == Val::Kind::Opaque ? x.origin : v));
}

FailureOr<unsigned> Executor::token(Process &p, Value v, Operation *user) {
  Val x = lookup(p, v);
  if (x.kind == Val::Kind::Token)
    return static_cast<unsigned>(x.num);
  return unsupported(
      user, "waits for a token the program does not produce: "
            "it depends on " +
                describeOrigin(x.kind == Val::Kind::Opaque ? x.origin : v));
}

LogicalResult Executor::unsupported(Operation *op, const Twine &why) {
  if (!unsupportedOp) {
    unsupportedOp = op;
    unsupportedWhy = why.str();
  }
  return failure();
}

/// Whether an op nested in `op` is an AIR op other than a terminator.
bool Executor::holdsAirOps(Operation *op) {
  auto [it, inserted] = airInside.try_emplace(op, false);
  if (inserted)
    it->second =
        op->walk([&](Operation *inner) {
            if (inner != op &&
                isa_and_nonnull<air::AIRDialect>(inner->getDialect()) &&
                !inner->hasTrait<OpTrait::IsTerminator>())
              return WalkResult::interrupt();
            return WalkResult::advance();
          }).wasInterrupted();
  return it->second;
}

/// Loops and branches belong to the skeleton when they hold AIR ops or
/// carry tokens.
bool Executor::isSkeleton(Operation *op) {
  return holdsAirOps(op) ||
         llvm::any_of(op->getResultTypes(), llvm::IsaPred<air::AsyncTokenType>);
}

/// Launch instances are independent (seed 000 2.1): when they run at once,
/// each has FIFOs of its own, so that traffic between two instances never
/// meets. A channel the host itself puts to or gets from (a transfer outside
/// every launch, as in upstream's add-one) is one FIFO for the host and
/// every instance: the host's transfers are there to meet the launch's.
/// One at a time, instances use the same FIFOs in turn.
bool Executor::hostUses(air::ChannelOp chan) {
  if (!hostChannels) {
    hostChannels.emplace();
    entry->getParentOfType<ModuleOp>()->walk([&](Operation *op) {
      if (auto t = dyn_cast<air::ChannelOpInterface>(op);
          t && !op->getParentOfType<air::LaunchOp>())
        hostChannels->insert(t.getChanName());
    });
  }
  return hostChannels->contains(chan.getSymName());
}

unsigned Executor::fifoFor(air::ChannelOp chan, ArrayRef<int64_t> index,
                           const Process &p) {
  std::string label =
      "@" + chan.getSymName().str() + "[" +
      llvm::join(
          llvm::map_range(index, [](int64_t v) { return std::to_string(v); }),
          ", ") +
      "]";
  std::string key = label;
  if (options.launchMode == LaunchMode::Parallel && !hostUses(chan))
    key += "#" + std::to_string(scopes[p.scope].launchInstance);
  auto [it, inserted] = fifoIndex.try_emplace(key, fifos.size());
  if (inserted) {
    fifos.push_back(Fifo{
        label, ChannelFifo(static_cast<uint64_t>(chan.getDepthOrDefault())),
        {}, {}});
  }
  return it->second;
}

/// The instance a task was reached in, with the trip of each scf.for.
std::string Executor::whereOf(const Task &t) const {
  std::string s = processes[t.process].where;
  for (auto [loop, iv] : t.trips)
    s += ", scf.for@" + lineCol(loop) + " = " + std::to_string(iv);
  return s;
}


//===----------------------------------------------------------------------===//
// The run and its report
//===----------------------------------------------------------------------===//

/// The part of instance `of` below what it shares with instance `from`:
/// ("@f, segment @s, scf.for@3:5 = 2", "@f, segment @s") -> "scf.for@3:5 = 2".
static std::string relativeInstance(StringRef of, StringRef from) {
  SmallVector<StringRef> a, b;
  of.split(a, ", ");
  from.split(b, ", ");
  unsigned common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common])
    ++common;
  return llvm::join(ArrayRef<StringRef>(a).drop_front(common), ", ");
}

/// "waits for token of air.execute at 12:5 (scf.for@9:3 = 0)": each
/// producer not yet done, with its instance where it differs from the
/// waiter's.
std::string Executor::tokenWait(const Task &t) const {
  SmallVector<std::string> producers, earlier;
  // A loop's or branch's result token stands for the tokens it yielded:
  // name their producers (the op itself while it runs).
  SmallVector<unsigned, 4> deps;
  std::function<void(unsigned)> expand = [&](unsigned d) {
    int producer = tokens[d].task;
    if (producer >= 0 && !tokens[d].signalled && tasks[producer].forwarder &&
        !tasks[producer].depsPending) {
      for (unsigned e : tasks[producer].deps)
        expand(e);
      return;
    }
    deps.push_back(d);
  };
  for (unsigned d : t.deps)
    expand(d);
  for (unsigned d : deps)
    if (!tokens[d].signalled && llvm::is_contained(t.orderDeps, d)) {
      const Task &producer = tasks[tokens[d].task];
      std::string s = producer.op->getName().getStringRef().str() + " at " +
                      lineCol(producer.op);
      if (!llvm::is_contained(earlier, s))
        earlier.push_back(s);
    } else if (!tokens[d].signalled) {
      const Task &producer = tasks[tokens[d].task];
      std::string s = producer.op->getName().getStringRef().str() + " at " +
                      lineCol(producer.op);
      std::string instance = relativeInstance(whereOf(producer), whereOf(t));
      if (!instance.empty())
        s += " (" + instance + ")";
      if (!llvm::is_contained(producers, s))
        producers.push_back(s);
    }
  std::string text;
  if (!producers.empty())
    text = (producers.size() == 1 ? "waits for token of "
                                  : "waits for tokens of ") +
           llvm::join(producers, ", ");
  if (!earlier.empty())
    text += (text.empty() ? "" : "; ") +
            ("waits for " + llvm::join(earlier, ", ") +
             ", which the ordering model runs first");
  return text;
}

/// Every op that waits: in a channel transfer (where a deadlock starts), then
/// for tokens. A hierarchy op or scf.parallel that has started waits for what
/// runs inside it, which is listed instead.
std::vector<SkeletonResult::BlockedOp> Executor::blockedOps() const {
  // (waits for tokens, file, line, column, task, text)
  using Line = std::tuple<bool, std::string, unsigned, unsigned, unsigned,
                          std::string, std::string>;
  std::vector<Line> lines;
  for (unsigned id : pending) {
    const Task &t = tasks[id];
    if (t.forwarder)
      continue; // its waiters name what it stands for
    std::string what, waits;
    if (!t.started) {
      what = tokenWait(t);
      waits = "token";
    } else if (t.kind == Task::Kind::Put) {
      for (unsigned i = 0; i < t.fifos.size() && what.empty(); ++i) {
        const Fifo &f = fifos[t.fifos[i]];
        if (!f.state.putCanComplete(t.numbers[i])) {
          std::string get =
              std::to_string(f.state.getAwaitedByPut(t.numbers[i]));
          what = "put #" + std::to_string(t.numbers[i]) + " on " + f.label +
                 " waits for get #" + get;
          waits = f.label + " get #" + get;
        }
      }
    } else if (t.kind == Task::Kind::Get) {
      what = "get #" + std::to_string(t.numbers[0]) + " on " +
             fifos[t.fifos[0]].label + " waits for put #" +
             std::to_string(t.numbers[0]);
      waits = fifos[t.fifos[0]].label + " put #" + std::to_string(t.numbers[0]);
    }
    if (what.empty())
      continue;
    FileLineColLoc loc = fileLoc(t.op);
    lines.emplace_back(
        !t.started, loc ? loc.getFilename().str() : std::string(),
        loc ? loc.getLine() : 0, loc ? loc.getColumn() : 0, id,
        t.op->getName().getStringRef().str() + " in " + whereOf(t) + ": " + what,
        waits);
  }
  // At one location, in the order the ops were reached.
  llvm::stable_sort(lines, [](const Line &a, const Line &b) {
    return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a),
                    std::get<3>(a)) < std::tie(std::get<0>(b), std::get<1>(b),
                                               std::get<2>(b), std::get<3>(b));
  });
  std::vector<SkeletonResult::BlockedOp> out;
  llvm::DenseMap<unsigned, unsigned> index; // task -> its line
  for (Line &l : lines) {
    index[std::get<4>(l)] = out.size();
    const Task &t = tasks[std::get<4>(l)];
    SkeletonResult::BlockedOp b{t.op, std::move(std::get<5>(l)), {}, {}, {}};
    b.place = whereOf(t);
    b.waits = std::move(std::get<6>(l));
    out.push_back(std::move(b));
  }
  waitForEdges(out, index);
  return out;
}

/// The task that runs the process of `t`: an Item, an scf.parallel or a
/// hierarchy instance; -1 at the host.
int Executor::containerOf(unsigned task) const {
  const Process &p = processes[tasks[task].process];
  if (p.itemTask >= 0)
    return p.itemTask;
  if (p.iterationOf >= 0)
    return p.iterationOf;
  return scopes[p.scope].instanceOf;
}

/// Whether `op` is, or holds, a transfer on channel `chan` of the other
/// direction than `isPut`.
static bool holdsPartner(Operation *op, StringRef chan, bool isPut) {
  bool found = false;
  op->walk([&](Operation *inner) {
    if (auto c = dyn_cast<air::ChannelOpInterface>(inner))
      if (c.isPut() != isPut)
        if (c.getChanName() == chan)
          found = true;
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

void Executor::waitForEdges(
    std::vector<SkeletonResult::BlockedOp> &out,
    const llvm::DenseMap<unsigned, unsigned> &index) const {
  // A started container waits for the blocked ops inside it.
  llvm::DenseMap<unsigned, SmallVector<unsigned, 4>> inside;
  for (auto [task, line] : index)
    for (int c = containerOf(task), depth = 0; c >= 0 && depth < 64;
         c = containerOf(c), ++depth)
      inside[c].push_back(line);
  auto waitFor = [&](unsigned line, unsigned task) {
    if (auto it = index.find(task); it != index.end()) {
      out[line].waitsFor.push_back(it->second);
      return;
    }
    if (auto it = inside.find(task); it != inside.end())
      for (unsigned l : it->second)
        out[line].waitsFor.push_back(l);
  };
  for (auto [task, line] : index) {
    const Task &t = tasks[task];
    if (!t.started) {
      std::function<void(unsigned)> producer = [&](unsigned d) {
        if (tokens[d].signalled || tokens[d].task < 0)
          return;
        const Task &p = tasks[tokens[d].task];
        if (p.forwarder) {
          for (unsigned e : p.deps)
            producer(e);
          return;
        }
        waitFor(line, p.id);
      };
      for (unsigned d : t.deps)
        producer(d);
      continue;
    }
    if (t.kind != Task::Kind::Put && t.kind != Task::Kind::Get)
      continue;
    // The partner has not been issued (an issued one would have matched):
    // what holds back every op that could issue it.
    bool isPut = t.kind == Task::Kind::Put;
    StringRef chan = cast<air::ChannelOpInterface>(t.op).getChanName();
    for (unsigned id : pending) {
      const Task &u = tasks[id];
      if (!u.started && !u.forwarder && holdsPartner(u.op, chan, isPut))
        waitFor(line, id);
    }
    for (const Process &p : processes) {
      if (p.finished || p.waitingOn < 0)
        continue;
      bool later = false;
      for (const Frame &f : p.frames) {
        Block::iterator end = f.end ? *f.end : f.block->end();
        bool again = f.loop && f.iv + f.step < f.ub;
        for (Block::iterator it = again ? f.block->begin() : f.next;
             it != end && !later; ++it)
          later = holdsPartner(&*it, chan, isPut);
      }
      if (later)
        waitFor(line, p.waitingOn);
    }
  }
  for (SkeletonResult::BlockedOp &b : out) {
    llvm::sort(b.waitsFor);
    b.waitsFor.erase(std::unique(b.waitsFor.begin(), b.waitsFor.end()),
                     b.waitsFor.end());
  }
}

SkeletonResult Executor::run() {
  unsigned host = newScope(-1);
  newEvent({}); // event 0: the run begins; air.token.alloc tokens date from it
  Env env;
  for (BlockArgument a : entry.getArguments())
    if (auto it = options.arguments.find(a); it != options.arguments.end())
      env[a] = Val::integer(it->second);
  Block &body = entry.getBody().front();
  spawn("@" + entry.getSymName().str(), host, std::move(env),
        Frame{&body, body.begin()}, -1, {0});
  SkeletonResult result;
  bool full = true; // a sweep that holds nothing back
  while (!stopped() && scopes[host].live != 0) {
    bool moved = false, random = options.scheduleSeed != 0;
    // A sweep visits every live process and task: that work is bounded too
    // (a sweep can move little, with many tasks waiting).
    sweepWork += active.size() + pending.size();
    if (sweepWork / kVisitsPerStep > options.maxSteps) {
      limitReached = true;
      break;
    }
    std::vector<unsigned> ps = active, ts = pending;
    if (random) {
      std::shuffle(ps.begin(), ps.end(), rng);
      std::shuffle(ts.begin(), ts.end(), rng);
    }
    for (unsigned i = 0; i < ps.size() && !stopped(); ++i)
      if (full || !holdBack())
        moved |= advance(processes[ps[i]]);
    for (unsigned i = 0; i < ts.size() && !stopped(); ++i)
      if (full || !holdBack())
        moved |= stepTask(tasks[ts[i]]);
    llvm::erase_if(active, [&](unsigned i) { return processes[i].finished; });
    llvm::erase_if(pending, [&](unsigned i) { return tasks[i].done; });
    if (random && !moved && !full) {
      full = true;
      continue;
    }
    full = !random;
    if (!moved && !stopped()) {
      result.verdict = SkeletonResult::Verdict::Deadlock;
      result.blockedOps = blockedOps();
      for (const SkeletonResult::BlockedOp &b : result.blockedOps)
        result.blocked.push_back(fileLineCol(b.op) + ": " + b.what);
      break;
    }
  }
  result.transfers = transfers;
  // The order check's argument needs launch instances with FIFOs of their
  // own (it covers running them one at a time too).
  if (!unsupportedOp && !limitReached &&
      result.verdict == SkeletonResult::Verdict::Completed &&
      options.launchMode == LaunchMode::Parallel)
    checkOrder(result.order);
  if (unsupportedOp) {
    result.verdict = SkeletonResult::Verdict::Unsupported;
    result.reason = fileLineCol(unsupportedOp) + ": '" +
                    unsupportedOp->getName().getStringRef().str() + "' " +
                    unsupportedWhy;
    result.unsupportedOp = unsupportedOp;
    result.unsupportedWhy = unsupportedWhy;
  } else if (limitReached) {
    result.verdict = SkeletonResult::Verdict::StepLimit;
    result.maxSteps = options.maxSteps;
  }
  return result;
}

/// Whether event `a` happens before event `b` (a <= b in numbering) in the
/// run's happens-before relation: a search backwards from `b` that never
/// goes below `a`. Each event visited costs one unit of `budget`; false when
/// it runs out.
bool Executor::happensBefore(unsigned a, unsigned b, uint64_t &budget) {
  if (a == b)
    return true;
  if (visited.size() < events.size())
    visited.resize(events.size(), 0);
  ++visitStamp;
  SmallVector<unsigned, 16> stack{b};
  visited[b] = visitStamp;
  while (!stack.empty()) {
    unsigned e = stack.pop_back_val();
    for (unsigned q : events[e].preds) {
      if (q == a)
        return true;
      if (q < a || visited[q] == visitStamp)
        continue;
      if (budget == 0)
        return false;
      --budget;
      visited[q] = visitStamp;
      stack.push_back(q);
    }
  }
  return false;
}

/// Whether this completed run stands for every schedule. Each op's start and
/// completion wait for a fixed set of events (tokens, program order,
/// instances) except one: which put a get is matched with, and which get
/// frees a put, depend on the order in which the FIFO's transfers are issued.
/// If on every FIFO the puts are ordered by happens-before, and so are the
/// gets, that order is the same in every schedule; then so is the matching,
/// every op waits for the same events in every schedule, and a run that
/// completed shows that these waits have no cycle: no schedule gets stuck
/// (the argument for Kahn networks, with a full FIFO as a wait for a get).
/// Launch instances run here all at once, each with FIFOs of its own; when
/// every FIFO ends with as many gets as puts, running them one at a time in
/// any order, sharing FIFOs, matches the same transfers and adds no cycle
/// (an instance waits for nothing outside it). Transfers are matched whole,
/// so the k-th put and the k-th get on a FIFO must move as many elements.
void Executor::checkOrder(SkeletonResult::Order &order) {
  order.checked = true;
  uint64_t budget = options.maxOrderVisits;
  // "put #3 on @c[0], in herd @h tile (1, 0), scf.for@4:5 = 2"
  auto site = [&](unsigned id, uint64_t k, const Fifo &f) {
    const Task &t = tasks[id];
    return SkeletonResult::Order::Site{
        t.op, std::string(t.kind == Task::Kind::Put ? "put" : "get") + " #" +
                  std::to_string(k) + " on " + f.label + ", in " + whereOf(t)};
  };
  using Cause = SkeletonResult::Order::Cause;
  auto fail = [&](Cause cause, std::string why,
                  std::initializer_list<SkeletonResult::Order::Site> sites) {
    order.cause = cause;
    order.reason = std::move(why);
    order.sites.assign(sites.begin(), sites.end());
  };
  for (const Fifo &f : fifos) {
    if (f.puts.size() != f.gets.size()) {
      bool morePuts = f.puts.size() > f.gets.size();
      size_t k = std::min(f.puts.size(), f.gets.size());
      return fail(Cause::Leftover, "the run ends with " + std::to_string(f.puts.size()) +
                      " puts and " + std::to_string(f.gets.size()) +
                      " gets on " + f.label,
                  {site(morePuts ? f.puts[k] : f.gets[k], k, f)});
    }
    for (size_t k = 0; k < f.puts.size(); ++k) {
      const Task &put = tasks[f.puts[k]], &get = tasks[f.gets[k]];
      if (!put.volume || !get.volume)
        return fail(Cause::Sizes, std::string("how many elements ") +
                        (put.volume ? "get" : "put") + " #" +
                        std::to_string(k) + " on " + f.label +
                        " moves is not a constant",
                    {site(put.volume ? get.id : put.id, k, f)});
      if (*put.volume != *get.volume)
        return fail(Cause::Sizes,
                    "put #" + std::to_string(k) + " on " + f.label +
                        " moves " + std::to_string(*put.volume) +
                        " elements and get #" + std::to_string(k) + " " +
                        std::to_string(*get.volume) +
                        "; the run matches whole transfers, not elements",
                    {site(put.id, k, f), site(get.id, k, f)});
    }
    for (bool puts : {true, false}) {
      const std::vector<unsigned> &side = puts ? f.puts : f.gets;
      for (size_t k = 1; k < side.size(); ++k) {
        const Task &a = tasks[side[k - 1]], &b = tasks[side[k]];
        if (happensBefore(a.startEvent, b.startEvent, budget))
          continue;
        std::string kind = puts ? "put" : "get";
        if (budget == 0)
          return fail(Cause::Budget,
                      "checking the order of the transfers on " + f.label +
                          " took more than " +
                          std::to_string(options.maxOrderVisits) + " steps",
                      {site(a.id, k - 1, f)});
        return fail(Cause::Unordered,
                    kind + " #" + std::to_string(k - 1) + " and " + kind +
                        " #" + std::to_string(k) + " on " + f.label +
                        " are not ordered by tokens, program order or "
                        "earlier transfers, so which " +
                        (puts ? "get" : "put") +
                        " each meets depends on the schedule",
                    {site(a.id, k - 1, f), site(b.id, k, f)});
      }
    }
  }
  order.holds = true;
  order.fifos = fifos.size();
}

static int severity(SkeletonResult::Verdict v) {
  switch (v) {
  case SkeletonResult::Verdict::Completed:
    return 0;
  case SkeletonResult::Verdict::Unsupported:
    return 1;
  case SkeletonResult::Verdict::StepLimit:
    return 2;
  case SkeletonResult::Verdict::Deadlock:
    return 3;
  }
  return 0;
}

SkeletonResult aircheck::runSkeleton(ModuleOp module,
                                     const SkeletonOptions &options) {
  return runSkeleton(module, options, AsyncGraph(module));
}

SkeletonResult aircheck::runSkeleton(ModuleOp module,
                                     const SkeletonOptions &options,
                                     const AsyncGraph &graph) {
  SkeletonResult total;
  for (func::FuncOp f : module.getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    SkeletonResult r = Executor(f, options, graph).run();
    uint64_t transfers = total.transfers + r.transfers;
    SkeletonResult::Order order = total.order;
    bool first = !order.checked;
    if (r.order.checked && (first || (order.holds && !r.order.holds)))
      order = r.order;
    else if (r.order.checked)
      order.fifos += r.order.fifos;
    if (severity(r.verdict) > severity(total.verdict))
      total = std::move(r);
    total.transfers = transfers;
    total.order = order;
  }
  return total;
}

void SkeletonResult::print(llvm::raw_ostream &os) const {
  os << "skeleton: ";
  switch (verdict) {
  case Verdict::Completed:
    os << "completed (" << transfers
       << (transfers == 1 ? " transfer)\n" : " transfers)\n");
    if (order.checked && order.holds)
      os << "  every schedule: the same (" << order.fifos
         << (order.fifos == 1 ? " FIFO" : " FIFOs")
         << ", each with its puts and its gets in a fixed order)\n";
    else if (order.checked) {
      os << "  every schedule: unknown: " << order.reason << "\n";
      for (const Order::Site &site : order.sites)
        os << "    " << fileLineCol(site.op) << ": " << site.what << "\n";
    }
    return;
  case Verdict::Deadlock:
    os << "deadlock\n";
    for (size_t i = 0; i < blocked.size() && i < kMaxPrintedBlocked; ++i)
      os << "  blocked: " << blocked[i] << "\n";
    if (blocked.size() > kMaxPrintedBlocked)
      os << "  ... and " << blocked.size() - kMaxPrintedBlocked
         << " more blocked ops\n";
    return;
  case Verdict::Unsupported:
    os << "unsupported: " << reason << "\n";
    return;
  case Verdict::StepLimit:
    os << "unknown: step limit of " << maxSteps << " steps reached\n";
    return;
  }
}
