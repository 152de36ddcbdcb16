//===- IndexExprs.cpp - index values as isl expressions -------------------===//
#include "analyses/IndexExprs.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace aircheck;

std::optional<IndexExpr> IndexExprReader::expr(Value v) {
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  std::optional<IndexExpr> r = compute(v);
  memo[v] = r;
  return r;
}

std::optional<IndexExpr> IndexExprReader::compute(Value v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return IndexExpr{std::to_string(*c), false};
  Leaf l = leaf(v);
  if (l.kind == Leaf::Named)
    return l.expr;
  if (l.kind == Leaf::Opaque)
    return std::nullopt;
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(op))
    return expr(op->getOperand(0));
  auto bin = [&](const char *sym) -> std::optional<IndexExpr> {
    auto a = expr(op->getOperand(0)), b = expr(op->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    return IndexExpr{"(" + a->text + " " + sym + " " + b->text + ")",
                     a->marked || b->marked};
  };
  if (isa<arith::AddIOp>(op))
    return bin("+");
  if (isa<arith::SubIOp>(op))
    return bin("-");
  if (isa<arith::MulIOp>(op)) {
    if (!getConstantIntValue(op->getOperand(0)) &&
        !getConstantIntValue(op->getOperand(1)))
      return std::nullopt;
    return bin("*");
  }
  if (isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp, arith::RemUIOp,
          arith::RemSIOp>(op)) {
    std::optional<int64_t> c = getConstantIntValue(op->getOperand(1));
    auto a = expr(op->getOperand(0));
    if (!c || *c <= 0 || !a)
      return std::nullopt;
    if (isa<arith::RemUIOp, arith::RemSIOp>(op))
      return IndexExpr{"((" + a->text + ") mod " + std::to_string(*c) + ")",
                       a->marked};
    return IndexExpr{"floor((" + a->text + ") / " + std::to_string(*c) + ")",
                     a->marked};
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return mapResult(apply.getAffineMap(), apply.getMapOperands());
  return std::nullopt;
}

bool IndexExprReader::exprs(ValueRange values, SmallVectorImpl<IndexExpr> &out) {
  for (Value v : values) {
    std::optional<IndexExpr> e = expr(v);
    if (!e)
      return false;
    out.push_back(*e);
  }
  return true;
}

std::optional<IndexExpr> IndexExprReader::mapResult(AffineMap map,
                                                    ValueRange operands) {
  if (map.getNumResults() != 1)
    return std::nullopt;
  SmallVector<IndexExpr> ops;
  if (!exprs(operands, ops))
    return std::nullopt;
  return affine(map.getResult(0), ops, map.getNumDims());
}

std::optional<IndexExpr> IndexExprReader::affine(AffineExpr e,
                                                 ArrayRef<IndexExpr> ops,
                                                 unsigned numDims) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return IndexExpr{std::to_string(c.getValue()), false};
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return ops[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return ops[numDims + s.getPosition()];
  auto b = cast<AffineBinaryOpExpr>(e);
  auto l = affine(b.getLHS(), ops, numDims),
       r = affine(b.getRHS(), ops, numDims);
  if (!l || !r)
    return std::nullopt;
  bool marked = l->marked || r->marked;
  auto rhs = dyn_cast<AffineConstantExpr>(b.getRHS());
  bool positiveRhs = rhs && rhs.getValue() > 0;
  switch (b.getKind()) {
  case AffineExprKind::Add:
    return IndexExpr{"(" + l->text + " + " + r->text + ")", marked};
  case AffineExprKind::Mul:
    if (!rhs && !isa<AffineConstantExpr>(b.getLHS()))
      return std::nullopt;
    return IndexExpr{"(" + l->text + " * " + r->text + ")", marked};
  case AffineExprKind::FloorDiv:
    if (!positiveRhs)
      return std::nullopt;
    return IndexExpr{"floor((" + l->text + ") / " + r->text + ")", marked};
  case AffineExprKind::CeilDiv:
    if (!positiveRhs)
      return std::nullopt;
    return IndexExpr{"ceil((" + l->text + ") / " + r->text + ")", marked};
  case AffineExprKind::Mod:
    if (!positiveRhs)
      return std::nullopt;
    return IndexExpr{"((" + l->text + ") mod " + r->text + ")", marked};
  default:
    return std::nullopt;
  }
}

std::optional<IndexExpr> IndexExprReader::condition(Value v, bool negate) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return IndexExpr{((*c != 0) != negate) ? "1 = 1" : "1 = 0", false};
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (isa<arith::AndIOp, arith::OrIOp>(op)) {
    auto a = condition(op->getOperand(0), negate),
         b = condition(op->getOperand(1), negate);
    if (!a || !b)
      return std::nullopt;
    // De Morgan: a negated conjunction is a disjunction of negations.
    bool conj = isa<arith::AndIOp>(op) != negate;
    return IndexExpr{"((" + a->text + ") " + (conj ? "and" : "or") + " (" +
                         b->text + "))",
                     a->marked || b->marked};
  }
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  if (!cmp)
    return std::nullopt;
  auto a = expr(cmp.getLhs()), b = expr(cmp.getRhs());
  if (!a || !b)
    return std::nullopt;
  using P = arith::CmpIPredicate;
  P p = negate ? arith::invertPredicate(cmp.getPredicate())
               : cmp.getPredicate();
  const char *rel = "=";
  switch (p) {
  case P::eq: rel = "="; break;
  case P::ne: rel = "!="; break;
  case P::slt: case P::ult: rel = "<"; break;
  case P::sle: case P::ule: rel = "<="; break;
  case P::sgt: case P::ugt: rel = ">"; break;
  case P::sge: case P::uge: rel = ">="; break;
  }
  return IndexExpr{a->text + " " + rel + " " + b->text,
                   a->marked || b->marked};
}

std::optional<IndexExpr> IndexExprReader::integerSet(IntegerSet set,
                                                     ValueRange operands,
                                                     bool negate) {
  SmallVector<IndexExpr> ops;
  if (!exprs(operands, ops))
    return std::nullopt;
  std::string conj;
  bool marked = false;
  for (unsigned c = 0; c < set.getNumConstraints(); ++c) {
    auto e = affine(set.getConstraint(c), ops, set.getNumDims());
    if (!e)
      return std::nullopt;
    marked |= e->marked;
    conj += (c ? " and " : "") +
            ("(" + e->text + (set.isEq(c) ? " = 0" : " >= 0") + ")");
  }
  if (conj.empty())
    conj = "1 = 1";
  return IndexExpr{negate ? "not (" + conj + ")" : conj, marked};
}
