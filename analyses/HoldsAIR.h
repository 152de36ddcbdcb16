//===- HoldsAIR.h - whether an op holds an AIR program ---------*- C++ -*-===//
//
// A function that holds AIR ops is an AIR program of its own (the host calls
// it): compile gives it an aie.device, validate pairs that device with it.
// Every consumer asks the question here.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_HOLDSAIR_H
#define AIRCHECK_ANALYSES_HOLDSAIR_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace aircheck {

/// Whether `op` or an op nested in it is of the AIR dialect.
bool holdsAIR(mlir::Operation *op);

/// The functions of `module` that hold AIR ops, in order.
llvm::SmallVector<mlir::func::FuncOp> airPrograms(mlir::ModuleOp module);

/// A copy of `module` without the functions holding AIR ops other than
/// the one named `name`: that program alone.
mlir::OwningOpRef<mlir::ModuleOp> programAlone(mlir::ModuleOp module,
                                               llvm::StringRef name);

} // namespace aircheck

#endif
