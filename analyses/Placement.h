//===- Placement.h - where segments and herds go on an AIE array -*- C++ -*-===//
//
// Every segment instance of a launch is co-resident (seed 000 2.1, 2.2):
// each gets its own rectangle of compute tiles, the rectangles do not
// overlap, each herd of an instance sits inside its rectangle, and two herds
// that can be active at the same time do not share a tile. A segment's L2
// must fit the memory tiles of the columns it spans. Given x_loc / y_loc /
// x_size / y_size are honoured. Segments that share an affinity token
// (seed 000 1.5) run one after the other on one partition: they share one
// rectangle, which is apart from the others. z3 finds a placement or proves
// that none exists; then a minimal unsat core names the ops and rectangles
// that clash. Two herds a cascade channel joins are placed so that every
// put's tile is the west or north neighbour of its get's (analyses/
// CascadeLinks.h: AIE2 cascades run east or south).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_PLACEMENT_H
#define AIRCHECK_ANALYSES_PLACEMENT_H

#include "analyses/CascadeLinks.h"
#include "analyses/DeviceModel.h"
#include "analyses/ResourceFootprint.h"

namespace aircheck {

struct PlacedRect {
  std::string label;   // "herd @herd_0 (segment @seg instance 1)"
  mlir::Operation *op; // the herd or segment
  bool isHerd;
  int64_t x, y, width, height;
};

struct PlacementResult {
  enum class Kind { Placed, Impossible, Unknown } kind = Kind::Unknown;
  mlir::Operation *launch = nullptr;
  std::vector<PlacedRect> rects;
  /// Impossible: what runs out; Unknown: why there is no verdict.
  std::string why;
  /// Impossible: each op the clash involves, with what it contributes
  /// ("columns 0-1, rows 2-5 (x_loc, x_size)").
  std::vector<std::pair<mlir::Operation *, std::string>> notes;
};

/// One result per launch. `cascades`: the cascade links of the module
/// (none: cascades constrain nothing).
std::vector<PlacementResult>
placeLaunches(const ResourceFootprint &fp, const DeviceModel &dev,
              const std::vector<CascadeLink> &cascades = {},
              unsigned timeoutMs = 10000);

/// A text map of the array: one row a line, top row first, each tile the
/// letter of what holds it (legend below).
std::string placementMap(const PlacementResult &r, const DeviceModel &dev);

} // namespace aircheck

#endif
