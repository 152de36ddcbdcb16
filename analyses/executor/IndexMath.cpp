//===- IndexMath.cpp - the integers a run computes ------------------------===//
//
// See IndexMath.h.
//
//===----------------------------------------------------------------------===//
#include "analyses/executor/IndexMath.h"
#include "analyses/executor/Places.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace aircheck::executor {


/// An integer attribute's value; i1 is 0 or 1.
int64_t intValue(const APInt &v) {
  return v.getBitWidth() == 1 ? static_cast<int64_t>(v.getZExtValue())
                              : v.getSExtValue();
}

int64_t floorMod(int64_t a, int64_t b) {
  return a - b * llvm::divideFloorSigned(a, b);
}

std::optional<int64_t> evalAffine(AffineExpr e, ArrayRef<int64_t> dims,
                                         ArrayRef<int64_t> syms) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return c.getValue();
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return dims[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return syms[s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  std::optional<int64_t> l = evalAffine(bin.getLHS(), dims, syms),
                         r = evalAffine(bin.getRHS(), dims, syms);
  if (!l || !r)
    return std::nullopt;
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return *l + *r;
  case AffineExprKind::Mul:
    return *l * *r;
  default:
    break;
  }
  if (*r == 0)
    return std::nullopt;
  switch (e.getKind()) {
  case AffineExprKind::Mod:
    return floorMod(*l, *r);
  case AffineExprKind::FloorDiv:
    return llvm::divideFloorSigned(*l, *r);
  case AffineExprKind::CeilDiv:
    return llvm::divideCeilSigned(*l, *r);
  default:
    return std::nullopt;
  }
}

/// The results of `map` on `operands` (dims, then symbols).
std::optional<SmallVector<int64_t>> evalMap(AffineMap map,
                                                   ArrayRef<int64_t> operands) {
  SmallVector<int64_t> results;
  for (AffineExpr e : map.getResults()) {
    std::optional<int64_t> v =
        evalAffine(e, operands.take_front(map.getNumDims()),
                   operands.drop_front(map.getNumDims()));
    if (!v)
      return std::nullopt;
    results.push_back(*v);
  }
  return results;
}

bool compare(arith::CmpIPredicate p, int64_t a, int64_t b) {
  uint64_t ua = a, ub = b;
  switch (p) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
    return a < b;
  case arith::CmpIPredicate::sle:
    return a <= b;
  case arith::CmpIPredicate::sgt:
    return a > b;
  case arith::CmpIPredicate::sge:
    return a >= b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

/// Ops whose results are computed from their operands: an operand without a
/// concrete value is the reason the result has none.
bool isIndexMath(Operation *op) {
  return isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
         isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(
             op);
}

/// The value of a single-result index math op on concrete operands; nullopt
/// for ops the executor does not evaluate (floating point, ...) and for a
/// division by zero.
std::optional<int64_t> foldIndexMath(Operation *op,
                                            ArrayRef<int64_t> x) {
  using R = std::optional<int64_t>;
  auto divisor = [&](auto f) -> R { return x[1] == 0 ? R() : R(f()); };
  return TypeSwitch<Operation *, R>(op)
      .Case([&](arith::ConstantOp c) -> R {
        if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
          return intValue(i.getValue());
        return std::nullopt;
      })
      .Case([&](arith::AddIOp) -> R { return x[0] + x[1]; })
      .Case([&](arith::SubIOp) -> R { return x[0] - x[1]; })
      .Case([&](arith::MulIOp) -> R { return x[0] * x[1]; })
      .Case(
          [&](arith::DivSIOp) { return divisor([&] { return x[0] / x[1]; }); })
      .Case([&](arith::DivUIOp) {
        return divisor(
            [&] { return int64_t(uint64_t(x[0]) / uint64_t(x[1])); });
      })
      .Case([&](arith::FloorDivSIOp) {
        return divisor([&] { return llvm::divideFloorSigned(x[0], x[1]); });
      })
      .Case([&](arith::CeilDivSIOp) {
        return divisor([&] { return llvm::divideCeilSigned(x[0], x[1]); });
      })
      .Case(
          [&](arith::RemSIOp) { return divisor([&] { return x[0] % x[1]; }); })
      .Case([&](arith::RemUIOp) {
        return divisor(
            [&] { return int64_t(uint64_t(x[0]) % uint64_t(x[1])); });
      })
      .Case([&](arith::MinSIOp) -> R { return std::min(x[0], x[1]); })
      .Case([&](arith::MaxSIOp) -> R { return std::max(x[0], x[1]); })
      .Case([&](arith::MinUIOp) -> R {
        return int64_t(std::min(uint64_t(x[0]), uint64_t(x[1])));
      })
      .Case([&](arith::MaxUIOp) -> R {
        return int64_t(std::max(uint64_t(x[0]), uint64_t(x[1])));
      })
      .Case([&](arith::AndIOp) -> R { return x[0] & x[1]; })
      .Case([&](arith::OrIOp) -> R { return x[0] | x[1]; })
      .Case([&](arith::XOrIOp) -> R { return x[0] ^ x[1]; })
      .Case([&](arith::CmpIOp c) -> R {
        return compare(c.getPredicate(), x[0], x[1]);
      })
      .Case([&](arith::SelectOp) -> R { return x[0] ? x[1] : x[2]; })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp>(
          [&](Operation *) -> R { return x[0]; })
      // i1 is held as 0 or 1; sign-extending true gives -1.
      .Case([&](arith::ExtSIOp e) -> R {
        return e.getIn().getType().isInteger(1) ? -x[0] : x[0];
      })
      .Case([&](arith::TruncIOp t) -> R {
        return t.getType().isInteger(1) ? (x[0] & 1) : x[0];
      })
      .Case([&](affine::AffineApplyOp a) -> R {
        auto r = evalMap(a.getAffineMap(), x);
        return r ? R((*r)[0]) : R();
      })
      .Case([&](affine::AffineMinOp m) -> R {
        auto r = evalMap(m.getMap(), x);
        return r ? R(*llvm::min_element(*r)) : R();
      })
      .Case([&](affine::AffineMaxOp m) -> R {
        auto r = evalMap(m.getMap(), x);
        return r ? R(*llvm::max_element(*r)) : R();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Where a value without a concrete value comes from, for `unsupported`.
std::string describeOrigin(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto f = dyn_cast_or_null<func::FuncOp>(owner))
      return "argument #" + std::to_string(arg.getArgNumber()) + " of @" +
             f.getSymName().str();
    return "block argument #" + std::to_string(arg.getArgNumber()) + " of '" +
           (owner ? owner->getName().getStringRef().str() : std::string("?")) +
           "' at " + (owner ? lineCol(owner) : std::string("?:?"));
  }
  Operation *def = v.getDefiningOp();
  return "the result of '" + def->getName().getStringRef().str() + "' at " +
         lineCol(def);
}

} // namespace aircheck::executor
