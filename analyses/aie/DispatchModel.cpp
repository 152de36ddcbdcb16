//===- DispatchModel.cpp - the agents of an aie.device and their steps ----===//
//
// See DispatchModel.h and docs/aie.md. The model:
//
// * A core runs the lock operations of its body in order, `scf.for` loops
//   with constant bounds unrolled, and finishes at `aie.end`; an outermost
//   loop of more than kMaxStates trips (mlir-aie's forever loop) repeats
//   forever.
// * A BD chain runs, block by block, its lock operations and its BD (one
//   transfer step); it repeats from the block its last `next_bd` leads to,
//   or finishes after `repeat_count + 1` passes.
// * AIE2 locks: `AcquireGreaterEqual, v` (and `Acquire, v`) waits until the
//   value is >= v and takes v; `Release, v` adds v. AIE1 (binary) locks:
//   `Acquire, v` waits until the value is v; `Release, v` sets it to v.
// * A transfer is a handshake along the flows: an MM2S BD completes together
//   with the current BD of every S2MM chain its flow feeds, when all of them
//   are at a transfer step.
// * The host runs the runtime sequence in order, its scf.for loops
//   unrolled: `npu.dma_memcpy_nd` and `dma_start_task` push a task onto
//   its channel's queue, `npu.dma_wait` waits until every task pushed onto
//   that channel so far has finished, `dma_await_task` until that task has.
//   A queue runs its tasks in push order; a task moves its words through
//   the flow, word by word, into (or out of) the BDs of the chains at the
//   other end. A queue holds `dma_task_queue_depth` unfinished tasks (the
//   running one included); a push onto a full queue is dropped at the
//   mlir-aie mlir-air pins, or waits for room with host polling.
// * A stream end that nothing in the device drives (a core's stream port, a
//   channel without a flow; every shim channel when the device has no
//   runtime sequence) is taken as always ready.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/DispatchModel.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringMap.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <cstdlib>
#include <map>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

constexpr size_t kMaxStates = 200000;
constexpr size_t kMaxCoreSteps = 1 << 18;
/// Safe steps taken in a row before a state is kept (Search::expand), and
/// in all.
constexpr size_t kMaxPathSteps = 1 << 16;
constexpr size_t kMaxSearchSteps = size_t(1) << 27;
std::optional<int64_t> constIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

/// Whether `op` holds a lock operation: an aie.use_lock, or an object
/// FIFO acquire or release (which stand for one).
bool holdsUseLock(Operation *op) {
  bool found = false;
  op->walk([&](Operation *inner) {
    found |= isa<aie::UseLockOp, aie::ObjectFifoAcquireOp,
                 aie::ObjectFifoReleaseOp, aie::PutCascadeOp,
                 aie::GetCascadeOp>(inner) ||
             lockHandOff(inner) == inner;
  });
  return found;
}

/// The 32-bit words a BD moves: `len` elements, or the product of its
/// sizes, or the whole buffer; at least 1.
int64_t bdWords(aie::DMABDOp bd) {
  auto type = cast<MemRefType>(bd.getBuffer().getType());
  int64_t elems = 0;
  if (std::optional<uint32_t> len = bd.getLen())
    elems = *len;
  else if (std::optional<ArrayRef<int32_t>> sizes = bd.getSizes()) {
    elems = 1;
    for (int32_t v : *sizes)
      elems *= v;
  } else if (type.hasStaticShape())
    elems = type.getNumElements();
  int64_t bytes = elems * aie::elementBytes(type);
  return std::max<int64_t>(1, (bytes + 3) / 4);
}

class ModelBuilder {
public:
  ModelBuilder(Device &d, Model &m, Operation *only)
      : d(d), m(m), only(only) {}

  void build() {
    m.aie1 = d.model->arch == "AIE1";
    // Locks anywhere in the device: mlir-aie's designs declare some inside
    // the DMA program that uses them (`aie.memtile_dma(%t) { %l =
    // aie.lock(%t, 0) ... }`).
    d.op.walk([&](aie::LockOp lock) {
      {
        LockInfo li;
        li.op = lock;
        li.init = lock.getInit().value_or(0);
        auto c = tileOfOp(lock);
        li.max = c ? d.lockMax(d.kindOf(*c)) : 63;
        std::string where = c ? describe(*c, d.kindOf(*c)) : "a tile";
        if (auto s = lock.getSymName())
          li.name = "lock \"" + s->str() + "\"";
        else if (auto id = lock.getLockID())
          li.name = "lock " + std::to_string(*id) + " of " + where;
        else
          li.name = "a lock of " + where;
        lockIndex[lock] = m.locks.size();
        m.locks.push_back(li);
      }
    });
    addFifoLocks();
    // A use_lock outside a core or a DMA program (a runtime task, a
    // function) is not modelled.
    d.op.walk([&](aie::UseLockOp use) {
      Operation *parent = use->getParentOp();
      if (isa<aie::DMAOp>(parent)) // a BD of the region form
        parent = parent->getParentOp();
      if (!use->getParentOfType<aie::CoreOp>() &&
          !isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp,
               aiex::DMAConfigureTaskOp, aiex::DMAConfigureTaskForOp>(parent))
        setUnknown(use, "a lock operation outside a core and the DMA "
                        "programs (a runtime task or a function) is not "
                        "modelled");
    });
    // A tile whose place the placer chooses later (aie.logical_tile): the
    // model keys channels, flows and queues by coordinates, so nothing on
    // such a tile can be joined to its streams.
    for (Operation &op : d.op.getBodyBlock())
      if (isa<aie::LogicalTileOp>(op) && !op.use_empty()) {
        setUnknown(&op, "a tile whose place is chosen later "
                        "(aie.logical_tile): the streams, channels and "
                        "queues on it are not modelled before placement");
        break;
      }
    // A cascade stream: two locks, its room and its values (Model::cascades).
    for (Operation &op : d.op.getBodyBlock())
      if (auto flow = dyn_cast<aie::CascadeFlowOp>(op)) {
        auto coord = [](Value v) -> std::optional<Coord> {
          if (auto t = v.getDefiningOp<aie::TileOp>())
            return coordOf(t);
          return std::nullopt;
        };
        auto src = coord(flow.getSourceTile()), dst = coord(flow.getDestTile());
        if (!src || !dst) {
          setUnknown(flow, "a cascade stream whose ends are not aie.tiles");
          continue;
        }
        std::string name = "the cascade stream from " +
                           describe(*src, d.kindOf(*src)) + " to " +
                           describe(*dst, d.kindOf(*dst));
        int room = m.locks.size();
        m.locks.push_back({flow, "the room of " + name, kCascadeMaxValues,
                           kCascadeMaxValues});
        m.locks.push_back({flow, "the count of values on " + name, 0,
                           kCascadeMaxValues});
        if (!cascadeOut.try_emplace(*src, m.cascades.size()).second ||
            !cascadeIn.try_emplace(*dst, m.cascades.size()).second)
          setUnknown(flow, "two cascade streams out of, or into, one tile");
        m.cascades.push_back({room, room + 1});
      }
    for (Operation &op : d.op.getBodyBlock()) {
      if (auto core = dyn_cast<aie::CoreOp>(op))
        addCore(core);
      else if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(op))
        addChains(&op);
    }
    addFifoChains();
    addHost();
    linkFlows();
  }

