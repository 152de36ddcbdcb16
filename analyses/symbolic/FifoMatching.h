//===- FifoMatching.h - which put meets which get, for every size -*- C++ -*-===//
//
// docs/semantics.md section 3, "Channels": a FIFO per channel index (per
// launch instance, unless the host uses the channel), the k-th put meets the
// k-th get, a get completes once its put is issued, a put of a channel of
// depth N once get k - (N - 1) is issued; a broadcast put feeds the FIFO of
// every destination (section 5).
//
// Symbolically, k is a rank: the position of an instance among the
// instances at its FIFO, in the order they are issued. That order is the
// program order of one process, so the model requires (and checks with
// isl) that every instance at a FIFO, on one side, comes from one process
// instance: the FIFO index determines the herd, segment and scf.parallel
// ids. The rank is then the lexicographic position over the loop counters
// that the FIFO does not determine (their trip counts constant but the
// outermost), times the number of ops of one block feeding the FIFO, plus
// the op's place among them. That the issue order really is this order is
// checked too: each instance must happen before the next one at its FIFO
// under the ordering model alone (an exact transitive closure of its
// waits), the symbolic form of the executor's order check.
//
// The result is the wait relation of the partners: a get's completion on
// what its put's start waits for, a put's completion on what the start of
// the get N - 1 behind it waits for.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_SYMBOLIC_FIFOMATCHING_H
#define AIRCHECK_ANALYSES_SYMBOLIC_FIFOMATCHING_H

#include "analyses/ChannelModel.h"
#include "analyses/symbolic/InstanceOrder.h"

namespace aircheck {

class FifoMatching {
public:
  /// Throws NotModelled when a FIFO is outside the model; with
  /// `severalPlaces` off, also when transfers at several places of a body
  /// feed one FIFO (NotModelled::severalPlaces set).
  FifoMatching(mlir::ModuleOp module, InstanceOrder &order,
               ChannelModel &channels, bool severalPlaces = true);
  /// Partner waits, events -> events.
  isl::union_map waits() const { return partnerWaits; }
  /// Which get each put meets: put instances -> get instances (a broadcast
  /// put meets a get at every FIFO it feeds).
  isl::union_map matches() const { return meetsAll; }
  unsigned fifoSides() const { return sides; }

private:
  isl::union_map partnerWaits;
  isl::union_map meetsAll;
  unsigned sides = 0;
};

} // namespace aircheck

#endif
