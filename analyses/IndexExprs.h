//===- IndexExprs.h - index values as isl expressions ------------*- C++ -*-===//
//
// Reads an index value of upstream IR (arith, affine.apply, index casts) as
// an expression in isl's syntax, for the checks that hand such values to
// isl: the GPU barrier check (lowerings/AIRToGPU/BarrierCheck.cpp) and the
// GPU copies' translation validation (analyses/validate/KernelCopies.h).
// Constants, + and -, products with a constant, floor division and
// remainder by a positive constant (index arithmetic on non-negative
// values: divui, divsi, floordivsi, remui, remsi), affine.apply (its map's
// +, *, floordiv, ceildiv, mod by constants) and index casts are read here;
// everything else is the caller's `leaf`: the names of thread ids, loop
// values, parameters.
//
// Each expression carries a mark, the OR of its leaves' marks (the barrier
// check marks what depends on the thread).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_INDEXEXPRS_H
#define AIRCHECK_ANALYSES_INDEXEXPRS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <optional>
#include <string>

namespace aircheck {

struct IndexExpr {
  std::string text;
  bool marked = false;
};

class IndexExprReader {
public:
  /// What `leaf` says of a value: not a leaf (read it through its op), a
  /// leaf it names, or a leaf it cannot express (no expression).
  struct Leaf {
    enum Kind { NotALeaf, Named, Opaque } kind = NotALeaf;
    IndexExpr expr;
    static Leaf notALeaf() { return {}; }
    static Leaf opaque() { return {Opaque, {}}; }
    static Leaf named(std::string text, bool marked = false) {
      return {Named, {std::move(text), marked}};
    }
  };
  explicit IndexExprReader(std::function<Leaf(mlir::Value)> leaf)
      : leaf(std::move(leaf)) {}

  /// The value as an expression (nullopt: not readable). Read once per
  /// value: a leaf must name a value the same way every time it is asked.
  std::optional<IndexExpr> expr(mlir::Value v);

  /// An i1 value (arith.cmpi, andi, ori, constants), or its negation, as
  /// isl constraints.
  std::optional<IndexExpr> condition(mlir::Value v, bool negate);

  /// An affine expression over operands already read.
  std::optional<IndexExpr> affine(mlir::AffineExpr e,
                                  llvm::ArrayRef<IndexExpr> operands,
                                  unsigned numDims);

  /// An affine.if's integer set over `operands` (or its negation) as isl
  /// constraints.
  std::optional<IndexExpr> integerSet(mlir::IntegerSet set,
                                      mlir::ValueRange operands, bool negate);

  /// A single-result affine map's result over `operands` (an affine.for
  /// bound).
  std::optional<IndexExpr> mapResult(mlir::AffineMap map,
                                     mlir::ValueRange operands);

private:
  std::function<Leaf(mlir::Value)> leaf;
  llvm::DenseMap<mlir::Value, std::optional<IndexExpr>> memo;
  std::optional<IndexExpr> compute(mlir::Value v);
  /// Every value read, in order (false: one is not).
  bool exprs(mlir::ValueRange values,
             llvm::SmallVectorImpl<IndexExpr> &out);
};

} // namespace aircheck

#endif
