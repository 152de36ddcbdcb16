//===- BDChains.h - each endpoint's BD chain and its lock actions -*- C++ -*-===//
//
// Every buffer a DMA touches gets a lock pair: a producer lock counting the
// free slots (init: the readers per round) and a consumer lock counting the
// full ones (init 0). An S2MM BD acquires the producer lock and releases the
// consumer lock; an MM2S BD the reverse; a core does the complement.
//
//  * L1 (a core buffer): one endpoint per buffer (or one get and one put
//    endpoint of the same core in turn: a relay, see Chains::relay); each BD acquires 1 and
//    releases 1; the core acquires at its get (or before its writes for a
//    put) and releases after its last use (or at its put).
//  * L2 (a memory-tile buffer): the transfers on it, in the run's order,
//    form rounds: the writes of one endpoint, then the reads of r endpoints.
//    The first write BD of a round acquires r free slots and the last
//    releases r full ones; each reader's first BD of the round acquires one
//    full slot and its last releases one free slot.
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
  /// On the buffer's lock pair: S2MM acquires the producer lock and
  /// releases the consumer lock, MM2S the reverse; 0 for none.
  int64_t acquire = 0, release = 0;
  bool operator==(const BD &o) const {
    return access == o.access && acquire == o.acquire && release == o.release;
  }
};

struct Chains {
  /// Per endpoint: its cyclic chain (L1, L2), or every transfer (L3).
  std::vector<std::vector<BD>> chains;
  /// Per buffer: the producer lock's initial value (0: no locks).
  std::vector<int64_t> producerInit;
  /// Per buffer: an L1 buffer a core receives into, works on in place and
  /// sends from (get, put, get, put, ...). It gets a third lock: the S2MM
  /// BD acquires the producer lock and releases the consumer lock, the core
  /// acquires the consumer lock at the get and releases the `ready` lock at
  /// the put, and the MM2S BD acquires `ready` and releases the producer
  /// lock.
  std::vector<bool> relay;
};

/// Annotates every endpoint's accesses with lock actions and folds each
/// chain to its period. Refuses buffers the protocol cannot serve.
mlir::FailureOr<Chains> buildChains(const TransferPlan &plan);

} // namespace aircheck::npu

#endif
