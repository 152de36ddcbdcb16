//===- ArgumentCorrespondence.h - runtime sequence vs function -*- C++ -*-===//
//
// Which argument of the AIR program's function each argument of the
// design's runtime sequence is (docs/validate.md): the sequence takes the
// function's arguments in order, all of them or its memrefs only (as
// upstream's airrt-to-npu writes it). Both validation methods, the replays
// (Equivalence.h) and the functions (SymbolicVerdict.h), rename the
// design's arguments with it.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_ARGUMENTCORRESPONDENCE_H
#define AIRCHECK_ANALYSES_VALIDATE_ARGUMENTCORRESPONDENCE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>
#include <vector>

namespace aircheck::validate {

/// Per runtime-sequence argument (`sequenceArguments` of them), the number
/// of `func`'s argument it is; nullopt where neither all of `func`'s
/// arguments nor its memrefs alone are that many (empty for a function
/// without arguments and a sequence without any).
std::optional<std::vector<int>>
correspondingArguments(mlir::func::FuncOp func, size_t sequenceArguments);

} // namespace aircheck::validate

#endif