private:
  Device &d;
  Model &m;
  Operation *only; // the runtime sequence to run, or null
  llvm::DenseMap<Operation *, int> lockIndex;
  /// The cascade stream (Model::cascades) out of and into each tile.
  std::map<Coord, size_t> cascadeOut, cascadeIn;
  std::map<std::tuple<Coord, int, int64_t>, int> chainAt; // (tile, dir, ch)

  // Object FIFOs (analyses/aie/ObjectFifos.h): per side its producer and
  // consumer locks; per DMA end its chain (or, at a shim tile, queue).
  ObjectFifoPlan fifos;
  std::vector<std::pair<int, int>> sideLocks;
  std::vector<int> fifoChain; // per DMA end: its process, or -1

  void addFifoLocks() {
    fifos = planObjectFifos(d);
    if (!fifos.unknown.empty())
      setUnknown(fifos.unknownAt, fifos.unknown);
    for (const FifoSide &side : fifos.sides) {
      int64_t max = d.lockMax(d.kindOf(side.tile));
      sideLocks.push_back({(int)m.locks.size(), (int)m.locks.size() + 1});
      m.locks.push_back({side.op, "the producer lock of " + side.name,
                         side.depth, max});
      m.locks.push_back({side.op, "the consumer lock of " + side.name, 0,
                         max});
    }
  }

  /// An MM2S end takes a full object (consumer lock), sends it and frees
  /// it (producer lock); an S2MM end takes a free one, fills it and hands
  /// it on. Each repeats for as long as the dispatch runs.
  void addFifoChains() {
    fifoChain.assign(fifos.dmas.size(), -1);
    for (auto [i, e] : llvm::enumerate(fifos.dmas)) {
      if (e.shim())
        continue;
      auto [prod, cons] = sideLocks[e.side];
      bool out = e.dir == aie::DMAChannelDir::MM2S;
      Proc p;
      p.op = e.op;
      p.name = e.name;
      p.steps = {Step{Step::Acquire, e.op, out ? cons : prod, 1},
                 Step{Step::Transfer, e.op, -1, e.words},
                 Step{Step::Release, e.op, out ? prod : cons, 1}};
      p.loopTo = 0;
      chainAt[{e.tile, (int)e.dir, e.channel}] = m.procs.size();
      fifoChain[i] = m.procs.size();
      m.procs.push_back(std::move(p));
    }
  }

  /// A core's port of an object FIFO: what it holds, per (FIFO, port).
  std::map<std::pair<std::string, int>, int64_t> held;
  Coord coreTile{-1, -1};

  /// The lock steps of an objectfifo.acquire/release in a core (mlir-aie's
  /// stateful transform: an acquire of n while holding k takes n - k more;
  /// a release of n gives back the n oldest).
  bool fifoStep(Operation *op, std::vector<Step> &out) {
    StringRef name;
    aie::ObjectFifoPort port;
    int64_t size;
    bool acquire = false;
    if (auto a = dyn_cast<aie::ObjectFifoAcquireOp>(op)) {
      name = a.getObjFifoName();
      port = a.getPort();
      size = a.getSize();
      acquire = true;
    } else {
      auto r = cast<aie::ObjectFifoReleaseOp>(op);
      name = r.getObjFifoName();
      port = r.getPort();
      size = r.getSize();
    }
    if (!fifos.unknown.empty())
      return false;
    const ObjectFifoPlan::Fifo *fifo = fifos.find(name);
    if (!fifo) {
      setUnknown(op, "'@" + name.str() + "' is not an object FIFO of the "
                                         "device");
      return false;
    }
    bool produce = port == aie::ObjectFifoPort::Produce;
    int side = -1;
    if (produce) {
      if (aie::TileOp t = aie::getTileOf(aie::ObjectFifoCreateOp(fifo->op).getProducer());
          t && coordOf(t) == coreTile)
        side = fifo->produceSide;
    } else {
      for (auto [k, c] : llvm::enumerate(aie::ObjectFifoCreateOp(fifo->op).getConsumers()))
        if (aie::TileOp t = aie::getTileOf(c);
            t && coordOf(t) == coreTile && k < fifo->consumeSide.size())
          side = fifo->consumeSide[k];
    }
    if (side < 0) {
      setUnknown(op, "a core that is not the " +
                         std::string(produce ? "producer" : "consumer") +
                         " of '@" + name.str() + "' uses its " +
                         (produce ? "Produce" : "Consume") + " port");
      return false;
    }
    auto [prod, cons] = sideLocks[side];
    int64_t &h = held[{name.str(), (int)port}];
    if (acquire) {
      if (size > h)
        out.push_back(Step{Step::Acquire, op, produce ? prod : cons, size - h});
      h = std::max(h, size);
      return true;
    }
    if (size > h) {
      setUnknown(op, "a release of " + std::to_string(size) +
                         " object(s) of '@" + name.str() + "' while the core "
                         "holds " + std::to_string(h));
      return false;
    }
    out.push_back(Step{Step::Release, op, produce ? cons : prod, size});
    h -= size;
    return true;
  }

  void setUnknown(Operation *at, const std::string &why) {
    if (m.unknown.empty()) {
      m.unknown = why;
      m.unknownAt = at;
      m.unknownInHost = inHost;
    }
  }

  std::string tileName(Operation *op) {
    auto c = tileOfOp(op);
    return c ? describe(*c, d.kindOf(*c)) : "an unknown tile";
  }

  bool lockStep(aie::UseLockOp use, std::vector<Step> &out) {
    Operation *def = use.getLock().getDefiningOp();
    auto it = def ? lockIndex.find(def) : lockIndex.end();
    if (it == lockIndex.end()) {
      setUnknown(use, "a lock operation whose lock is not an aie.lock of "
                      "the device");
      return false;
    }
    std::optional<int64_t> amount = use.getKnownAmount();
    if (!amount) {
      setUnknown(use, "a lock amount computed at run time (not a constant)");
      return false;
    }
    Step s{Step::Acquire, use, it->second, *amount};
    if (!use.isAcquire())
      s.kind = m.aie1 ? Step::ReleaseSet : Step::Release;
    else if (m.aie1 && use.getAction() == aie::LockAction::Acquire)
      s.kind = Step::AcquireEqual;
    out.push_back(s);
    return true;
  }

  /// The aie.buffer behind a memref value (through views and casts).
  static Operation *bufferOf(Value v) {
    Operation *root = memrefRootOp(v, ViewLinks | CastLinks);
    return isa_and_nonnull<aie::BufferOp>(root) ? root : nullptr;
  }

  /// The buffers `op` (and what it holds) touches, into `pending`.
  void collectTouches(Operation *op) {
    op->walk([&](Operation *inner) {
      for (const MemrefEffect &e : memrefEffects(inner))
        if (Operation *buf = bufferOf(e.memref))
          pending.push_back(Touch{buf, e.write || e.free, inner});
    });
  }

  /// The code since the last lock step ends at step `at` of the core.
  void flushTouches(size_t at) {
    if (segs.size() <= at)
      segs.resize(at + 1);
    segs[at].insert(segs[at].end(), pending.begin(), pending.end());
    pending.clear();
  }

  std::vector<Touch> pending;
  std::vector<std::vector<Touch>> segs;

  bool coreBlock(Block &block, std::vector<Step> &out) {
    for (Operation &op : block) {
      if (out.size() > kMaxCoreSteps) {
        setUnknown(op.getParentOfType<aie::CoreOp>(),
                   "the core runs more than " + std::to_string(kMaxCoreSteps) +
                       " lock operations (its loops unrolled)");
        return false;
      }
      if (lockHandOff(&op)) {
        // A kernel call that receives locks runs the lock operations its
        // contract declares; without one, what it does is unknown.
        std::string why;
        Operation *bad = nullptr;
        op.walk([&](Operation *inner) {
          if (!bad && lockHandOff(inner) == inner &&
              !kernelContract(inner, &why))
            bad = inner;
        });
        if (bad) {
          setUnknown(bad, "'" + bad->getName().getStringRef().str() +
                              "' receives a lock: what the kernel acquires "
                              "and releases is not modelled (" + why + ")");
          return false;
        }
        if (lockHandOff(&op) == &op) {
          flushTouches(out.size());
          auto it = lockIndex.end();
          std::optional<SmallVector<KernelLockOp>> contract =
              kernelContract(&op);
          for (const KernelLockOp &k : *contract) {
            it = lockIndex.find(k.lock);
            if (it == lockIndex.end()) {
              setUnknown(&op, "a kernel contract names a lock that is not an "
                              "aie.lock of the device");
              return false;
            }
            Step s{Step::Acquire, &op, it->second, k.value};
            if (k.action == aie::LockAction::Release)
              s.kind = m.aie1 ? Step::ReleaseSet : Step::Release;
            else if (m.aie1 && k.action == aie::LockAction::Acquire)
              s.kind = Step::AcquireEqual;
            out.push_back(s);
          }
          continue;
        }
      }
      if (auto use = dyn_cast<aie::UseLockOp>(op)) {
        flushTouches(out.size());
        if (!lockStep(use, out))
          return false;
        continue;
      }
      if (isa<aie::PutCascadeOp, aie::GetCascadeOp>(op)) {
        flushTouches(out.size());
        bool put = isa<aie::PutCascadeOp>(op);
        auto &ends = put ? cascadeOut : cascadeIn;
        auto it = ends.find(coreTile);
        if (it == ends.end()) {
          setUnknown(&op, put ? "a put_cascade on a tile no aie.cascade_flow "
                                "leaves"
                              : "a get_cascade on a tile no aie.cascade_flow "
                                "reaches");
          return false;
        }
        auto [room, values] = m.cascades[it->second];
        out.push_back(Step{Step::Acquire, &op, put ? room : values, 1});
        out.push_back(Step{Step::Release, &op, put ? values : room, 1});
        continue;
      }
      if (isa<aie::ObjectFifoAcquireOp, aie::ObjectFifoReleaseOp>(op)) {
        flushTouches(out.size());
        if (!fifoStep(&op, out))
          return false;
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (!holdsUseLock(loop)) {
          collectTouches(loop);
          continue;
        }
        auto lb = constIndex(loop.getLowerBound()),
             ub = constIndex(loop.getUpperBound()),
             st = constIndex(loop.getStep());
        if (!lb || !ub || !st || *st <= 0) {
          setUnknown(loop, "a loop with lock operations whose bounds are not "
                           "constants");
          return false;
        }
        int64_t trips = *ub > *lb ? (*ub - *lb + *st - 1) / *st : 0;
        if (trips > (int64_t)kMaxStates && top && !foreverFrom)
          // mlir-aie's "forever" loop (to 2^32 - 1). Every state the loop
          // reaches, it reaches within kMaxStates trips, so only what
          // happens after the loop's end is missed.
          return runForever(loop, *loop.getBody(), out);
        bool wasTop = top;
        top = false;
        for (int64_t i = *lb; i < *ub; i += *st)
          if (!coreBlock(*loop.getBody(), out)) {
            top = wasTop;
            return false;
          }
        top = wasTop;
        continue;
      }
      if (auto loop = dyn_cast<scf::WhileOp>(op);
          loop && top && !foreverFrom && holdsUseLock(loop) &&
          whileTrue(loop))
        return runForever(loop, loop.getAfter().front(), out);
      if (op.getNumRegions() && holdsUseLock(&op)) {
        setUnknown(&op, "lock operations under '" +
                            op.getName().getStringRef().str() +
                            "' (only scf.for with constant bounds is "
                            "modelled in a core)");
        return false;
      }
      collectTouches(&op);
    }
    return true;
  }

  /// A loop at the top of a core body that runs forever: its body's steps
  /// repeat from where it starts; the ops after it are not modelled.
  bool runForever(Operation *loop, Block &body, std::vector<Step> &out) {
    foreverFrom = out.size();
    top = false;
    auto before = held;
    bool ok = coreBlock(body, out);
    top = true;
    auto holding = [](const auto &h) {
      std::map<std::pair<std::string, int>, int64_t> nonzero;
      for (auto &[port, n] : h)
        if (n)
          nonzero[port] = n;
      return nonzero;
    };
    if (ok && holding(held) != holding(before)) {
      setUnknown(loop, "object FIFO objects held from one iteration of the "
                       "core's forever loop into the next are not modelled");
      return false;
    }
    return ok;
  }

  /// `scf.while` whose condition is the constant true, with no values
  /// carried: a loop forever (mlir-aie's `while True:` cores).
  static bool whileTrue(scf::WhileOp loop) {
    if (!loop.getInits().empty() || loop.getNumResults() ||
        !loop.getBefore().hasOneBlock())
      return false;
    auto cond = dyn_cast<scf::ConditionOp>(
        loop.getBefore().front().getTerminator());
    if (!cond || !cond.getArgs().empty())
      return false;
    for (Operation &op : loop.getBefore().front())
      if (&op != cond && !isMemoryEffectFree(&op))
        return false;
    auto c = cond.getCondition().getDefiningOp<arith::ConstantOp>();
    auto b = c ? dyn_cast<BoolAttr>(c.getValue()) : BoolAttr();
    if (!b) {
      auto i = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
      return i && i.getType().isInteger(1) && i.getValue().isOne();
    }
    return b.getValue();
  }

  // Whether coreBlock is at the top level of a core body, and where the
  // core's forever loop starts (its steps repeat from there).
  bool top = true;
  std::optional<size_t> foreverFrom;

  void addCore(aie::CoreOp core) {
    top = true;
    foreverFrom.reset();
    pending.clear();
    segs.clear();
    held.clear();
    coreTile = tileOfOp(core).value_or(Coord{-1, -1});
    Proc p;
    p.name = "the core of " + tileName(core);
    p.op = core;
    p.kind = AgentKind::Core;
    Region &body = core.getBody();
    if (body.empty())
      return;
    if (!body.hasOneBlock()) {
      if (holdsUseLock(core))
        setUnknown(core, "a core body of several blocks (unstructured "
                         "control flow) is not modelled");
      return;
    }
    if (!coreBlock(body.front(), p.steps))
      return;
    // The code after the last step: a forever loop's tail runs again
    // before the step it wraps to.
    flushTouches(foreverFrom ? *foreverFrom : p.steps.size());
    segs.resize(p.steps.size() + 1);
    if (foreverFrom) {
      if (*foreverFrom == p.steps.size()) {
        p.steps.clear(); // a forever loop without lock operations
        std::vector<Touch> all;
        for (auto &seg : segs)
          all.insert(all.end(), seg.begin(), seg.end());
        segs.assign(1, std::move(all));
      } else {
        p.loopTo = *foreverFrom;
      }
    }
    p.touches = std::move(segs);
    segs.clear();
    m.procs.push_back(std::move(p));
  }

  /// A BD of 0 elements: what the DMA does with it is not modelled (the
  /// words it moves are not invented): unknown.
  bool movesNothing(aie::DMABDOp bd) {
    std::optional<uint32_t> len = bd.getLen();
    bool zero = len && *len == 0;
    if (std::optional<ArrayRef<int32_t>> sizes = bd.getSizes())
      zero |= llvm::is_contained(*sizes, 0);
    if (zero)
      setUnknown(bd, "a BD of 0 words (what the DMA does with it is not "
                     "modelled)");
    return zero;
  }

  void addChains(Operation *program) {
    auto coord = tileOfOp(program);
    if (!coord)
      return;
    for (Block &block : program->getRegion(0)) {
      auto start = dyn_cast_or_null<aie::DMAStartOp>(block.getTerminator());
      if (!start)
        continue;
      Proc p;
      p.op = start;
      p.name = "the " + dirName(start.getChannelDir()) + " " +
               std::to_string(start.getChannelIndex()) + " chain of " +
               describe(*coord, d.kindOf(*coord));
      llvm::DenseMap<Block *, int> firstStep;
      Block *b = start.getDest();
      while (b && !firstStep.count(b)) {
        firstStep[b] = p.steps.size();
        for (Operation &op : *b) {
          if (auto use = dyn_cast<aie::UseLockOp>(op)) {
            if (!lockStep(use, p.steps))
              return;
          } else if (isa<aie::DMABDOp>(op)) {
            if (movesNothing(cast<aie::DMABDOp>(op)) ||
                sendsPackets(cast<aie::DMABDOp>(op)))
              return;
            p.steps.push_back(Step{Step::Transfer, &op, -1,
                                   bdWords(cast<aie::DMABDOp>(op))});
          }
        }
        auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
        b = next ? next.getDest() : nullptr;
      }
      if (b)
        p.loopTo = firstStep[b];
      else
        repeat(p, start.getRepeatCountAttr());
      if (!addChain(std::move(p), *coord, start.getChannelDir(),
                    start.getChannelIndex()))
        return;
    }
    // The region form (later mlir-aie): `aie.dma(MM2S, 0) [{BD}, {BD}]`,
    // the regions' BDs in order, back to the first after the last unless
    // `loop = false` (then `repeat_count + 1` passes).
    for (Operation &op : program->getRegion(0).getOps()) {
      auto dma = dyn_cast<aie::DMAOp>(op);
      if (!dma)
        continue;
      Proc p;
      p.op = dma;
      p.name = "the " + dirName(dma.getChannelDir()) + " " +
               std::to_string(dma.getChannelIndex()) + " chain of " +
               describe(*coord, d.kindOf(*coord));
      for (Region &r : dma.getBds())
        for (Block &b : r)
          for (Operation &inner : b) {
            if (auto use = dyn_cast<aie::UseLockOp>(inner)) {
              if (!lockStep(use, p.steps))
                return;
            } else if (auto bd = dyn_cast<aie::DMABDOp>(inner)) {
              if (movesNothing(bd) || sendsPackets(bd))
                return;
              p.steps.push_back(Step{Step::Transfer, bd, -1, bdWords(bd)});
            } else if (inner.getNumRegions() ||
                       !isMemoryEffectFree(&inner)) {
              setUnknown(&inner, "'" + inner.getName().getStringRef().str() +
                                     "' in a BD of aie.dma is not modelled");
              return;
            }
          }
      if (dma.loops())
        p.loopTo = 0;
      else
        repeat(p, dma.getRepeatCountAttr());
      if (!addChain(std::move(p), *coord, dma.getChannelDir(),
                    dma.getChannelIndex()))
        return;
    }
  }

  /// A `repeat_count` as a plain count, 0 when absent or negative. It is
  /// read from the attribute, not the generated `std::optional` getter:
  /// GCC loads an optional's payload before its flag when both are in
  /// memory, which is harmless but which valgrind reports as a jump on an
  /// uninitialised value, and our valgrind runs must stay quiet.
  static int32_t repeatsOf(IntegerAttr repeatCount) {
    return repeatCount ? std::max<int32_t>(0, repeatCount.getInt()) : 0;
  }

  /// A chain that ends runs `repeat_count + 1` times.
  static void repeat(Proc &p, IntegerAttr count) {
    std::vector<Step> once = p.steps;
    for (int32_t i = 0, n = repeatsOf(count); i < n; ++i)
      p.steps.insert(p.steps.end(), once.begin(), once.end());
  }

  /// A chain started on channel (tile, dir, ch). Another start on a channel
  /// that already has one (AIE2) is a task of the channel's queue, which
  /// runs it after the one before it ends (mlir-aie's dmabd_task_queue);
  /// after one that repeats forever it never runs. AIE1: unknown.
  bool addChain(Proc p, Coord tile, aie::DMAChannelDir dir, int64_t ch) {
    if (p.steps.empty())
      return true;
    auto key = std::make_tuple(tile, (int)dir, ch);
    auto it = chainAt.find(key);
    if (it == chainAt.end()) {
      chainAt[key] = m.procs.size();
      m.procs.push_back(std::move(p));
      return true;
    }
    if (m.aie1) {
      setUnknown(p.op, p.name + " is started twice");
      return false;
    }
    Proc &first = m.procs[it->second];
    if (first.loopTo < 0) {
      int offset = first.steps.size();
      first.steps.insert(first.steps.end(), p.steps.begin(), p.steps.end());
      if (p.loopTo >= 0)
        first.loopTo = offset + p.loopTo;
    }
    return true;
  }

  /// A BD of a chain that carries a packet header (`packet =
  /// #aie.packet_info<...>`): its words go wherever the packet flows of its
  /// id lead (on an MM2S channel), or it picks its data by the header of
  /// the packet that arrives (an S2MM BD, out of order). Neither is routed
  /// by the model: unknown.
  bool sendsPackets(aie::DMABDOp bd) {
    aie::PacketInfoAttr pkt = bd.getPacketAttr();
    if (!pkt)
      return false;
    setUnknown(bd, "a BD chain's BD that carries a packet header (packet id " +
                       std::to_string(pkt.getPktId()) +
                       "): packets from or into a BD chain are not routed by "
                       "the model");
    return true;
  }

  // The host and its queues.
  std::map<std::tuple<Coord, int, int64_t>, int> queueAt; // (tile, dir, ch)
  llvm::StringMap<aie::ShimDMAAllocationOp> allocs;
  /// The channel a shim end of an object FIFO names (by the FIFO's name,
  /// as the shim_dma_allocation mlir-aie generates for it).
  llvm::StringMap<int> fifoQueues;
  struct Configured {
    int queue;
    Task task;
  };
  llvm::DenseMap<Value, Configured> configured; // dma_configure_task*
  llvm::DenseMap<Value, std::pair<int, int64_t>> started; // queue, index

  int queueFor(Operation *at, Coord c, aie::DMAChannelDir dir, int64_t ch,
               StringRef symbol) {
    auto key = std::make_tuple(c, (int)dir, ch);
    if (auto it = queueAt.find(key); it != queueAt.end())
      return it->second;
    Queue q;
    q.tile = c;
    q.dir = dir;
    q.channel = ch;
    q.symbol = symbol.str();
    q.decl = at;
    q.name = describe(c, d.kindOf(c)) + " " + dirName(dir) + " " +
             std::to_string(ch);
    if (chainAt.count(key))
      setUnknown(at, "both a BD chain of the device and the runtime "
                     "sequence's tasks drive " + q.name);
    queueAt[key] = m.queues.size();
    m.queues.push_back(std::move(q));
    return m.queues.size() - 1;
  }

  /// The packet id an allocation gives its tasks' words, or -1.
  int64_t packetOf(StringRef sym) {
    auto it = allocs.find(sym);
    if (it == allocs.end())
      return -1;
    if (std::optional<uint32_t> id = it->second.getPktId())
      return *id;
    return -1;
  }

  std::optional<int> queueOfSymbol(Operation *at, StringRef sym) {
    if (auto q = fifoQueues.find(sym); q != fifoQueues.end())
      return q->second;
    auto it = allocs.find(sym);
    std::optional<Coord> c =
        it == allocs.end() ? std::nullopt : tileOfOp(it->second);
    if (!c) {
      setUnknown(at, "'@" + sym.str() + "' names no shim_dma_allocation "
                     "of the device on an aie.tile");
      return std::nullopt;
    }
    return queueFor(it->second, *c, it->second.getChannelDir(),
                    it->second.getChannelIndex(), sym);
  }

  /// The lock steps and transfers of a configured task whose BDs use
  /// locks, in chain order, `repeats + 1` times (empty: it uses none).
  std::optional<std::vector<Step>> taskSteps(Region &body, int32_t repeats) {
    bool locks = false;
    body.walk([&](aie::UseLockOp) { locks = true; });
    std::vector<Step> once;
    if (!locks || body.empty())
      return once;
    llvm::SmallPtrSet<Block *, 8> seen;
    for (Block *b = &body.front(); b && seen.insert(b).second;) {
      for (Operation &op : *b) {
        if (auto use = dyn_cast<aie::UseLockOp>(op)) {
          if (!lockStep(use, once))
            return std::nullopt;
        } else if (auto bd = dyn_cast<aie::DMABDOp>(op)) {
          once.push_back(Step{Step::Transfer, bd, -1, bdWords(bd)});
        }
      }
      auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
      b = next ? next.getDest() : nullptr;
    }
    std::vector<Step> all;
    for (int32_t i = 0; i <= repeats; ++i)
      all.insert(all.end(), once.begin(), once.end());
    return all;
  }

  /// A task with its words (and lock steps, when its BDs use locks).
  std::optional<Task> configuredTask(Operation *cfg, Region &body,
                                     IntegerAttr repeatCount,
                                     aie::DMAChannelDir dir, int64_t packet) {
    int32_t repeats = repeatsOf(repeatCount);
    std::optional<int64_t> w = taskWords(cfg, body, repeats, dir, &packet);
    if (!w)
      return std::nullopt;
    std::optional<std::vector<Step>> steps = taskSteps(body, repeats);
    if (!steps)
      return std::nullopt;
    Task t{cfg, std::max<int64_t>(1, *w), packet, std::move(*steps), {}};
    if (!t.steps.empty()) {
      t.wordsBefore.push_back(0);
      for (const Step &st : t.steps)
        t.wordsBefore.push_back(t.wordsBefore.back() +
                                (st.kind == Step::Transfer ? st.value : 0));
    }
    return t;
  }

  /// The words a configured task moves: its BDs, `repeats + 1` times.
  /// `packet`: the packet id its BDs' headers carry (`packet =
  /// #aie.packet_info<...>` on an MM2S task's BDs), else left alone.
  std::optional<int64_t> taskWords(Operation *task, Region &body,
                                   int32_t repeats,
                                   aie::DMAChannelDir dir,
                                   int64_t *packet = nullptr) {
    int64_t words = 0;
    bool zero = false;
    std::optional<int64_t> bdPacket;
    bool mixed = false, noHeader = false;
    body.walk([&](aie::DMABDOp bd) {
      zero |= movesNothing(bd);
      words += bdWords(bd);
      if (aie::PacketInfoAttr pkt = bd.getPacketAttr()) {
        if (bdPacket && *bdPacket != pkt.getPktId())
          mixed = true;
        bdPacket = pkt.getPktId();
      } else {
        noHeader = true;
      }
    });
    if (zero)
      return std::nullopt;
    if (bdPacket) {
      if (dir == aie::DMAChannelDir::S2MM) {
        setUnknown(task, "an S2MM task whose BDs carry a packet header (a "
                         "receive that picks its BD by the packet's header) "
                         "is not modelled");
        return std::nullopt;
      }
      if (mixed || noHeader || !packet) {
        setUnknown(task, "a runtime task whose BDs carry different packet "
                         "headers (or some none) is not modelled");
        return std::nullopt;
      }
      *packet = *bdPacket;
    }
    if (!body.empty() && !body.hasOneBlock()) {
      // A chain of BDs: the model counts each BD once (a task whose
      // next_bd loops back never finishes, which the model does not say).
      bool loops = false;
      for (Block &b : body)
        if (auto next = dyn_cast_or_null<aie::NextBDOp>(b.getTerminator()))
          if (next.getDest()->isEntryBlock() ||
              next.getDest() == &b)
            loops = true;
      if (loops) {
        setUnknown(task, "a runtime task whose BD chain loops");
        return std::nullopt;
      }
    }
    return words * (1 + int64_t(repeats));
  }

  size_t hostSteps = 0;
  bool sequenceOps(Block &block, Proc &host) {
    for (Operation &op : block) {
      if (host.steps.size() > kMaxCoreSteps) {
        setUnknown(&op, "the runtime sequence runs more than " +
                            std::to_string(kMaxCoreSteps) +
                            " pushes and waits (its loops unrolled)");
        return false;
      }
      if (auto copy = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op)) {
        std::optional<int> q = queueOfSymbol(copy, copy.getMetadata());
        if (!q)
          return false;
        // Sizes as SSA values count when they are constants.
        int64_t elems = 1;
        auto dynamic = copy.getSizes().begin();
        for (int64_t v : copy.getStaticSizes()) {
          if (ShapedType::isDynamic(v)) {
            std::optional<int64_t> c =
                dynamic == copy.getSizes().end() ? std::nullopt
                                                 : constIndex(*dynamic++);
            if (!c) {
              setUnknown(copy, "a transfer whose sizes are runtime values");
              return false;
            }
            v = *c;
          }
          elems *= v;
        }
        if (elems == 0) {
          setUnknown(copy, "a transfer of 0 words (what the DMA does with "
                           "it is not modelled)");
          return false;
        }
        int64_t bytes =
            elems * aie::elementBytes(cast<MemRefType>(copy.getMemref().getType()));
        int64_t index = m.queues[*q].tasks.size();
        // The transfer's own packet header, else its allocation's.
        int64_t packet = packetOf(copy.getMetadata());
        if (aie::PacketInfoAttr pkt = copy.getPacketAttr())
          packet = pkt.getPktId();
        m.queues[*q].tasks.push_back(
            {copy, std::max<int64_t>(1, (bytes + 3) / 4), packet});
        host.steps.push_back(Step{Step::Push, copy, -1, index, *q});
        continue;
      }
      if (auto wait = dyn_cast<aiex::NpuDmaWaitOp>(op)) {
        std::optional<int> q = queueOfSymbol(wait, wait.getSymbol());
        if (!q)
          return false;
        host.steps.push_back(Step{Step::Wait, wait, -1,
                                  (int64_t)m.queues[*q].tasks.size(), *q});
        continue;
      }
      if (auto cfg = dyn_cast<aiex::DMAConfigureTaskForOp>(op)) {
        std::optional<int> q = queueOfSymbol(cfg, cfg.getAlloc());
        if (!q)
          return false;
        std::optional<Task> t =
            configuredTask(cfg, cfg.getBody(), cfg.getRepeatCountAttr(),
                           m.queues[*q].dir, packetOf(cfg.getAlloc()));
        if (!t)
          return false;
        configured[cfg.getResult()] = Configured{*q, std::move(*t)};
        continue;
      }
      if (auto cfg = dyn_cast<aiex::DMAConfigureTaskOp>(op)) {
        aie::TileOp t = aie::getTileOf(cfg.getTile());
        if (!t) {
          setUnknown(cfg, "a runtime task on a tile that is not an aie.tile");
          return false;
        }
        int q = queueFor(cfg, coordOf(t), cfg.getDirection(), cfg.getChannel(),
                         "");
        std::optional<Task> task = configuredTask(
            cfg, cfg.getBody(), cfg.getRepeatCountAttr(), cfg.getDirection(),
            -1);
        if (!task)
          return false;
        configured[cfg.getResult()] = Configured{q, std::move(*task)};
        continue;
      }
      if (auto start = dyn_cast<aiex::DMAStartTaskOp>(op)) {
        for (Value t : start.getTasks()) {
          auto it = configured.find(t);
          if (it == configured.end()) {
            setUnknown(start, "a started task that no dma_configure_task "
                              "of the sequence configures");
            return false;
          }
          Queue &q = m.queues[it->second.queue];
          int64_t index = q.tasks.size();
          Task task = it->second.task;
          task.op = start;
          q.tasks.push_back(std::move(task));
          started[t] = {it->second.queue, index};
          host.steps.push_back(
              Step{Step::Push, start, -1, index, it->second.queue});
        }
        continue;
      }
      if (auto await = dyn_cast<aiex::DMAAwaitTaskOp>(op)) {
        for (Value t : await.getTasks()) {
          auto it = started.find(t);
          if (it == started.end()) {
            setUnknown(await, "an awaited task that the sequence has not "
                              "started");
            return false;
          }
          host.steps.push_back(Step{Step::Wait, await, -1,
                                    it->second.second + 1, it->second.first});
        }
        continue;
      }
      if (isa<aiex::DMAFreeTaskOp, scf::YieldOp>(op))
        continue;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        auto lb = constIndex(loop.getLowerBound()),
             ub = constIndex(loop.getUpperBound()),
             st = constIndex(loop.getStep());
        if (!lb || !ub || !st || *st <= 0) {
          setUnknown(loop, "a loop of the runtime sequence whose bounds are "
                           "not constants");
          return false;
        }
        for (int64_t i = *lb; i < *ub; i += *st)
          if (!sequenceOps(*loop.getBody(), host))
            return false;
        continue;
      }
      if (op.getNumRegions() == 0 && isMemoryEffectFree(&op))
        continue;
      setUnknown(&op, "the runtime sequence's '" +
                          op.getName().getStringRef().str() +
                          "' is not modelled");
      return false;
    }
    return true;
  }

  bool inHost = false; // building the host and its queues

  void addHost() {
    inHost = true;
    SmallVector<Operation *> seqs;
    for (Operation &op : d.op.getBodyBlock()) {
      if (aie::isRuntimeSequence(&op))
        seqs.push_back(&op);
      else if (auto alloc = dyn_cast<aie::ShimDMAAllocationOp>(op))
        if (!allocs.try_emplace(alloc.getSymName(), alloc).second)
          setUnknown(alloc, "two shim_dma_allocations are named '@" +
                                alloc.getSymName().str() + "'");
    }
    if (only) {
      seqs.assign(1, only);
    } else if (seqs.size() > 1) {
      setUnknown(seqs[1], "a device with several runtime sequences (which "
                          "one the host runs, and how often, is not known)");
      return;
    }
    if (seqs.empty())
      return;
    m.sequence = seqs.front();
    m.queueDepth = d.model->dmaTaskQueueDepth;
    // Every channel an allocation names runs from its task queue, whether
    // or not the sequence pushes onto it.
    for (auto &entry : allocs)
      if (std::optional<Coord> c = tileOfOp(entry.second))
        queueFor(entry.second, *c, entry.second.getChannelDir(),
                 entry.second.getChannelIndex(), entry.first());
    for (const FifoDMA &e : fifos.dmas) {
      if (!e.shim())
        continue;
      auto fifo = cast<aie::ObjectFifoCreateOp>(e.op);
      StringRef name = fifo.getSymName();
      if (allocs.count(name) || fifoQueues.count(name)) {
        setUnknown(fifo, "'@" + name.str() + "' names both an object FIFO's "
                         "shim end and another channel");
        return;
      }
      fifoQueues[name] = queueFor(fifo, e.tile, e.dir, e.channel, name);
    }
    Proc host;
    host.kind = AgentKind::Host;
    host.name = "the host";
    host.op = seqs.front();
    Region &body = aie::runtimeSequenceBody(seqs.front());
    if (!body.empty() && !sequenceOps(body.front(), host))
      return;
    if (m.queueDepth <= 0 && !host.steps.empty()) {
      setUnknown(seqs.front(), "the device model of '" + d.model->name +
                                   "' gives no DMA task queue depth "
                                   "(dma_task_queue_depth)");
      return;
    }
    m.host = m.procs.size();
    m.procs.push_back(std::move(host));
  }

  /// Packet flows from a task queue's channel into S2MM chains: per packet
  /// id, the chains its packets reach. Anything else a packet flow joins
  /// (a BD chain sending packets, packets into a task queue, a core's or
  /// the control port's stream) is not modelled, except ports outside the
  /// DMAs (a tile's control port for task tokens), which carry no data the
  /// model moves.
  template <typename Link> void linkPacketFlows(Link &link) {
    for (Operation &op : d.op.getBodyBlock()) {
      auto pf = dyn_cast<aie::PacketFlowOp>(op);
      if (!pf)
        continue;
      aie::PacketSourceOp src;
      SmallVector<aie::PacketDestOp> dests;
      unsigned sources = 0;
      for (Operation &port : pf.getPorts().front()) {
        if (auto s = dyn_cast<aie::PacketSourceOp>(port)) {
          src = s;
          ++sources;
        } else if (auto t = dyn_cast<aie::PacketDestOp>(port)) {
          dests.push_back(t);
        }
      }
      if (sources > 1) {
        setUnknown(pf, "a packet flow from several sources (fan-in: the "
                       "order the arbiter merges their packets in) is not "
                       "modelled");
        return;
      }
      if (!src || src.getBundle() != aie::WireBundle::DMA)
        continue; // control packets (task tokens): no data moved
      aie::TileOp st = aie::getTileOf(src.getTile());
      if (!st)
        continue;
      auto srcKey = std::make_tuple(coordOf(st), (int)aie::DMAChannelDir::MM2S,
                                    (int64_t)src.getChannel());
      auto srcQ = queueAt.find(srcKey);
      if (srcQ == queueAt.end()) {
        if (chainAt.count(srcKey))
          setUnknown(pf, "a packet flow from a BD chain (the packet ids its "
                         "BDs carry) is not modelled");
        continue;
      }
      Queue &q = m.queues[srcQ->second];
      std::vector<int> &to = q.packetPeers[pf.getId()];
      for (aie::PacketDestOp dst : dests) {
        aie::TileOp dt = aie::getTileOf(dst.getTile());
        auto dstKey =
            dt ? std::make_tuple(coordOf(dt), (int)aie::DMAChannelDir::S2MM,
                                 (int64_t)dst.getChannel())
               : std::make_tuple(Coord{-1, -1}, 0, (int64_t)0);
        auto chain = chainAt.find(dstKey);
        if (dst.getBundle() != aie::WireBundle::DMA || chain == chainAt.end()) {
          setUnknown(pf, "a packet flow from " + q.name + " into a port "
                         "other than a BD chain's S2MM channel is not "
                         "modelled");
          return;
        }
        if (m.procs[chain->second].queue != (int)srcQ->second)
          link(chain->second, srcQ->second);
        to.push_back(chain->second);
      }
      if (pf.getKeepPktHeader().value_or(false))
        setUnknown(pf, "a packet flow that keeps its packet header in the "
                       "data (keep_pkt_header) is not modelled");
    }
    for (Queue &q : m.queues) {
      if (q.packetPeers.empty())
        continue;
      if (!q.peers.empty()) {
        setUnknown(q.decl, q.name + " sends both into circuit and packet "
                                    "flows (not modelled)");
        return;
      }
      for (const Task &t : q.tasks)
        if (!q.packetPeers.count(t.packet)) {
          setUnknown(t.op, "a task on " + q.name + ", whose streams are "
                           "packet flows, carries " +
                           (t.packet < 0 ? std::string("no packet id")
                                         : "packet id " +
                                               std::to_string(t.packet) +
                                               ", which no packet flow "
                                               "routes"));
          return;
        }
    }
  }

  void linkFlows() {
    bool packet = false;
    auto link = [&](int chain, int q) {
      Proc &p = m.procs[chain];
      if (p.queue >= 0) {
        setUnknown(p.op, p.name + " is at the end of flows of two task "
                                  "queues (not modelled)");
        return;
      }
      p.queue = q;
      if (!packet)
        m.queues[q].peers.push_back(chain);
    };
    // A stream from the MM2S channel `sch` of tile `sc` to the S2MM
    // channel `dch` of tile `dc` (an aie.flow, or an object FIFO's).
    auto linkStream = [&](Operation *flow, Coord sc, int64_t sch, Coord dc,
                          int64_t dch) {
      auto srcKey = std::make_tuple(sc, (int)aie::DMAChannelDir::MM2S, sch);
      auto dstKey = std::make_tuple(dc, (int)aie::DMAChannelDir::S2MM, dch);
      auto src = chainAt.find(srcKey);
      auto dst = chainAt.find(dstKey);
      auto srcQ = queueAt.find(srcKey);
      auto dstQ = queueAt.find(dstKey);
      // One end is modelled and the other is a DMA channel nothing in the
      // design programs (a program written elsewhere or loaded later): it
      // could do anything, so nothing is proven past it. Shim channels of
      // a device without a runtime sequence are the host's, taken as
      // always ready (docs/aie.md).
      bool srcModelled = src != chainAt.end() || srcQ != queueAt.end();
      bool dstModelled = dst != chainAt.end() || dstQ != queueAt.end();
      auto unprogrammed = [&](Coord t) {
        return d.kindOf(t) != TileKind::ShimNoc || m.host >= 0;
      };
      if (srcModelled != dstModelled && unprogrammed(srcModelled ? dc : sc)) {
        Coord other = srcModelled ? dc : sc;
        setUnknown(flow, std::string("a stream ") +
                             (srcModelled ? "into " : "out of ") +
                             describe(other, d.kindOf(other)) +
                             (srcModelled ? " S2MM " : " MM2S ") +
                             std::to_string(srcModelled ? dch : sch) +
                             ", which the design does not program");
        return;
      }
      if (src != chainAt.end() && dst != chainAt.end()) {
        m.procs[src->second].peers.push_back(dst->second);
        m.procs[dst->second].fedBy = src->second;
      } else if (srcQ != queueAt.end() && dst != chainAt.end()) {
        link(dst->second, srcQ->second);
      } else if (src != chainAt.end() && dstQ != queueAt.end()) {
        if (!m.queues[dstQ->second].peers.empty())
          setUnknown(flow, "several flows into " +
                               m.queues[dstQ->second].name +
                               " (fan-in) are not modelled");
        link(src->second, dstQ->second);
      } else if (srcQ != queueAt.end() && dstQ != queueAt.end()) {
        Queue &from = m.queues[srcQ->second], &to = m.queues[dstQ->second];
        if (from.feeds >= 0 || to.fedBy >= 0 || !from.peers.empty() ||
            !to.peers.empty())
          setUnknown(flow, "a flow from " + from.name + " to " + to.name +
                               " besides other flows of these channels is "
                               "not modelled");
        from.feeds = dstQ->second;
        to.fedBy = srcQ->second;
      }
    };
    for (Operation &op : d.op.getBodyBlock()) {
      auto flow = dyn_cast<aie::FlowOp>(op);
      if (!flow || flow.getSourceBundle() != aie::WireBundle::DMA ||
          flow.getDestBundle() != aie::WireBundle::DMA)
        continue;
      aie::TileOp st = aie::getTileOf(flow.getSource()),
                  dt = aie::getTileOf(flow.getDest());
      if (st && dt)
        linkStream(flow, coordOf(st), flow.getSourceChannel(), coordOf(dt),
                   flow.getDestChannel());
    }
    for (auto &[src, dsts] : fifos.streams)
      for (int dst : dsts) {
        const FifoDMA &a = fifos.dmas[src], &b = fifos.dmas[dst];
        linkStream(a.op, a.tile, a.channel, b.tile, b.channel);
      }
    packet = true;
    linkPacketFlows(link);
    packet = false;
    for (Queue &q : m.queues)
      if ((q.feeds >= 0 || q.fedBy >= 0) && !q.peers.empty())
        setUnknown(q.decl, q.name + " is at the end of a flow of another "
                                    "task queue and of a BD chain (not "
                                    "modelled)");
    for (Proc &p : m.procs)
      if (p.queue >= 0 && (p.fedBy >= 0 || !p.peers.empty()))
        setUnknown(p.op, p.name + " is at the end of a flow of a task queue "
                                  "and of a flow of another BD chain (a "
                                  "broadcast or fan-in through the host is "
                                  "not modelled)");
  }
};
} // namespace

