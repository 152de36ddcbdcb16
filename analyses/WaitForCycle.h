//===- WaitForCycle.h - who waits for whom in a stuck run -------*- C++ -*-===//
//
// A stuck run of the executor lists its blocked ops with the wait-for
// relation among them (SkeletonResult::BlockedOp::waitsFor). A deadlock
// report leads with the shortest cycle of that relation, each op once; a
// run stuck without one (a get whose put is never issued) leads with the
// chain from the first blocked op to an op that waits for nothing blocked.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_WAITFORCYCLE_H
#define AIRCHECK_ANALYSES_WAITFORCYCLE_H

#include "analyses/executor/SkeletonExecutor.h"

#include <vector>

namespace aircheck {

struct WaitChain {
  /// Indices into the blocked ops, each waiting for the next (and the last
  /// for the first, when `cycle`).
  std::vector<unsigned> ops;
  bool cycle = false;
};

/// The shortest wait-for cycle (the one through the earliest op among the
/// shortest), or the chain from the first blocked op.
WaitChain findWaitChain(llvm::ArrayRef<SkeletonResult::BlockedOp> blocked);

} // namespace aircheck

#endif
