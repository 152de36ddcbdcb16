//===- SharedL1.h - one L1 buffer that herds on other tiles use -*- C++ -*-===//
//
// An L1 buffer allocated outside its herds and used by herds on different
// tiles is one buffer, shared between their cores through the memory
// modules they reach (upstream's shared L1 lowering in air-to-aie). Which
// core may touch it when is then ours to say, with locks.
//
// The herds that use it (its groups) must run one after the other in the
// program: each directly in the block that allocates it, each before the
// next in the ordering model (BlockOrder::before), and so in program order.
// The lowering passes a turn around them with a ring of semaphore locks on
// the buffer's tile, one per group: a group's cores acquire its lock before
// their body, and release the next group's after it; the first group's
// lock starts full. So the cores take their turns in the program's order,
// in every round (launch instance, trip of a loop around them), and a round
// starts once the last group of the one before has finished with the
// buffer. In the program each round has a buffer of its own (the alloc is
// in the block the herds are in); one buffer used round after round is the
// same data, since the rounds take their turns.
//
// A group of several cores (a herd of several tiles, which run at once)
// hands on to a group of one core, and one core to several. Each core of
// a group of several has a lock of its own: one lock that several cores
// acquire would let a fast core take a slow one's turn (AIE2 semaphores:
// an acquire waits for the value and takes it, whoever it is), and read
// one round twice. The one core of a group after several acquires their
// number, so it starts once every one of them has released. Two groups of
// several cores in a row would need a barrier: refused.
//
// The buffer goes on a tile whose memory every user's core reaches (AIE2:
// its own, its west, north or south neighbour's); none: refused. The
// second check (aie-deadlock, aie-data-race on the design) proves the ring
// neither deadlocks nor lets two cores race, the third that the design
// moves what the program moves.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_SHAREDL1_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_SHAREDL1_H

#include "lowerings/AIRToAIE/TransferPlan.h"

#include "dialects/AIR/AIRDialect.h"

#include <optional>
#include <vector>

namespace aircheck::npu {

/// One herd that uses a shared buffer, and its part of the ring.
struct SharedL1Group {
  air::HerdOp herd;
  std::vector<Tile> tiles;
  /// Its locks in the ring: `locks` of them from `first` on, one per core
  /// of a group of several cores (so that no core can take another's
  /// turn: AIE2 semaphores let any acquirer take what is released), one
  /// for a group of one core.
  unsigned first = 0, locks = 1;
  /// Each of its cores acquires its lock by `acquire` before its body
  /// (one core after several: their number; else 1), and releases every
  /// lock of the next group by 1 after it.
  int64_t acquire = 1;
  /// The lock the core at `t` (one of `tiles`) acquires.
  unsigned lockOf(Tile t) const;
};

/// A shared L1 buffer: where it goes, and its ring.
struct SharedL1 {
  mlir::Operation *alloc = nullptr;
  Tile home;
  std::vector<SharedL1Group> groups; // in program order
  std::vector<int64_t> lockInit;      // per lock of the ring
  /// The group after group `i` (the ring wraps around).
  const SharedL1Group &next(size_t i) const {
    return groups[(i + 1) % groups.size()];
  }
};

/// The ring of `alloc`, used by `users` (each herd with its tiles; tiles
/// of different herds differ), or refuses at the reason and returns none.
std::optional<SharedL1>
planSharedL1(mlir::Operation *alloc,
             std::vector<std::pair<air::HerdOp, std::vector<Tile>>> users);

/// Whether a core at `core` reaches the memory of the compute tile `mem`
/// (AIE2: AIE2TargetModel::isLegalMemAffinity for compute tiles).
bool coreReaches(Tile core, Tile mem);

} // namespace aircheck::npu

#endif