size_t dispatch::maxStates() {
  static const size_t budget = [] {
    if (const char *env = std::getenv("AIRCHECK_AIE_MAX_STATES"))
      if (long long v = std::atoll(env); v > 0)
        return static_cast<size_t>(v);
    return kMaxStates;
  }();
  return budget;
}

Model dispatch::Model::withCascadeRoom(int64_t room) const {
  Model r = *this;
  for (auto [free, values] : r.cascades)
    r.locks[free].init = room;
  return r;
}

std::vector<Operation *> dispatch::runtimeSequences(Device &d) {
  std::vector<Operation *> out;
  for (Operation &op : d.op.getBodyBlock())
    if (aie::isRuntimeSequence(&op))
      out.push_back(&op);
  return out;
}

Model dispatch::buildModel(Device &d, bool hostPolls, Operation *sequence) {
  Model m;
  m.hostPolls = hostPolls;
  m.streamBufferWords = d.model ? d.model->streamBufferWords : 0;
  ModelBuilder(d, m, sequence).build();
  if (m.host >= 0 && m.unknown.empty() && !m.procs[m.host].steps.empty()) {
    bool cores = false, forever = true;
    for (const Proc &p : m.procs)
      if (p.isCore()) {
        cores = true;
        forever &= p.loopTo >= 0;
      }
    m.redispatch = cores && forever;
  }
  return m;
}

