//===- PolyhedralModel.h - op instances as isl sets --------------*- C++ -*-===//
//
// The instances of an op are the points of the iteration spaces around it:
// launch, segment and herd ids, scf.for / scf.parallel / affine.for ivs,
// restricted by affine.if and scf.if conditions that are affine. Sizes and
// bounds that are not constants become isl parameters (one per SSA root, so
// a function argument threaded through args(...) is one parameter
// everywhere). Whatever cannot be modelled exactly is recorded as the reason
// the model is `unknown` for that op; no check may pass on such an op.
//
// Every dimension is kept with its range as (lower bounds, upper bounds,
// stride origin, step), so that counting the instances is exact without a
// counting library whenever the domain is a product of strided intervals,
// which `Instances::isBox` tells.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_POLYHEDRALMODEL_H
#define AIRCHECK_ANALYSES_POLYHEDRALMODEL_H

#include "solvers/IslSupport.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/MapVector.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aircheck {

/// Why a model is not exact, and where.
struct Unknown {
  std::string reason;
  mlir::Location loc;
  /// The op is malformed in a way a lint rule reports (channel-references):
  /// analyses stop there without a warning of their own.
  bool reportedElsewhere = false;
};

struct Dim {
  enum class Kind { LaunchId, SegmentId, HerdId, ForIv, ParallelIv };
  Kind kind;
  mlir::Value iv;
  mlir::Operation *owner;
  /// isl name of the dimension: d0, d1, ... It counts trips from 0, so the
  /// iv is origin + step * d (origin over parameters, step a constant).
  std::string name;
  std::string origin = "0";
  int64_t step = 1;
  /// Temporal dims (launch ids, loop ivs) run one after another; spatial
  /// dims (segment and herd ids, scf.parallel ivs) are concurrent instances.
  bool temporal() const { return kind == Kind::LaunchId || kind == Kind::ForIv; }
  llvm::StringRef kindName() const;
};

/// A product of intervals: dim i ranges over [max(lbs[i]), min(ubs[i])]
/// (inclusive, over parameters), where `context` holds.
struct Box {
  std::vector<std::vector<isl::pw_aff>> lbs, ubs;
  isl::set context;
  /// The box as an isl set over its dims, once built (PolyhedralModel::
  /// boxSet); whatever changes the bounds, the context or the dims resets it.
  mutable std::optional<isl::set> set;
};

/// The instances of one op: a disjoint union of boxes over its dims.
struct Instances {
  mlir::Operation *op = nullptr;
  std::vector<Dim> dims;
  std::vector<Box> boxes;
  /// Enclosing scf.if ops whose condition is not affine, and whether the op
  /// is in the then-branch. The boxes ignore these conditions: which
  /// instances take a branch is unknown, so checks must not depend on it
  /// (channel balance compares the two branches instead, seed 000 2.5).
  std::vector<std::pair<mlir::Operation *, bool>> opaqueBranches;
  /// Set when the instances are not modelled exactly.
  std::optional<Unknown> unknown;

  /// Index of the dim whose iv is `v`, or -1.
  int dimOf(mlir::Value v) const;
  /// The isl space [params] -> { [d0, ..., dn] }.
  isl::space space(isl::ctx ctx) const;
};

/// An affine expression (isl syntax) over an op's dims and the parameters,
/// the dims it uses, or why it is not one.
struct AffineResult {
  std::string expr;
  std::vector<bool> usesDim;
  std::optional<Unknown> unknown;
  bool usesAnyDim() const;
};

/// "line:col" of an op's location, "?:?" without one: how diagnostics
/// about instances name the ops they mention.
std::string lineColOf(mlir::Operation *op);
/// "'air.channel.put' at 12:5": an op as such diagnostics name it.
std::string opAt(mlir::Operation *op);

/// An affine expression in isl syntax; `leaf` prints constants, dims and
/// symbols. Divisors and moduli print as the literals isl requires.
std::string islAffineText(mlir::AffineExpr e,
                          llvm::function_ref<std::string(mlir::AffineExpr)> leaf);

class PolyhedralModel {
public:
  explicit PolyhedralModel(mlir::Operation *root);

  IslContext &isl() { return *islCtx; }
  isl::ctx ctx() { return islCtx->get(); }

  /// The instances of `op` (computed once).
  const Instances &instancesOf(mlir::Operation *op);

  /// `v` as an affine expression in the dims of `in` and parameters.
  AffineResult affine(mlir::Value v, const Instances &in);

  /// "[p0, p1]" over all parameters known so far.
  std::string paramList() const;
  /// A readable name for parameter `name` ("%arg1 of @f", ...).
  std::string describeParam(const std::string &name) const;
  /// The value a parameter stands for (null for an unknown name).
  mlir::Value paramValue(const std::string &name) const;
  /// The parameter values of a point, "%arg1 of @f = 64, ...";
  /// empty when the point's space has no parameters.
  std::string paramValuesText(const isl::point &pt) const;

  /// Parameter-only pw_aff of an expression that uses no dims.
  isl::pw_aff paramAff(const std::string &expr);
  /// The isl set of one box (built once per box).
  isl::set boxSet(const Instances &in, const Box &box);
  /// The number of points of one box, counting only the dims for which
  /// `countDim` is set, as factors (pw_affs over parameters) to multiply.
  std::vector<isl::pw_aff> boxCount(const Instances &in, const Box &box,
                                    const std::vector<bool> &countDim);

  /// The parameter space with every parameter known so far. Quasi-
  /// polynomials must share one parameter list (isl does not align them),
  /// so they are built late, over this space.
  isl::space allParams();
  /// The product of `factors` as a quasi-polynomial over allParams().
  PwQPoly product(const std::vector<isl::pw_aff> &factors);
  /// `s` (a set with parameters) over allParams().
  isl::set alignParams(isl::set s);

private:
  std::string paramFor(mlir::Value root);
  AffineResult affineImpl(mlir::Value v, const Instances &in, unsigned depth);
  void addDim(Instances &in, Dim d, mlir::Value lb, mlir::Value ub,
              int64_t step, mlir::Location loc);
  void addCondition(Instances &in, mlir::Operation *cond, bool thenBranch);
  void addSwitchCase(Instances &in, mlir::scf::IndexSwitchOp sw,
                     mlir::Region *region);
  /// Drops the boxes that hold no point for any value of the parameters.
  void dropEmptyBoxes(Instances &in);
  /// Restricts every box by `expr >= 0` (or `== 0`) and drops the boxes
  /// left empty; false when the constraint relates several dims.
  bool constrain(Instances &in, const std::string &expr, bool equality,
                 bool negate, mlir::Location loc);

  std::unique_ptr<IslContext> islCtx;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<Instances>> cache;
  llvm::DenseMap<mlir::Value, std::string> params;
  /// paramAff's results by their text (loops repeat their bounds; isl's
  /// parser is the dearest step of building a relation).
  llvm::StringMap<isl::pw_aff> paramAffs;
  std::vector<std::string> names, descriptions;
};

} // namespace aircheck

#endif
