//===- FoldedInt.h - the integer a value folds to ---------------*- C++ -*-===//
//
// An index or integer value folds to a constant when it is one, when the
// caller knows it (a herd argument bound to a constant, an id), or when its
// defining op has no regions and MLIR's own folders evaluate it on operands
// that fold. The lowering decides a core's branches with it, validation a
// herd body's; each passes what it knows.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_FOLDEDINT_H
#define AIRCHECK_ANALYSES_FOLDEDINT_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace aircheck {

/// The integer `v` folds to (at most 16 ops deep), or nullopt. `known` is
/// asked first for every value on the way.
std::optional<int64_t>
foldedInt(mlir::Value v,
          llvm::function_ref<std::optional<int64_t>(mlir::Value)> known =
              nullptr);

} // namespace aircheck

#endif