Model dispatch::lockClosure(const Model &m, size_t a, size_t b) {
  std::vector<size_t> order{a, b};
  std::vector<bool> in(m.procs.size(), false);
  in[a] = in[b] = true;
  llvm::SmallSet<int, 16> locks;
  for (size_t k = 0; k < order.size(); ++k) {
    for (const Step &st : m.procs[order[k]].steps)
      if (st.lock >= 0)
        locks.insert(st.lock);
    for (auto [q, proc] : llvm::enumerate(m.procs))
      if (!in[q] && llvm::any_of(proc.steps, [&](const Step &st) {
            return st.lock >= 0 && locks.contains(st.lock);
          })) {
        in[q] = true;
        order.push_back(q);
      }
  }
  Model sm;
  sm.locks = m.locks;
  sm.aie1 = m.aie1;
  for (size_t p : order) {
    Proc copy = m.procs[p];
    copy.peers.clear();
    copy.fedBy = -1;
    copy.queue = -1;
    sm.procs.push_back(std::move(copy));
  }
  return sm;
}

Search::Search(const Model &m, std::vector<bool> visibleProcs,
               int64_t buffer, bool laterDispatches)
    : m(m), n(m.procs.size()), nl(m.locks.size()),
      sbase(2 * m.procs.size() + m.locks.size()),
      qbase(3 * m.procs.size() + m.locks.size()), buf(buffer),
      laterDispatches(laterDispatches && m.redispatch),
      visible(std::move(visibleProcs)) {
  visible.resize(n, false);
  // Releases are reduced (see expand) only with AIE2 semaphores: an
  // AIE1 `Acquire, v` waits for the value to *be* v, which a release can
  // disable.
  releasesCommute = true;
  acquirers.assign(m.locks.size(), {});
  for (auto [i, p] : llvm::enumerate(m.procs))
    for (const Step &st : p.steps) {
      if (st.kind == Step::AcquireEqual || st.kind == Step::ReleaseSet)
        releasesCommute = false;
      if (st.kind == Step::Acquire &&
          !llvm::is_contained(acquirers[st.lock], (int)i))
        acquirers[st.lock].push_back(i);
    }
  // Runtime tasks with lock steps compete for locks too (as agent n + q).
  for (auto [q, qu] : llvm::enumerate(m.queues))
    for (const Task &t : qu.tasks)
      for (const Step &st : t.steps) {
        if (st.kind == Step::AcquireEqual || st.kind == Step::ReleaseSet)
          releasesCommute = false;
        if (st.kind == Step::Acquire &&
            !llvm::is_contained(acquirers[st.lock], (int)(n + q)))
          acquirers[st.lock].push_back(n + q);
      }
  if (m.host >= 0 && m.queueDepth > 0 && !m.hostPolls) {
    std::vector<int64_t> pushedSoFar(m.queues.size(), 0),
        surelyFinished(m.queues.size(), 0);
    for (auto [k, st] : llvm::enumerate(m.procs[m.host].steps)) {
      if (st.kind == Step::Wait) {
        surelyFinished[st.queue] =
            std::max<int64_t>(surelyFinished[st.queue], st.value);
      } else if (st.kind == Step::Push) {
        if (pushedSoFar[st.queue] - surelyFinished[st.queue] >= m.queueDepth)
          lastRiskyPush = k;
        ++pushedSoFar[st.queue];
      }
    }
  }
}

