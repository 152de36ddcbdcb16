//===- CascadeLinks.h - which herd tile a cascade put reaches ---*- C++ -*-===//
//
// A cascade channel joins a core to a neighbouring core (seed 000 2.5, 3).
// For each pair of a put and a get on one cascade channel, both in herds,
// this gives the offsets from the putting tile to the getting tile in the
// herds' own ids (get ids minus put ids, over every pair of tiles whose put
// meets the get): decided with isl over all tiles at once. Where the herds
// are placed by translation, the getting herd's origin minus the putting
// herd's, plus an offset, is where the get's tile sits from the put's.
//
// The offsets are what placement (analyses/Placement.h) needs to put the
// two herds where every cascade joins neighbours the hardware connects
// (AIE2 cascades run east or south: mlir-aie's ConfigureCascadeOp), and
// what lint's cascade-adjacency checks.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_CASCADELINKS_H
#define AIRCHECK_ANALYSES_CASCADELINKS_H

#include "analyses/ChannelModel.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aircheck {

struct CascadeLink {
  air::ChannelOp channel;
  mlir::Operation *put = nullptr, *get = nullptr;
  air::HerdOp putHerd, getHerd;
  /// Get tile ids minus put tile ids (columns, rows), over every pair of
  /// tiles whose put meets the get; empty when none meets.
  std::vector<std::pair<int64_t, int64_t>> offsets;
  /// Set when the offsets are not known (and `offsets` is empty).
  std::optional<std::string> unknown;
};

/// The tile -> channel index relation of one access, its domain the herd's
/// ids (column, then row; a 1-D herd is one row), or in physical
/// coordinates when `physical` (adding the herd's x_loc and y_loc; nullopt
/// when the herd has none).
std::optional<isl::map> cascadeTileToIndex(PolyhedralModel &poly,
                                           const ChannelAccess &a,
                                           air::HerdOp herd, bool physical);

/// Every (put, get) pair of every cascade channel whose both ends are in
/// herds. Throws isl::exception as the channel model does.
std::vector<CascadeLink> cascadeLinks(ChannelModel &model);

/// The same for `module`, with a channel model of its own (for callers
/// without an analysis manager); none where isl gives up.
std::vector<CascadeLink> cascadeLinksOf(mlir::Operation *module);

/// The hardware's cascade directions on AIE2: from a tile to the one east
/// of it (+1, 0) or the one south of it (0, -1), in (column, row).
inline constexpr std::pair<int64_t, int64_t> kCascadeEast{1, 0},
    kCascadeSouth{0, -1};

} // namespace aircheck

#endif
