//===- Places.h - where an op is; instance points ---------------*- C++ -*-===//
//
// The executor's names for places (file:line:col of an op) and its
// instance points (the boxes of herd, segment, launch and scf.parallel
// iteration spaces).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_EXECUTOR_PLACES_H
#define AIRCHECK_ANALYSES_EXECUTOR_PLACES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace aircheck::executor {

using Point = llvm::SmallVector<int64_t, 4>;

mlir::FileLineColLoc fileLoc(mlir::Operation *op);
/// "line:col" of an op.
std::string lineCol(mlir::Operation *op);
/// "file:line:col" of an op.
std::string fileLineCol(mlir::Operation *op);
/// "(1, 0)".
std::string tuple(llvm::ArrayRef<int64_t> values);
/// The points of lbs <= p < ubs in steps, the last dimension fastest.
std::vector<Point> boxPoints(llvm::ArrayRef<int64_t> lbs,
                             llvm::ArrayRef<int64_t> ubs,
                             llvm::ArrayRef<int64_t> steps);
/// The number of points of boxPoints(lbs, ubs, steps), saturated at `cap`.
uint64_t boxSize(llvm::ArrayRef<int64_t> lbs, llvm::ArrayRef<int64_t> ubs,
                 llvm::ArrayRef<int64_t> steps, uint64_t cap);

} // namespace aircheck::executor

#endif
