//===- HoldsAIR.h - whether an op holds an AIR program ---------*- C++ -*-===//
//
// A function that holds AIR ops is an AIR program of its own (the host calls
// it): compile gives it an aie.device, validate pairs that device with it.
// Every consumer asks the question here.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_HOLDSAIR_H
#define AIRCHECK_ANALYSES_HOLDSAIR_H

#include "mlir/IR/Operation.h"

namespace aircheck {

/// Whether `op` or an op nested in it is of the AIR dialect.
bool holdsAIR(mlir::Operation *op);

} // namespace aircheck

#endif
