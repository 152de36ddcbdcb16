//===- AIELocks.cpp - locks exist on their tile, once each, in range -------===//
//
// Per tile: no more locks than the tile has (compute_tile.locks,
// memtile.locks, shim.locks), every lock id below that count and used by
// one aie.lock only, `init` and every use_lock value within the lock's
// range (0 .. lock_max_value: 63 on AIE2, 1 on AIE1).
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIELocks : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-locks"; }
  llvm::StringRef summary() const override {
    return "aie: lock count and ids within each tile's locks, no id twice, "
           "init and use_lock values within the lock's range";
  }

  void check(Device &d) override {
    std::map<Coord, SmallVector<aie::LockOp>> tiles;
    // Locks anywhere in the device (some designs declare them inside the
    // DMA program that uses them).
    d.op.walk([&](aie::LockOp lock) {
      if (std::optional<Coord> c = tileOfOp(lock))
        tiles[*c].push_back(lock);
    });

    for (auto &[c, locks] : tiles) {
      TileKind kind = d.kindOf(c);
      if (kind == TileKind::Outside)
        continue;
      int64_t limit = d.lockLimit(kind), max = d.lockMax(kind);
      if (limit > 0 && static_cast<int64_t>(locks.size()) > limit) {
        auto diag = locks[limit].emitError()
                    << describe(c, kind) << " has " << limit << " locks, but "
                    << locks.size() << " are declared on it";
        diag.attachNote(locks.front().getLoc()) << "the first lock of the tile";
      }
      std::map<int64_t, aie::LockOp> ids;
      for (aie::LockOp lock : locks) {
        if (std::optional<uint32_t> id = lock.getLockID()) {
          if (limit > 0 && *id >= limit)
            lock.emitError() << "lock id " << *id << " does not exist on "
                             << describe(c, kind) << ", which has locks 0.."
                             << (limit - 1);
          auto [it, fresh] = ids.insert({*id, lock});
          if (!fresh) {
            auto diag = lock.emitError() << "lock id " << *id << " of "
                                         << describe(c, kind)
                                         << " is declared twice";
            diag.attachNote(it->second.getLoc()) << "first declared here";
          }
        }
        if (std::optional<uint32_t> init = lock.getInit();
            init && max > 0 && static_cast<int64_t>(*init) > max)
          lock.emitError() << "init " << *init << " is out of range: a lock of "
                           << describe(c, kind) << " holds 0.." << max;
        if (max > 0)
          for (Operation *user : lock->getUsers())
            if (auto use = dyn_cast<aie::UseLockOp>(user))
              if (use.getKnownAmount() && *use.getKnownAmount() > max) {
                auto diag = use.emitError()
                            << "value " << use.getValueOrDefault()
                            << " is out of range: a lock of "
                            << describe(c, kind) << " holds 0.." << max;
                diag.attachNote(lock.getLoc()) << "the lock is declared here";
              }
      }
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIELocks() {
  return std::make_unique<AIELocks>();
}
