//===- IndexMath.h - the integers a run computes ----------------*- C++ -*-===//
//
// Evaluation of the index math of a program at concrete values: affine
// expressions and maps, arith and index ops over integers, comparisons.
// What cannot be evaluated is nullopt, and describeOrigin says why.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_EXECUTOR_INDEXMATH_H
#define AIRCHECK_ANALYSES_EXECUTOR_INDEXMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace aircheck::executor {

int64_t intValue(const llvm::APInt &v);
int64_t floorMod(int64_t a, int64_t b);
std::optional<int64_t> evalAffine(mlir::AffineExpr e,
                                  llvm::ArrayRef<int64_t> dims,
                                  llvm::ArrayRef<int64_t> syms);
std::optional<llvm::SmallVector<int64_t>>
evalMap(mlir::AffineMap map, llvm::ArrayRef<int64_t> operands);
bool compare(mlir::arith::CmpIPredicate p, int64_t a, int64_t b);
/// Whether the op is integer math foldIndexMath evaluates.
bool isIndexMath(mlir::Operation *op);
std::optional<int64_t> foldIndexMath(mlir::Operation *op,
                                     llvm::ArrayRef<int64_t> operands);
/// Why a value has no concrete integer ("a function argument", ...).
std::string describeOrigin(mlir::Value v);

} // namespace aircheck::executor

#endif
