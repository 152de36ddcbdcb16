//===- QueueUses.h - the puts and gets of each nv_tileaa queue ---*- C++ -*-===//
//
// For each create_queue: its depth and its queue.put / queue.get ops in
// program order, each with how many times it runs over a run of the
// function, as an isl quasi-polynomial over the program's sizes (the
// instances of PolyhedralModel: scf.for loops of affine bounds, symbolic
// trip counts as parameters, affine scf.if conditions). Where an op's
// instances are not modelled exactly (bounds that are not affine or depend
// on an enclosing induction variable, a branch on a value that is not
// affine, the queue passed to another op), `unmodelled` says why, and the
// queue checks say `unknown`.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TILEAA_QUEUEUSES_H
#define AIRCHECK_ANALYSES_TILEAA_QUEUEUSES_H

#include "analyses/PolyhedralModel.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Pass/AnalysisManager.h"

#include <optional>
#include <string>
#include <vector>

namespace aircheck::tileaa {

struct QueueUse {
  mlir::Operation *op; // queue.put or queue.get
  bool put;
  /// How many times it runs, over PolyhedralModel::allParams() (valid once
  /// the whole module has been read).
  PwQPoly count;
};

struct QueueInfo {
  CreateQueueOp decl;
  std::vector<QueueUse> uses; // program order
  /// Non-empty: why the uses cannot be counted exactly.
  std::string unmodelled;
  mlir::Operation *unmodelledAt = nullptr;
  PwQPoly puts() const;
  PwQPoly gets() const;
};

class QueueUses {
public:
  QueueUses(mlir::Operation *root, mlir::AnalysisManager &am);
  std::vector<QueueInfo> &queues() { return list; }
  PolyhedralModel &poly() { return *model; }

private:
  std::vector<QueueInfo> list;
  PolyhedralModel *model;
};

} // namespace aircheck::tileaa

#endif

namespace aircheck::tileaa {
/// A point of the parameter space `params` (PolyhedralModel::allParams())
/// where `f` is not zero, trying every parameter value from 0 up to a small
/// bound (at most `budget` points, small values first); nullopt when none
/// of them is.
/// Only the parameters `f` involves vary; the others stay 0.
std::optional<isl::point> nonZeroPoint(const PwQPoly &f, isl::space params,
                                       unsigned budget = 4096);
/// Parameter points with small values first (at most `budget`); only the
/// parameters `vary` marks vary (all when it is empty), the others are 0.
std::vector<isl::point> smallParamPoints(isl::space params, unsigned budget,
                                         const std::vector<bool> &vary = {});
} // namespace aircheck::tileaa
