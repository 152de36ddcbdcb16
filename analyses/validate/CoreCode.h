//===- CoreCode.h - a core's code read as a herd body's ---------*- C++ -*-===//
//
// What translation validation compares of code (docs/validate.md): the
// memory operations of a core and of a herd body, in order, with the
// buffers they name; a core's code is a herd body's where the two agree op
// for op under one alloc -> buffer map. Shared by the replays' verdict
// (Equivalence) and the functions' identification of instances.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_CORECODE_H
#define AIRCHECK_ANALYSES_VALIDATE_CORECODE_H

#include "dialects/AIR/AIRDialect.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <vector>

namespace aircheck::validate {

/// What one op of a core (or a herd body) does to memory: the op and, per
/// memref operand, the buffer (alloc) it names, or null.
struct MemOp {
  mlir::Operation *op;
  llvm::SmallVector<mlir::Operation *, 3> roots;
};

/// Values an instance's ids give a herd body's values (its ids, kernel
/// arguments bound to its segment instance's ids).
using Bound = llvm::DenseMap<mlir::Value, int64_t>;

/// The integer a herd body's value folds to where it does not depend on
/// the instance: constants, kernel arguments bound to constants, and ops of
/// those that MLIR's folders evaluate.
std::optional<int64_t> uniformInt(mlir::Value v);

/// A branch of a herd body that every instance takes the same way (its
/// condition is uniformInt), or, given `bound`, that the instance with
/// those ids takes: the region taken (null: none). nullopt for any other
/// op.
std::optional<mlir::Region *> uniformBranch(mlir::Operation *op,
                                            const Bound *bound = nullptr);

/// The memory operations of a core's code (`design`) or of a herd body,
/// in order; given `bound`, of the body as the instance with those ids
/// runs it (its branches on them decided).
std::vector<MemOp> memOps(mlir::Region &body, bool design,
                          const Bound *bound = nullptr);

/// The alloc -> buffer map under which the core's memory operations are the
/// herd body's, or nullopt.
std::optional<std::map<mlir::Operation *, mlir::Operation *>>
matchCode(llvm::ArrayRef<MemOp> herd, llvm::ArrayRef<MemOp> core);

/// The segment whose instances run a herd's (null: none).
air::SegmentOp segmentOf(air::HerdOp herd);

/// How many of an instance key's ids are its segment instance's.
size_t segmentRank(air::HerdOp herd);

/// The herd's kernel arguments whose operands depend on its segment
/// instance's ids (and fold to a constant once those are given), with the
/// values they take for `segmentIds`.
std::vector<std::pair<mlir::Value, int64_t>>
segmentBoundArgs(air::HerdOp herd, llvm::ArrayRef<int64_t> segmentIds);

} // namespace aircheck::validate

#endif