State Search::initial() const {
  State init(qbase + 4 * m.queues.size(), 0);
  for (size_t i = 0; i < n; ++i)
    init[i] = m.procs[i].steps.empty() ? -1 : 0;
  for (size_t l = 0; l < nl; ++l)
    init[n + l] = m.locks[l].init;
  return init;
}

void Search::run() {
  add(initial(), -1);
  for (size_t i = 0; i < states.size(); ++i) {
    if (states.size() > maxStates()) {
      unknown = "more than " + std::to_string(maxStates()) +
                " states of the array to explore";
      return;
    }
    expand(i);
  }
}

bool Search::lockReady(const State &s, const Step &st) const {
  switch (st.kind) {
  case Step::Acquire:
    return s[n + st.lock] >= st.value;
  case Step::AcquireEqual:
    return s[n + st.lock] == st.value;
  default:
    return true; // a release
  }
}

bool Search::takeLock(State &next, const Step &st) {
  switch (st.kind) {
  case Step::Acquire:
    next[n + st.lock] -= st.value;
    break;
  case Step::ReleaseSet:
    next[n + st.lock] = st.value;
    break;
  case Step::Release:
    next[n + st.lock] += st.value;
    if (next[n + st.lock] > m.locks[st.lock].max) {
      if (unknown.empty()) {
        unknown = m.locks[st.lock].name + " may exceed its maximum " +
                  std::to_string(m.locks[st.lock].max) +
                  " (a process releases more than the others acquire)";
        unknownAt = st.op;
      }
      return false;
    }
    break;
  default: // AcquireEqual: the value stays
    break;
  }
  return true;
}

