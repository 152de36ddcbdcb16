//===- QueueUses.h - the puts and gets of each nv_tileaa queue ---*- C++ -*-===//
//
// For each create_queue: its depth and its queue.put / queue.get ops in
// program order, each with how many times it runs (the product of the
// constant trip counts of the scf.for loops around it). Where that count is
// not a constant (a loop of symbolic bounds, a branch, the queue passed to
// another op), `unmodelled` says why, and the queue checks say `unknown`.
// Seed 001 names queue regions without their owning op; air-check reads a
// function body as one sequential region (docs/tileaa.md).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TILEAA_QUEUEUSES_H
#define AIRCHECK_ANALYSES_TILEAA_QUEUEUSES_H

#include "dialects/TileAA/TileAADialect.h"

#include <string>
#include <vector>

namespace aircheck::tileaa {

struct QueueUse {
  mlir::Operation *op; // queue.put or queue.get
  bool put;
  int64_t times;
};

struct QueueInfo {
  CreateQueueOp decl;
  std::vector<QueueUse> uses; // program order
  /// Non-empty: why the uses cannot be counted exactly.
  std::string unmodelled;
  mlir::Operation *unmodelledAt = nullptr;
  int64_t puts() const;
  int64_t gets() const;
};

class QueueUses {
public:
  explicit QueueUses(mlir::Operation *root);
  std::vector<QueueInfo> &queues() { return list; }

private:
  std::vector<QueueInfo> list;
};

} // namespace aircheck::tileaa

#endif
