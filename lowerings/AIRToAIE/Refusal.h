//===- Refusal.h - how the NPU lowering says no ----------------*- C++ -*-===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_REFUSAL_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_REFUSAL_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace aircheck::npu {

/// An error at `op` of rule compile-unsupported; stream the reason into it.
inline mlir::InFlightDiagnostic refuse(mlir::Operation *op) {
  return op->emitError() << "[compile-unsupported] ";
}
inline mlir::InFlightDiagnostic refuse(mlir::Location loc) {
  return mlir::emitError(loc) << "[compile-unsupported] ";
}

} // namespace aircheck::npu

#endif