int64_t Search::transferEnd(const State &s, size_t q) const {
  const Task &t = m.queues[q].tasks[finished(s, q)];
  return t.steps.empty() ? t.words : t.wordsBefore[headStep(s, q) + 1];
}

void Search::stepOn(State &s, size_t q) const {
  const Task &t = m.queues[q].tasks[finished(s, q)];
  int32_t k = t.steps.empty() ? 0 : headStep(s, q) + 1;
  if (k >= (int32_t)t.steps.size()) {
    s[qbase + 4 * q + 1] += 1;
    s[qbase + 4 * q + 2] = 0;
    k = 0;
  }
  s[qbase + 4 * q + 3] = k;
}

const Step *Search::headTaskStep(const State &s, size_t q) const {
  if (pushed(s, q) == finished(s, q))
    return nullptr;
  const Task &t = m.queues[q].tasks[finished(s, q)];
  if (t.steps.empty())
    return nullptr;
  return &t.steps[headStep(s, q)];
}

int64_t Search::wordsLeft(const State &s, size_t q) const {
  int64_t left = 0;
  for (int32_t t = finished(s, q); t < pushed(s, q); ++t)
    left += m.queues[q].tasks[t].words;
  return left - headMoved(s, q);
}

int64_t Search::room(const State &s, int p) const {
  int64_t r = buf - inStream(s, p);
  if (s[p] >= 0 && m.procs[p].steps[s[p]].kind == Step::Transfer)
    r += bdWords(s, p) - moved(s, p);
  return r;
}

