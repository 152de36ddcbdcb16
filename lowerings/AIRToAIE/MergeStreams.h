//===- MergeStreams.h - several streams of a core over one DMA channel -*- C++ -*-===//
//
// A compute tile has two DMA channels each way. A core that receives three
// buffers (A, B and C of a matmul) from the segment, or sends three, needs
// a third channel it does not have. Upstream's air-to-aie (and its
// air-dma-to-channel auto-packet detection) merges such streams into
// packet-switched flows: one channel, packets tagged with ids, routed by
// the switches.
//
// This lowering merges them into one circuit stream instead, where that is
// the same program: two streams of one core tile and one direction, whose
// other ends are both in L2 (then on one memory tile) or both in L3 (one
// shim channel), and whose transfers come in the same interleaving at both
// ends in the run's order (the ordering model's run, the one
// deadlock-freedom proved). Two broadcasts merge where they reach the same
// tiles, one destination of each per tile, with that interleaving at every
// tile: the far end's merged stream is then broadcast to the merged ends. The merged
// stream's n-th transfer is then the n-th at both ends: the k-th transfer of
// stream A is the k-th of A at both ends, so every element lands where the
// unmerged streams put it. Each buffer keeps its own locks; the channel's BD
// chain visits the buffers in that interleaving. The merge adds an order
// (a transfer of B waits for the A before it in the interleaving); the
// second check (`aie-deadlock` on the design) proves that the design still
// cannot deadlock, and the third (translation validation) that it moves the
// same data.
//
// Streams are merged on tiles that need more channels than they have, two
// at a time, until the tile fits or nothing more can be merged (the tile is
// then refused by name, as before); and, on any tile, streams that move one
// core buffer (herds of one name receiving into their tile's copy of a
// segment's L1 buffer, or two channels into one buffer): a core buffer has
// one lock pair, so its streams one way must be one BD chain (BDChains.h).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_MERGESTREAMS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_MERGESTREAMS_H

#include "lowerings/AIRToAIE/TransferPlan.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace aircheck::npu {

/// Merges streams of compute tiles with more endpoints in a direction than
/// `channels(isPut)` gives (above). `tileOf` gives an L1 endpoint's tile.
/// Returns the number of merges made.
unsigned mergeCoreStreams(TransferPlan &plan,
                          llvm::function_ref<Tile(const Endpoint &)> tileOf,
                          llvm::function_ref<int64_t(bool isPut)> channels);

} // namespace aircheck::npu

#endif
