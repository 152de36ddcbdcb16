//===- SupportedSubset.h - what the NPU lowering lowers ----------*- C++ -*-===//
//
// One function with launches (of constant size), holding segments of one
// instance, holding herds of constant size; data moves through dma_stream
// channels only; launch and segment bodies only move data (they have no
// core to compute on). Everything else is refused by name at the op, never
// dropped (docs/compile.md, "What it lowers").
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_SUPPORTEDSUBSET_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_SUPPORTEDSUBSET_H

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace aircheck::npu {

struct Design {
  mlir::func::FuncOp func;
  /// The launches of the function, in program order: they run one after
  /// another (docs/semantics.md, section 3), and so do their designs.
  llvm::SmallVector<air::LaunchOp> launches;
  /// Each of one instance, in the launch body; the placement gives each
  /// its own columns (or shared ones, and then herds that share tiles are
  /// refused).
  llvm::SmallVector<air::SegmentOp> segments;
  llvm::SmallVector<air::HerdOp> herds;
  /// How often each herd runs per segment instance: the trip counts of the
  /// scf.for loops around it in its segment's body (1 directly in it).
  llvm::DenseMap<mlir::Operation *, int64_t> herdTrips;
  /// Each launch's instances: the design runs them one after another (an
  /// order seed 000 2.1 allows), each core running its herd body once per
  /// instance.
  llvm::DenseMap<mlir::Operation *, int64_t> launchInstances;
};

mlir::FailureOr<Design> findSupportedDesign(mlir::ModuleOp module);

} // namespace aircheck::npu

#endif