void Search::drain(State &s) const {
  for (bool again = true; again;) {
    again = false;
    for (size_t p = 0; p < n; ++p) {
      if (s[sbase + p] <= 0 || s[p] < 0 ||
          m.procs[p].steps[s[p]].kind != Step::Transfer)
        continue;
      int64_t take = std::min<int64_t>(s[sbase + p], bdWords(s, p) - moved(s, p));
      s[sbase + p] -= take;
      s[n + nl + p] += take;
      if (moved(s, p) >= bdWords(s, p)) {
        advance(s, p);
        again = true;
      }
    }
  }
}

int64_t Search::bdWords(const State &s, size_t p) const {
  return std::max<int64_t>(1, m.procs[p].steps[s[p]].value);
}

bool Search::idle(const State &s, size_t i) const {
  if (i < n)
    return s[i] < 0;
  return pushed(s, i - n) == finished(s, i - n);
}

bool Search::canRedispatch(const State &s) const {
  if (!laterDispatches || s[m.host] >= 0)
    return false;
  for (size_t q = 0; q < m.queues.size(); ++q)
    if (pushed(s, q) != finished(s, q))
      return false;
  for (size_t p = 0; p < n; ++p)
    if (inStream(s, p) > 0 || (m.procs[p].queue >= 0 && moved(s, p) > 0))
      return false;
  return true;
}

bool Search::enabled(const State &s, size_t i) const {
  if ((int)i == m.host && s[i] < 0)
    return canRedispatch(s);
  if (i >= n) {
    // A queue: its head task moves words when every chain at the other end
    // of its flows is at a BD (none: the other end is always ready).
    size_t q = i - n;
    if (pushed(s, q) == finished(s, q))
      return false; // idle
    const Step *own = headTaskStep(s, q);
    if (m.queues[q].fedBy >= 0 && (!own || own->kind == Step::Transfer))
      return false; // its words move with the queue that feeds it
    if (int to = m.queues[q].feeds;
        to >= 0 && (!own || own->kind == Step::Transfer)) {
      if (pushed(s, to) == finished(s, to))
        return false;
      if (const Step *theirs = headTaskStep(s, to);
          theirs && theirs->kind != Step::Transfer)
        return false; // the receiving task is at a lock step
    }
    if (own && own->kind != Step::Transfer)
      return lockReady(s, *own);
    for (int p : m.queues[q].peersOf(finished(s, q)))
      if (room(s, p) <= 0)
        return false;
    return true;
  }
  int pc = s[i];
  if (pc < 0)
    return false;
  const Step &st = m.procs[i].steps[pc];
  switch (st.kind) {
  case Step::Acquire:
  case Step::AcquireEqual:
  case Step::Release:
  case Step::ReleaseSet:
    return lockReady(s, st);
  case Step::Transfer:
    if (m.procs[i].fedBy >= 0 || m.procs[i].queue >= 0)
      return false; // moves with its source (or its queue)
    for (int p : m.procs[i].peers) {
      int ppc = s[p];
      if (ppc < 0 || m.procs[p].steps[ppc].kind != Step::Transfer)
        return false;
    }
    return true;
  case Step::Push:
    return !m.hostPolls || m.queueDepth <= 0 ||
           pushed(s, st.queue) - finished(s, st.queue) < m.queueDepth;
  case Step::Wait:
    return finished(s, st.queue) >= st.value;
  }
  return false;
}

bool Search::movesIn(const State &s, size_t i) const {
  if (i >= n || s[i] < 0)
    return enabled(s, i);
  if (m.procs[i].steps[s[i]].kind == Step::Transfer) {
    if (m.procs[i].fedBy >= 0)
      return enabled(s, m.procs[i].fedBy);
    if (m.procs[i].queue >= 0)
      return enabled(s, n + m.procs[i].queue);
  }
  return enabled(s, i);
}

void Search::add(const State &s, int64_t from) {
  auto [it, fresh] = index.try_emplace(s, states.size());
  if (fresh) {
    states.push_back(s);
    preds.emplace_back();
    terminal.push_back(false);
  }
  if (from >= 0 && it->second != (uint32_t)from)
    preds[it->second].push_back(from);
}

void Search::advance(State &s, size_t i) const {
  const Proc &p = m.procs[i];
  int pc = s[i] + 1;
  if (pc >= (int)p.steps.size())
    pc = p.loopTo;
  s[i] = pc;
  s[n + nl + i] = 0;
}

