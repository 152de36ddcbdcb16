//===- AIRToAIE.h - verified lowering of AIR to the aie dialect -*- C++ -*-===//
//
// Lowers an AIR program that passed every check to one `aie.device` for an
// AIE device model (docs/compile.md): placed tiles, buffers, lock pairs,
// BD chains in the order the ordering model's run gives, flows, core bodies
// with the channel ops replaced by lock operations, shim DMA allocations and
// a runtime sequence. A construct it cannot lower faithfully is refused by
// name: an error `[compile-unsupported] ...` at the op.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_AIRTOAIE_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_AIRTOAIE_H

#include "analyses/DeviceModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace aircheck {

/// Choices the lowering makes that the second check may reject.
struct AIRToAIEOptions {
  /// Send L2 or L3 transfers that several sources make alike once, as a
  /// broadcast (TransferPlan.h's mergeIdenticalSources). This ties the
  /// destinations together: the design can deadlock where the program
  /// needed one destination ahead of another, and the second check then
  /// says so. `air-check compile` lowers again without it.
  bool mergeIdenticalSources = true;
  /// Set by the lowering: whether it merged any sources.
  bool *merged = nullptr;
  /// The step budget of the run the lowering follows: at least the
  /// executor's default (SkeletonOptions::maxSteps), or this when larger
  /// (compile's --max-steps).
  uint64_t maxSteps = 0;
  /// Readers of an L2 buffer that take turns, several after one fill,
  /// take them transfer by transfer, round-robin (BDChains.h), instead of
  /// each draining its share before the next starts, which is the run's
  /// order. Reads of one fill commute, so either order is the program's.
  /// Where the cores need the readers' data at once (a 4x4 herd's panel
  /// rows and columns, each broadcast along a row or a column), the run's
  /// order deadlocks and the second check says so; `air-check compile`
  /// then lowers again with this.
  bool interleaveReads = false;
};

/// Lowers `air` (verified; bare herds and segments already wrapped) to a
/// new module holding one aie.device of `device`. Returns null after
/// emitting the refusals (errors at the ops concerned).
///
/// It first rewrites `air` in place where the same program has a form it
/// lowers (ForwardHostCopies.h: host copies the runtime sequence need not
/// run; UnrollSegments.h: a segment's instances as segments of their own);
/// translation validation then compares the design with `air` as
/// rewritten. The rewrites are idempotent.
mlir::OwningOpRef<mlir::ModuleOp>
lowerAIRToAIE(mlir::ModuleOp air, const DeviceModel &device,
              const AIRToAIEOptions &options = {});

/// air-opt's `--air-to-aie-verified{device=npu1_4col}`: replaces the
/// module's contents by the lowered design.
void registerAIRToAIEPasses();

} // namespace aircheck

#endif
