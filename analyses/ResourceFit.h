//===- ResourceFit.h - footprints against a device -------------*- C++ -*-===//
//
// Compares what each launch, segment and herd holds with what a named
// device has, and checks explicit placement (x_loc, y_loc, x_size, y_size).
// One line per scope and resource: need, capacity, status, and, over
// capacity, a message in the seed's words.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_RESOURCEFIT_H
#define AIRCHECK_ANALYSES_RESOURCEFIT_H

#include "analyses/DeviceModel.h"
#include "analyses/ResourceFootprint.h"

namespace aircheck {

struct FitLine {
  enum class Status { Fits, Over, Unknown };
  mlir::Operation *scope;
  std::string scopeName; // "launch @l", "segment @s", "herd @h"
  unsigned depth;        // nesting, for indentation
  std::string resource;  // "compute tiles", "L1 bytes per tile", ...
  Amount need;
  int64_t capacity = 0;
  Status status = Status::Fits;
  /// Over capacity or unknown: the sentence to report. Empty on a scope that
  /// is over only because a scope inside it is (one error per cause).
  std::string message;
};

std::vector<FitLine> checkFit(const ResourceFootprint &fp, const DeviceModel &dev);

} // namespace aircheck

#endif