/// Partial-order reduction. Some steps are *safe*: once enabled, only
/// their own agent can take them, nothing else can disable them, and
/// they commute with every other step. With AIE2 semaphores these are
///   * a host step (a push only raises its queue's count; a wait, once its
///     tasks have finished, stays enabled; the next dispatch's start, once
///     the dispatch has ended clean, only resets queues that are empty,
///     and only the host could fill them again: taken after the others);
///   * a release (it only raises a value; no overflow);
///   * an enabled acquire of a lock no other process acquires (the others
///     only raise it);
///   * an enabled transfer, or a queue's move (it moves the pcs and words
///     of its own chains only and touches no lock); a queue's move only
///     with host polling (see below).
/// From a state with a safe step, taking it first loses no reachable
/// behaviour: any run from the state can take it first and still do what
/// it did, and every state where a core can move (or has finished) stays
/// reachable, since the step is not that core's and leaves its
/// enabledness alone, provided no step is put off forever around a cycle
/// (expand's cycle proviso). The search expands only that step there;
/// only acquires that compete for one lock are interleaved. The host goes
/// first: it runs ahead of the DMAs as far as its waits let it; with the
/// queues' moves interleaved in full (a push can be dropped), a push meets
/// its queue as full as any run can make it.
std::optional<size_t> Search::safeStep(const State &cur) const {
  if (!releasesCommute)
    return std::nullopt;
  if (m.host >= 0 && cur[m.host] >= 0 && enabled(cur, m.host))
    return (size_t)m.host;
  for (size_t i = 0; i < n; ++i) {
    if (cur[i] < 0 || visible[i])
      continue;
    const Step &st = m.procs[i].steps[cur[i]];
    switch (st.kind) {
    case Step::Release:
      if (cur[n + st.lock] + st.value <= m.locks[st.lock].max)
        return i;
      break;
    case Step::Acquire:
      if (acquirers[st.lock].size() == 1 && enabled(cur, i))
        return i;
      break;
    case Step::Transfer:
      if (enabled(cur, i))
        return i;
      break;
    default:
      break;
    }
  }
  // A queue's move is safe too, except while the host has a push ahead
  // that can be dropped (its own waits do not keep its queue below the
  // depth): then how far each queue has got when the host pushes depends
  // on the order the queues move in (one finishing first lets a wait
  // return while another has not moved), so their moves interleave in full
  // and every push meets its queue as full as any run can make it.
  if (m.hostPolls || m.queueDepth <= 0 || m.host < 0 ||
      cur[m.host] < 0 || cur[m.host] > lastRiskyPush)
    for (size_t q = 0; q < m.queues.size(); ++q) {
      const Step *st = headTaskStep(cur, q);
      if (st && st->kind != Step::Transfer &&
          !(st->kind == Step::Release &&
            cur[n + st->lock] + st->value <= m.locks[st->lock].max) &&
          !(st->kind == Step::Acquire && acquirers[st->lock].size() == 1))
        continue; // a lock step that competes: interleaved in full
      if (enabled(cur, n + q))
        return n + q;
    }
  // The next dispatch's start last: the array's other safe steps go first,
  // so a later dispatch starts from the array as settled as the reduction
  // lets it (which finding notes describe); any order would do, since the
  // start commutes with every step.
  if (m.host >= 0 && cur[m.host] < 0 && canRedispatch(cur))
    return (size_t)m.host;
  return std::nullopt;
}

/// The state after agent i's step from `cur` (enabled), or nullopt
/// when a release would pass the lock's maximum (which sets `unknown`).
std::optional<State> Search::successor(const State &cur, size_t i) {
  State next = cur;
  if (i >= n) {
    // The queue's head task moves as many words as it has left and every
    // chain at the other end can take into (or give from) its BD.
    size_t q = i - n;
    int32_t head = finished(cur, q);
    if (const Step *st = headTaskStep(cur, q); st && st->kind != Step::Transfer) {
      if (!takeLock(next, *st))
        return std::nullopt;
      stepOn(next, q);
      return next;
    }
    // Words the task moves now: up to the end of its current transfer.
    int64_t end = transferEnd(cur, q);
    int64_t k = end - headMoved(cur, q);
    const std::vector<int> &peers = m.queues[q].peersOf(head);
    for (int p : peers)
      k = std::min<int64_t>(k, room(cur, p));
    if (int to = m.queues[q].feeds; to >= 0) {
      int64_t toEnd = transferEnd(cur, to);
      k = std::min<int64_t>(k, toEnd - headMoved(cur, to));
      next[qbase + 4 * to + 2] += k;
      if (next[qbase + 4 * to + 2] >= toEnd)
        stepOn(next, to);
    }
    k = std::max<int64_t>(k, 0);
    next[qbase + 4 * q + 2] += k;
    // The words go into each receiver's stream, and from there into its
    // BD when it is at one (drain).
    for (int p : peers)
      next[sbase + p] += k;
    drain(next);
    if (next[qbase + 4 * q + 2] >= end)
      stepOn(next, q);
    return next;
  }
  if ((int)i == m.host && cur[i] < 0) {
    // The next dispatch: the sequence from its start, onto empty queues,
    // with the locks, cores and chains as this one left them.
    next[i] = 0;
    for (size_t q = 0; q < m.queues.size(); ++q)
      for (int k = 0; k < 4; ++k)
        next[qbase + 4 * q + k] = 0;
    return next;
  }
  const Step &st = m.procs[i].steps[cur[i]];
  switch (st.kind) {
  case Step::Acquire:
  case Step::AcquireEqual:
  case Step::Release:
  case Step::ReleaseSet:
    if (!takeLock(next, st))
      return std::nullopt;
    break;
  case Step::Transfer: {
    // Words move from the MM2S chain's BD into the current BD of every
    // S2MM chain it feeds, as many as each has left; a BD completes when
    // it has all its words (so BDs of different sizes at the two ends
    // complete at different moves).
    const std::vector<int> &peers = m.procs[i].peers;
    if (peers.empty())
      break; // the other end is always ready: the BD completes at once
    int64_t k = bdWords(cur, i) - moved(cur, i);
    for (int p : peers)
      k = std::min<int64_t>(k, bdWords(cur, p) - moved(cur, p));
    for (int p : peers) {
      next[n + nl + p] += k;
      if (moved(next, p) >= bdWords(next, p))
        advance(next, p);
    }
    next[n + nl + i] += k;
    if (moved(next, i) >= bdWords(next, i))
      advance(next, i);
    drain(next);
    return next;
  }
  case Step::Push:
    next[qbase + 4 * st.queue] += 1;
    break;
  case Step::Wait:
    break;
  }
  advance(next, i);
  drain(next); // a chain that reaches a BD takes what its stream holds
  return next;
}

void Search::expand(size_t idx) {
  // A push onto a full queue (without host polling it is dropped; the
  // search goes on as if it were not, to find what else goes wrong).
  if (!overflow && m.host >= 0 && m.queueDepth > 0 && !m.hostPolls) {
    const State &s = states[idx];
    if (s[m.host] >= 0) {
      const Step &st = m.procs[m.host].steps[s[m.host]];
      if (st.kind == Step::Push &&
          pushed(s, st.queue) - finished(s, st.queue) >= m.queueDepth)
        overflow = idx;
    }
  }
  // The reduced expansion takes the safe step alone, unless that closes a
  // cycle (its successor was seen before): then the state is expanded in
  // full, so no agent's step is put off forever around a cycle (the
  // cycle proviso; without it, chains that cycle among themselves could
  // hide another process's progress, and a core that can move would look
  // stuck).
  if (std::optional<size_t> only = safeStep(states[idx])) {
    std::optional<State> next = successor(states[idx], *only);
    if (next && !index.count(*next)) {
      // Safe steps in a row are one edge: the states between are not
      // kept (a core's long loops against chains that never compete make
      // a path as long as the run, of which only its ends matter). What
      // the checkers ask of a state carries along such a path: a step put
      // off stays enabled, an agent that cannot move at a state between
      // cannot at the path's end either, an agent that steps on the path
      // is recorded (pathAgents: it could move from the path's start,
      // though blocked at both ends), and a stream's or queue's state
      // once the host has finished is kept (the path stops there, and at
      // every push of the host, where a full queue is looked for). The
      // path stops before a state seen before, so the cycle proviso above
      // applies at its last state as it did.
      std::vector<uint32_t> took{(uint32_t)*only};
      for (size_t k = 1; k < kMaxPathSteps && pathSteps < kMaxSearchSteps;
           ++k, ++pathSteps) {
        const State &at = *next;
        if (m.host >= 0 &&
            (at[m.host] < 0 ||
             m.procs[m.host].steps[at[m.host]].kind == Step::Push))
          break;
        std::optional<size_t> then = safeStep(at);
        if (!then)
          break;
        std::optional<State> after = successor(at, *then);
        if (!after || index.count(*after))
          break;
        next = std::move(after);
        took.push_back((uint32_t)*then);
      }
      llvm::sort(took);
      took.erase(std::unique(took.begin(), took.end()), took.end());
      if (pathAgents.size() <= idx)
        pathAgents.resize(idx + 1);
      pathAgents[idx] = std::move(took);
      add(*next, idx);
      return;
    }
  }
  bool any = false;
  for (size_t i = 0; i < agents(); ++i) {
    if (!enabled(states[idx], i))
      continue;
    any = true;
    std::optional<State> next = successor(states[idx], i);
    if (!next)
      continue;
    add(*next, idx);
  }
  terminal[idx] = !any;
}
