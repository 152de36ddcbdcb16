//===- ResourceFootprint.h - what each launch, segment, herd holds -*- C++ -*-===//
//
// Seed 000 section 2.2, "Compile-time resource analysis", bottom up:
//  * a herd holds its tiles (the product of its sizes) and, per tile, the L1
//    bytes that can be live at once;
//  * a segment instance holds the tiles of the herds and nested segments
//    that can be active at once, and the L2 bytes that can be live at once
//    (stage 1); its total multiplies that by its instances (stage 2);
//  * a launch holds all its segments at once (they are co-resident), but
//    segments that share an affinity token (seed 000 1.5) run one after
//    the other on one partition and count once, the largest; herds and
//    nested segments of one affinity group are never live together.
// "At once" is the peak over every schedule the program allows: a maximum
// weight antichain of the order that synchronous ops and tokens impose,
// solved exactly with z3 (solvers/MaxConcurrency). Inside scf.for, what an
// iteration holds is multiplied by the loop's pipeline depth (its token
// iter_args); scf.parallel multiplies by its instances.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_RESOURCEFOOTPRINT_H
#define AIRCHECK_ANALYSES_RESOURCEFOOTPRINT_H

#include "analyses/AsyncGraph.h"
#include "dialects/AIR/AIRDialect.h"

#include <optional>
#include <string>
#include <vector>

namespace aircheck {

/// A count that is known exactly, or why not.
struct Amount {
  std::optional<int64_t> value;
  std::string why;
  static Amount of(int64_t v) { return Amount{v, ""}; }
  static Amount unknown(std::string why) { return Amount{std::nullopt, std::move(why)}; }
  bool known() const { return value.has_value(); }
};

/// The product, unknown (with the first reason) if either factor is.
Amount operator*(const Amount &a, const Amount &b);

struct HerdFootprint {
  air::HerdOp op;
  std::string name;
  std::vector<int64_t> shape; // empty when not constant
  Amount tiles;
  Amount l1PerTile;
  /// Per tile: DMA channels in (S2MM) and out (MM2S), the most flows active
  /// at once (a flow: one channel, or one buffer a dma fills or drains);
  /// buffer descriptors, one per transfer op; locks, two per L1 buffer a
  /// transfer fills or drains, and the ring of an L1 buffer the segment
  /// shares with herds on other tiles (one lock per user core). Bytes and
  /// ring of such a buffer count on every user: a bound, since the tile
  /// that holds them is the lowering's choice.
  Amount dmaIn, dmaOut;
  int64_t bds = 0, locks = 0;
  /// x_loc / y_loc when given.
  std::optional<int64_t> xLoc, yLoc;
  /// The affinity partition it shares with other herds of its segment (an
  /// index within the segment), or -1: such herds run one after the other
  /// and may share tiles.
  int partition = -1;
};

struct SegmentFootprint {
  air::SegmentOp op;
  std::string name;
  Amount instances;
  Amount tilesPerInstance, tiles; // tiles = per instance x instances
  Amount l2PerInstance, l2;
  /// Per instance, memory-tile DMA channels in and out (flows into and out
  /// of L2, one per distinct flow).
  int64_t memDmaIn = 0, memDmaOut = 0;
  std::vector<HerdFootprint> herds;
  std::vector<SegmentFootprint> nested;
  std::optional<int64_t> xLoc, yLoc, xSize, ySize;
  /// backend_granularity (seed 000 2.2), e.g. "XCD"; empty when absent.
  std::string granularity;
};

struct LaunchFootprint {
  air::LaunchOp op;
  std::string name;
  Amount instances;
  /// All segments of one launch instance, co-resident, except that the
  /// segments of one affinity group share a partition one after the other
  /// and count once, the largest.
  Amount tiles, l2;
  /// Shim DMA channels in (to L3) and out (from L3): flows touching L3.
  int64_t shimIn = 0, shimOut = 0;
  std::vector<SegmentFootprint> segments;
  /// Per segment: the affinity partition it shares with other segments of
  /// this launch (an index), or -1.
  std::vector<int> partitionOf;
};

class ResourceFootprint {
public:
  /// What may be live at once follows the ordering model, `graph`.
  ResourceFootprint(mlir::Operation *module, const AsyncGraph &graph);
  const std::vector<LaunchFootprint> &launches() const { return all; }

private:
  std::vector<LaunchFootprint> all;
};

/// A constant index, following args(...) bindings and size arguments out of
/// hierarchy bodies.
std::optional<int64_t> constantIndex(mlir::Value v);

/// How many times one entry into `loop` runs its body: an scf.for (bounds
/// read through args(...) bindings, as constantIndex does), an scf.parallel
/// (the product over its dimensions) or an affine.for (MLIR's
/// affine::getConstantTripCount); nullopt for anything else, or where the
/// count is not a constant.
std::optional<int64_t> constantTripCount(mlir::Operation *loop);

/// How many times `op` runs in all, when every iteration space and loop
/// around it has a constant size (launch instances included).
std::optional<int64_t> constantInstanceCount(mlir::Operation *op);

/// A hierarchy op as a sentence names it: "segment @seg", "herd @h",
/// "launch @l" when it has a symbol, else "the air.launch at 4:5". Callers
/// use it as it is, with no kind of their own in front.
std::string hierarchyName(mlir::Operation *op);

} // namespace aircheck

#endif
