//===- VerifyGuard.h - what mlir::verify needs before it runs ---*- C++ -*-===//
//
// MLIR's verifier trusts a few shapes it does not check before reading them:
// a nested op's verifier may run before its parent's, and read what the
// parent's verifier would have rejected. On such input mlir::verify
// dereferences memory that is not there. The guard checks those
// preconditions first and reports a plain error instead.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_FRONTEND_VERIFYGUARD_H
#define AIRCHECK_TOOLS_FRONTEND_VERIFYGUARD_H

#include "mlir/IR/Operation.h"

namespace aircheck {

/// Emits an error for every op mlir::verify cannot safely verify; fails if
/// there was one. Then the module must not be passed to mlir::verify.
mlir::LogicalResult checkVerifierPreconditions(mlir::Operation *root);

} // namespace aircheck

#endif
