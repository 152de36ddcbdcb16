//===- TokenOrder.h - happens-before through nv_tileaa tokens ---*- C++ -*-===//
//
// Seed 001: "every memory effect consumes the incoming token and returns a
// token representing the effect after the access"; join_mem_token merges
// order edges. An effect is ordered before another when its token reaches
// the other's token operand through effects, joins and the token values
// scf.for / scf.if carry (iter_args, results). That is the only order
// between memory effects nv_tileaa guarantees.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TILEAA_TOKENORDER_H
#define AIRCHECK_ANALYSES_TILEAA_TOKENORDER_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace aircheck::tileaa {

class TokenOrder {
public:
  explicit TokenOrder(mlir::Operation *root) {}
  /// The memory effects ordered before whatever consumes `token`.
  const llvm::DenseSet<mlir::Operation *> &effectsBefore(mlir::Value token);
  /// True when the effect `a` is ordered before the effect `b`.
  bool before(mlir::Operation *a, mlir::Operation *b);
  /// True when the token graph orders `a` and `b` either way.
  bool ordered(mlir::Operation *a, mlir::Operation *b) {
    return before(a, b) || before(b, a);
  }

private:
  llvm::DenseMap<mlir::Value, llvm::DenseSet<mlir::Operation *>> cache;
};

} // namespace aircheck::tileaa

#endif
