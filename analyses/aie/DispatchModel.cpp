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
//   are at a transfer step. A stream end that no BD chain of the device
//   drives (the host through a runtime task, a core's stream port, a channel
//   without a flow) is taken as always ready.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/DispatchModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <cstdlib>
#include <map>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

constexpr size_t kMaxStates = 200000;
constexpr size_t kMaxCoreSteps = 4096;
std::optional<int64_t> constIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

bool holdsUseLock(Operation *op) {
  bool found = false;
  op->walk([&](aie::UseLockOp) { found = true; });
  return found;
}

class ModelBuilder {
public:
  ModelBuilder(Device &d, Model &m) : d(d), m(m) {}

  void build() {
    m.aie1 = d.model->arch == "AIE1";
    for (Operation &op : d.op.getBodyBlock())
      if (auto lock = dyn_cast<aie::LockOp>(op)) {
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
    // A use_lock outside a core or a DMA program (a runtime task, a
    // function) is not modelled.
    d.op.walk([&](aie::UseLockOp use) {
      if (!use->getParentOfType<aie::CoreOp>() &&
          !isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(
              use->getParentOp()))
        setUnknown(use, "a lock operation outside a core and the DMA "
                        "programs (a runtime task or a function) is not "
                        "modelled");
    });
    for (Operation &op : d.op.getBodyBlock()) {
      if (auto core = dyn_cast<aie::CoreOp>(op))
        addCore(core);
      else if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(op))
        addChains(&op);
    }
    linkFlows();
  }

private:
  Device &d;
  Model &m;
  llvm::DenseMap<Operation *, int> lockIndex;
  std::map<std::tuple<Coord, int, int64_t>, int> chainAt; // (tile, dir, ch)

