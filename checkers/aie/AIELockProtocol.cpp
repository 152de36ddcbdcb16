//===- AIELockProtocol.cpp - every lock wait can be satisfied --------------===//
//
// The first part of the lock protocol check (issue 10): on AIE2 locks are
// counting semaphores (an acquire of v waits until the value is >= v and
// takes v; a release adds v). A process (a core, a BD chain, a runtime
// task) that acquires v from a lock whose init is below v waits forever
// when no process ever releases that lock: reported with a note at the
// lock and at every acquire. On AIE1 (binary locks, xcvc1902) the same
// holds for `Acquire, v` when the lock starts at another value and no
// process releases it with v.
//
// Part 2 (AIE2): the per-round balance. Over one round of each process that
// repeats forever (a BD chain whose last next_bd leads back: the blocks of
// the cycle; a core: the body of its outermost forever loop, nested
// constant loops multiplied out), the acquires and releases of a lock by
// all such processes must be equal in total, or the lock's value drifts
// (grows past its maximum, or drains until the acquires starve). A lock is
// checked only when every use of it lies in such a round or runs once
// before one (a chain's blocks before its cycle, a core's ops before its
// forever loop), its per-round counts are constants, and the rounds both
// acquire and release it.
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIELockProtocol : public Checker {
public:
  llvm::StringRef id() const override { return "aie-lock-protocol"; }
  llvm::StringRef summary() const override {
    return "aie: every lock acquire can be satisfied, by the lock's init or "
           "by a release in some process";
  }
  CheckLevel level() const override { return CheckLevel::AIE; }

  void run(CheckContext &ctx) override {
    for (Device &d : collectDevices(ctx.module)) {
      if (!d.model)
        continue;
      bool aie1 = d.model->arch == "AIE1";
      unsigned locks = 0, problems = 0, unknownLocks = 0;
      handedOff.clear();
      handedOffToContract.clear();
      SmallVector<aie::LockOp> all; // anywhere in the device
      d.op.walk([&](aie::LockOp lock) { all.push_back(lock); });
      for (aie::LockOp lock : all) {
        ++locks;
        int64_t init = lock.getInit().value_or(0);
        SmallVector<aie::UseLockOp> acquires, releases;
        Operation *kernel = nullptr;
        // Kernel calls whose contract states what they do with the lock.
        SmallVector<std::pair<Operation *, KernelLockOp>> kernelAcquires;
        bool kernelReleases = false;
        for (Operation *user : lock->getUsers()) {
          if (auto use = dyn_cast<aie::UseLockOp>(user)) {
            (use.isAcquire() ? acquires : releases).push_back(use);
          } else if (isa<aiex::SetLockOp>(user)) {
            continue;
          } else if (auto contract = kernelContract(user)) {
            for (const KernelLockOp &k : *contract) {
              if (k.lock != lock)
                continue;
              if (k.action == aie::LockAction::Release)
                kernelReleases = true;
              else
                kernelAcquires.push_back({user, k});
            }
            handedOffToContract.insert(lock);
          } else if (!kernel) {
            kernel = user;
          }
        }
        // A lock a core hands to a kernel call is the kernel's to move
        // (mlir-aie's lock_pass_to_c): its acquires may be satisfied there.
        // An amount computed at run time: what the lock holds is not
        // known here (aie-deadlock says unknown too).
        if (!kernel)
          for (Operation *user : lock->getUsers())
            if (auto use = dyn_cast<aie::UseLockOp>(user))
              if (!use.getKnownAmount()) {
                ++unknownLocks;
                auto diag = emitWarning(use.getLoc())
                            << "lock protocol of '" << lockName(lock)
                            << "' is unknown: the amount is computed at run "
                               "time (not a constant)";
                diag.attachNote(lock.getLoc()) << "the lock is declared here";
                handedOff.insert(lock);
                break;
              }
        if (handedOff.count(lock))
          continue;
        // The host writes the registers of the lock's tile (a lock's value
        // is a register: mlir-aie's local_reset designs set one with
        // aiex.npu.write32): what the lock holds is not known here.
        if (Operation *write = hostWriteTo(d, lock, tileOfOp(lock))) {
          ++unknownLocks;
          auto diag = emitWarning(write->getLoc())
                      << "lock protocol of '" << lockName(lock)
                      << "' is unknown: "
                      << (isa<aiex::SetLockOp>(write)
                              ? "the host sets it here ('"
                              : "registers of its tile are written here ('")
                      << write->getName() << "', not modelled)"
                      << (isa<aiex::SetLockOp>(write)
                              ? ""
                              : ", which may set the lock's value");
          diag.attachNote(lock.getLoc()) << "the lock is declared here";
          handedOff.insert(lock);
          continue;
        }
        if (kernel) {
          ++unknownLocks;
          auto diag = emitWarning(kernel->getLoc())
                      << "lock protocol of '" << lockName(lock)
                      << "' is unknown: '" << kernel->getName()
                      << "' receives it, and what the kernel acquires and "
                         "releases is not modelled (no kernel contract)";
          diag.attachNote(lock.getLoc()) << "the lock handed to the kernel";
          handedOff.insert(lock);
          continue;
        }
        for (aie::UseLockOp acq : acquires) {
          int64_t v = acq.getValueOrDefault();
          bool satisfiable;
          if (aie1 && acq.getAction() == aie::LockAction::Acquire)
            satisfiable = init == v ||
                          llvm::any_of(releases, [&](aie::UseLockOp r) {
                            return r.getValueOrDefault() == v;
                          });
          else
            satisfiable = init >= v || !releases.empty() || kernelReleases;
          if (satisfiable)
            continue;
          ++problems;
          auto diag = acq.emitError()
                      << "waits forever: it acquires " << v
                      << " from a lock whose init is " << init
                      << " and which no process releases";
          diag.attachNote(lock.getLoc()) << "the lock is declared here";
          diag.attachNote(acq->getParentOp()->getLoc())
              << "in this " << processName(acq);
        }
        for (auto &[call, k] : kernelAcquires) {
          if (init >= k.value || !releases.empty() || kernelReleases)
            continue;
          ++problems;
          auto diag = call->emitError()
                      << "waits forever: by its kernel contract, the call "
                         "acquires "
                      << k.value << " from a lock whose init is " << init
                      << " and which no process releases";
          diag.attachNote(lock.getLoc()) << "the lock is declared here";
        }
      }
      if (locks && !problems && !unknownLocks)
        ctx.proved(d.op.getLoc(),
                   "every lock acquire can be satisfied by the lock's init "
                   "or a release (aie lock protocol, part 1)");
      if (!aie1)
        checkBalance(ctx, d);
    }
  }

  /// Locks handed to a kernel (part 2 leaves them out too).
  llvm::DenseSet<Operation *> handedOff;
  /// Locks a kernel with a contract moves (part 2 leaves them out: its
  /// rounds count only use_lock ops).
  llvm::DenseSet<Operation *> handedOffToContract;

  /// The first write that may set `lock` on tile `c`: an aiex.set_lock of
  /// it, a packet flow into
  /// its control port (TileControl), or a write of a runtime sequence
  /// (aiex.npu.write32, maskwrite32, blockwrite) naming that column and
  /// row, or naming neither a tile nor a buffer (an absolute address). A
  /// write into a buffer (`buffer = @b`) moves data, not a lock.
  static Operation *hostWriteTo(Device &d, aie::LockOp lock,
                                std::optional<Coord> c) {
    Operation *found = nullptr;
    d.op.walk([&](Operation *op) {
      // The host sets this lock (aiex.set_lock).
      if (auto set = dyn_cast<aiex::SetLockOp>(op)) {
        if (set.getLock().getDefiningOp() != lock)
          return WalkResult::advance();
        found = op;
        return WalkResult::interrupt();
      }
      // Control packets into the tile's control port write its registers
      // (mlir-aie's add_one_ctrl_packet sets lock values so).
      if (auto dst = dyn_cast<aie::PacketDestOp>(op)) {
        if (dst.getBundle() != aie::WireBundle::TileControl)
          return WalkResult::advance();
        aie::TileOp t = aie::getTileOf(dst.getTile());
        if (t && c && coordOf(t) != *c)
          return WalkResult::advance();
        found = op->getParentOp();
        return WalkResult::interrupt();
      }
      if (!isa<aiex::NpuWrite32Op, aiex::NpuMaskWrite32Op,
               aiex::NpuBlockWriteOp>(op))
        return WalkResult::advance();
      if (op->hasAttr("buffer"))
        return WalkResult::advance();
      auto col = op->getAttrOfType<IntegerAttr>("column");
      auto row = op->getAttrOfType<IntegerAttr>("row");
      if (col && row && c &&
          (col.getInt() != c->first || row.getInt() != c->second))
        return WalkResult::advance();
      found = op;
      return WalkResult::interrupt();
    });
    return found;
  }

  static std::string lockName(aie::LockOp lock) {
    if (auto name = lock->getAttrOfType<StringAttr>("sym_name"))
      return name.str();
    return "lock";
  }

  // Part 2: per-round balance of the processes that repeat forever.
  struct Rounds {
    llvm::DenseMap<Operation *, int64_t> perRound; // use_lock -> times/round
    llvm::DenseSet<Operation *> once;              // runs once before a round
    llvm::DenseSet<Operation *> variable;          // count not constant
  };

  static std::optional<int64_t> constIndex(Value v) {
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        return i.getInt();
    return std::nullopt;
  }

  static std::optional<int64_t> trips(scf::ForOp loop) {
    auto lb = constIndex(loop.getLowerBound()),
         ub = constIndex(loop.getUpperBound()),
         st = constIndex(loop.getStep());
    if (!lb || !ub || !st || *st <= 0)
      return std::nullopt;
    return *ub > *lb ? (*ub - *lb + *st - 1) / *st : 0;
  }

  // mlir-aie's forever loop: the aie-deadlock threshold.
  static constexpr int64_t kForever = 200000;

  static void countBlock(Block &block, int64_t times, Rounds &r) {
    for (Operation &op : block) {
      if (isa<aie::UseLockOp>(op)) {
        r.perRound[&op] += times;
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        auto n = trips(loop);
        if (n && *n <= kForever && (times == 0 || *n <= (INT64_MAX / 4) / times)) {
          countBlock(*loop.getBody(), times * *n, r);
          continue;
        }
      }
      op.walk([&](aie::UseLockOp use) { r.variable.insert(use); });
    }
  }

  static void collectRounds(Device &d, Rounds &r) {
    for (Operation &op : d.op.getBodyBlock()) {
      if (auto core = dyn_cast<aie::CoreOp>(op)) {
        Region &body = core.getBody();
        if (body.empty() || !body.hasOneBlock())
          continue;
        for (Operation &inner : body.front()) {
          auto loop = dyn_cast<scf::ForOp>(inner);
          auto n = loop ? trips(loop) : std::nullopt;
          if (!n || *n <= kForever)
            continue;
          // Ops before the forever loop run once; those after never do.
          for (Operation *p = loop->getPrevNode(); p; p = p->getPrevNode())
            p->walk([&](aie::UseLockOp use) { r.once.insert(use); });
          for (Operation *p = loop->getNextNode(); p; p = p->getNextNode())
            p->walk([&](aie::UseLockOp use) { r.once.insert(use); });
          countBlock(*loop.getBody(), 1, r);
          break;
        }
        continue;
      }
      if (!isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(op))
        continue;
      // The region form: a chain that loops runs each of its BD regions
      // once per round; one that ends has no rounds.
      for (Operation &inner : op.getRegion(0).getOps())
        if (auto dma = dyn_cast<aie::DMAOp>(inner); dma && dma.loops())
          dma.walk([&](aie::UseLockOp use) { r.perRound[use] += 1; });
      for (Block &block : op.getRegion(0)) {
        auto start = dyn_cast_or_null<aie::DMAStartOp>(block.getTerminator());
        if (!start)
          continue;
        SmallVector<Block *> order;
        llvm::DenseSet<Block *> seen;
        Block *b = start.getDest();
        while (b && seen.insert(b).second) {
          order.push_back(b);
          auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
          b = next ? next.getDest() : nullptr;
        }
        if (!b)
          continue; // the chain ends: no rounds
        bool inCycle = false;
        for (Block *c : order) {
          inCycle |= c == b;
          for (Operation &o : *c)
            if (isa<aie::UseLockOp>(o)) {
              if (inCycle)
                r.perRound[&o] += 1;
              else
                r.once.insert(&o);
            }
        }
      }
    }
  }

  void checkBalance(CheckContext &ctx, Device &d) {
    Rounds r;
    collectRounds(d, r);
    unsigned checked = 0, drifting = 0;
    SmallVector<aie::LockOp> all; // anywhere in the device
    d.op.walk([&](aie::LockOp lock) { all.push_back(lock); });
    for (aie::LockOp lock : all) {
      if (handedOff.count(lock) || handedOffToContract.count(lock))
        continue;
      SmallVector<std::pair<aie::UseLockOp, int64_t>> uses;
      bool skip = false;
      int64_t acquired = 0, released = 0;
      for (Operation *user : lock->getUsers()) {
        auto use = dyn_cast<aie::UseLockOp>(user);
        if (!use)
          continue;
        if (r.variable.count(use)) {
          skip = true;
          break;
        }
        auto it = r.perRound.find(use);
        if (it == r.perRound.end()) {
          if (r.once.count(use))
            continue;
          skip = true; // a process that does not repeat forever
          break;
        }
        if (it->second == 0)
          continue;
        int64_t amount = use.getValueOrDefault() * it->second;
        (use.isAcquire() ? acquired : released) += amount;
        uses.push_back({use, it->second});
      }
      // One-sided locks (only acquired or only released in the rounds) are
      // fragments or synchronised from elsewhere: not judged here. Nor are
      // locks several processes share: their rounds need not run equally
      // often (a chain may run twice per trip of the core it feeds, held
      // back by another lock), so only a lock one core both acquires and
      // releases drifts for certain.
      if (skip || uses.empty() || !acquired || !released)
        continue;
      Operation *core = uses.front().first->getParentOfType<aie::CoreOp>();
      if (!core || llvm::any_of(uses, [&](auto &u) {
            return u.first->template getParentOfType<aie::CoreOp>() != core;
          }))
        continue;
      ++checked;
      if (acquired == released)
        continue;
      ++drifting;
      std::string name = lock.getSymName()
                             ? "lock \"" + lock.getSymName()->str() + "\""
                             : "this lock";
      auto c = tileOfOp(lock);
      int64_t max = c ? d.lockMax(d.kindOf(*c)) : 63;
      auto diag = lock.emitError()
                  << name << " drifts: per round, the processes that repeat "
                  << "forever acquire " << acquired << " and release "
                  << released << " in total ("
                  << (released > acquired
                          ? "its value grows without bound, past its "
                            "maximum " + std::to_string(max)
                          : std::string("its value drains until the "
                                        "acquires starve"))
                  << ")";
      for (auto [use, times] : uses) {
        auto &note = diag.attachNote(use.getLoc());
        note << (use.isAcquire() ? "acquires " : "releases ")
             << use.getValueOrDefault();
        if (times != 1)
          note << " x " << times;
        note << " per round of this " << processName(use);
      }
      diag.attachNote(lock.getLoc())
          << "hint: make every round release, over all processes, what the "
             "rounds acquire (e.g. one release of the other side's lock per "
             "acquire)";
    }
    if (checked && !drifting)
      ctx.proved(d.op.getLoc(),
                 "the locks used by processes that repeat forever balance: "
                 "per round, as much is released as acquired (aie lock "
                 "protocol, part 2)");
  }

  static std::string processName(Operation *op) {
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
      if (isa<aie::CoreOp>(p))
        return "core";
      if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(p))
        return "DMA program";
      if (isa<aiex::DMAConfigureTaskForOp, aiex::DMAConfigureTaskOp>(p))
        return "runtime task";
    }
    return "process";
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIELockProtocol() {
  return std::make_unique<AIELockProtocol>();
}