  void setUnknown(Operation *at, const std::string &why) {
    if (m.unknown.empty()) {
      m.unknown = why;
      m.unknownAt = at;
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
    Step s{Step::Acquire, use, it->second, use.getValueOrDefault()};
    if (!use.isAcquire())
      s.kind = m.aie1 ? Step::ReleaseSet : Step::Release;
    else if (m.aie1 && use.getAction() == aie::LockAction::Acquire)
      s.kind = Step::AcquireEqual;
    out.push_back(s);
    return true;
  }

  bool coreBlock(Block &block, std::vector<Step> &out) {
    for (Operation &op : block) {
      if (out.size() > kMaxCoreSteps) {
        setUnknown(op.getParentOfType<aie::CoreOp>(),
                   "the core runs more than " + std::to_string(kMaxCoreSteps) +
                       " lock operations (its loops unrolled)");
        return false;
      }
      if (auto use = dyn_cast<aie::UseLockOp>(op)) {
        if (!lockStep(use, out))
          return false;
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (!holdsUseLock(loop))
          continue;
        auto lb = constIndex(loop.getLowerBound()),
             ub = constIndex(loop.getUpperBound()),
             st = constIndex(loop.getStep());
        if (!lb || !ub || !st || *st <= 0) {
          setUnknown(loop, "a loop with lock operations whose bounds are not "
                           "constants");
          return false;
        }
        int64_t trips = *ub > *lb ? (*ub - *lb + *st - 1) / *st : 0;
        if (trips > (int64_t)kMaxStates && top && !foreverFrom) {
          // mlir-aie's "forever" loop (to 2^32 - 1): run as a loop forever.
          // Every state the forever loop reaches, it reaches within
          // kMaxStates trips, so only what happens after the loop's end is
          // missed; the ops after it are not modelled.
          foreverFrom = out.size();
          top = false;
          bool ok = coreBlock(*loop.getBody(), out);
          top = true;
          return ok;
        }
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
      if (op.getNumRegions() && holdsUseLock(&op)) {
        setUnknown(&op, "lock operations under '" +
                            op.getName().getStringRef().str() +
                            "' (only scf.for with constant bounds is "
                            "modelled in a core)");
        return false;
      }
    }
    return true;
  }

  // Whether coreBlock is at the top level of a core body, and where the
  // core's forever loop starts (its steps repeat from there).
  bool top = true;
  std::optional<size_t> foreverFrom;

  void addCore(aie::CoreOp core) {
    top = true;
    foreverFrom.reset();
    Proc p;
    p.name = "the core of " + tileName(core);
    p.op = core;
    p.isCore = true;
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
    if (foreverFrom) {
      if (*foreverFrom == p.steps.size())
        p.steps.clear(); // a forever loop without lock operations
      else
        p.loopTo = *foreverFrom;
    }
    m.procs.push_back(std::move(p));
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
            p.steps.push_back(Step{Step::Transfer, &op});
          }
        }
        auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
        b = next ? next.getDest() : nullptr;
      }
      if (b)
        p.loopTo = firstStep[b];
      else if (auto r = start.getRepeatCount(); r && *r > 0) {
        std::vector<Step> once = p.steps;
        for (int64_t i = 0; i < *r; ++i)
          p.steps.insert(p.steps.end(), once.begin(), once.end());
      }
      if (p.steps.empty())
        continue;
      chainAt[{*coord, (int)start.getChannelDir(),
               (int64_t)start.getChannelIndex()}] = m.procs.size();
      m.procs.push_back(std::move(p));
    }
  }

  void linkFlows() {
    for (Operation &op : d.op.getBodyBlock()) {
      auto flow = dyn_cast<aie::FlowOp>(op);
      if (!flow || flow.getSourceBundle() != aie::WireBundle::DMA ||
          flow.getDestBundle() != aie::WireBundle::DMA)
        continue;
      aie::TileOp st = aie::getTileOf(flow.getSource()),
                  dt = aie::getTileOf(flow.getDest());
      if (!st || !dt)
        continue;
      auto src = chainAt.find({coordOf(st), (int)aie::DMAChannelDir::MM2S,
                               (int64_t)flow.getSourceChannel()});
      auto dst = chainAt.find({coordOf(dt), (int)aie::DMAChannelDir::S2MM,
                               (int64_t)flow.getDestChannel()});
      if (src == chainAt.end() || dst == chainAt.end())
        continue;
      m.procs[src->second].peers.push_back(dst->second);
      m.procs[dst->second].fedBy = src->second;
    }
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

Model dispatch::buildModel(Device &d) {
  Model m;
  ModelBuilder(d, m).build();
  return m;
}

Search::Search(const Model &m) : m(m), n(m.procs.size()) {
  // Releases are reduced (see expand) only with AIE2 semaphores: an
  // AIE1 `Acquire, v` waits for the value to *be* v, which a release can
  // disable.
  releasesCommute = true;
  acquirers.assign(m.locks.size(), {});
  for (auto [i, p] : llvm::enumerate(m.procs))
    for (const Step &st : p.steps) {
      if (st.kind == Step::AcquireEqual || st.kind == Step::ReleaseSet)
        releasesCommute = false;
      if (st.kind == Step::Acquire && !llvm::is_contained(acquirers[st.lock], (int)i))
        acquirers[st.lock].push_back(i);
    }
}

void Search::run() {
  State init(n + m.locks.size());
  for (size_t i = 0; i < n; ++i)
    init[i] = m.procs[i].steps.empty() ? -1 : 0;
  for (size_t l = 0; l < m.locks.size(); ++l)
    init[n + l] = m.locks[l].init;
  add(init, -1);
  for (size_t i = 0; i < states.size(); ++i) {
    if (states.size() > maxStates()) {
      unknown = "more than " + std::to_string(maxStates()) +
                " states of the array to explore";
      return;
    }
    expand(i);
  }
}

/// Can process i take a step in state s (alone, or a transfer with its
/// peers)? Value overflow is reported by expand.
bool Search::enabled(const State &s, size_t i) const {
  int pc = s[i];
  if (pc < 0)
    return false;
  const Step &st = m.procs[i].steps[pc];
  switch (st.kind) {
  case Step::Acquire:
    return s[n + st.lock] >= st.value;
  case Step::AcquireEqual:
    return s[n + st.lock] == st.value;
  case Step::Release:
  case Step::ReleaseSet:
    return true;
  case Step::Transfer:
    if (m.procs[i].fedBy >= 0)
      return false; // moves with its source
    for (int p : m.procs[i].peers) {
      int ppc = s[p];
      if (ppc < 0 || m.procs[p].steps[ppc].kind != Step::Transfer)
        return false;
    }
    return true;
  }
  return false;
}

/// Can process i ever move from state s on (it is a transfer's peer)?
bool Search::movesIn(const State &s, size_t i) const {
  if (s[i] < 0)
    return false;
  if (m.procs[i].fedBy >= 0 &&
      m.procs[i].steps[s[i]].kind == Step::Transfer)
    return enabled(s, m.procs[i].fedBy);
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
}

/// Partial-order reduction. Some steps are *safe*: once enabled, only
/// their own process can take them, nothing else can disable them, and
/// they commute with every other step. With AIE2 semaphores these are
///   * a release (it only raises a value; no overflow);
///   * an enabled acquire of a lock no other process acquires (the others
///     only raise it);
///   * an enabled transfer (it moves the pcs of its chains only and
///     touches no lock).
/// From a state with a safe step, taking it first loses no reachable
/// behaviour: any run from the state can take it first and still do what
/// it did, and every state where a core can move (or has finished) stays
/// reachable, since the step is not that core's and leaves its
/// enabledness alone, provided no step is put off forever around a cycle
/// (expand's cycle proviso). The search expands only that step there;
/// only acquires that compete for one lock are interleaved.
std::optional<size_t> Search::safeStep(const State &cur) const {
  if (!releasesCommute)
    return std::nullopt;
  for (size_t i = 0; i < n; ++i) {
    if (cur[i] < 0)
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
  return std::nullopt;
}

/// The state after process i's step from `cur` (enabled), or nullopt
/// when a release would pass the lock's maximum (which sets `unknown`).
std::optional<State> Search::successor(const State &cur, size_t i) {
  State next = cur;
  const Step &st = m.procs[i].steps[cur[i]];
  switch (st.kind) {
  case Step::Acquire:
    next[n + st.lock] -= st.value;
    break;
  case Step::AcquireEqual:
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
      return std::nullopt;
    }
    break;
  case Step::ReleaseSet:
    next[n + st.lock] = st.value;
    break;
  case Step::Transfer:
    for (int p : m.procs[i].peers)
      advance(next, p);
    break;
  }
  advance(next, i);
  return next;
}

void Search::expand(size_t idx) {
  // The reduced expansion takes the safe step alone, unless that closes a
  // cycle (its successor was seen before): then the state is expanded in
  // full, so no process's step is put off forever around a cycle (the
  // cycle proviso; without it, chains that cycle among themselves could
  // hide another process's progress, and a core that can move would look
  // stuck).
  if (std::optional<size_t> only = safeStep(states[idx])) {
    std::optional<State> next = successor(states[idx], *only);
    if (next && !index.count(*next)) {
      add(*next, idx);
      return;
    }
  }
  bool any = false;
  for (size_t i = 0; i < n; ++i) {
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
