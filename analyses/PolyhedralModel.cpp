//===- PolyhedralModel.cpp - op instances as isl sets ---------------------===//
#include "analyses/PolyhedralModel.h"

#include <isl/aff.h>
#include <isl/local_space.h>

#include "dialects/AIR/AIRDialect.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <isl/aff.h>
#include <isl/set.h>
#include <isl/val.h>

using namespace mlir;
using namespace aircheck;

static std::string locString(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto f = dyn_cast<FileLineColLoc>(loc))
    os << f.getLine() << ":" << f.getColumn();
  else
    os << loc;
  return s;
}


std::string aircheck::lineColOf(Operation *op) {
  if (auto l = dyn_cast<FileLineColLoc>(op->getLoc()))
    return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
  return "?:?";
}

std::string aircheck::opAt(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "' at " +
         locString(op->getLoc());
}

llvm::StringRef Dim::kindName() const {
  switch (kind) {
  case Kind::LaunchId:
    return "launch id";
  case Kind::SegmentId:
    return "segment id";
  case Kind::HerdId:
    return "herd tile id";
  case Kind::ForIv:
    return "scf.for induction variable";
  case Kind::ParallelIv:
    return "scf.parallel induction variable";
  }
  return "dim";
}

int Instances::dimOf(Value v) const {
  for (unsigned i = 0; i < dims.size(); ++i)
    if (dims[i].iv == v)
      return i;
  return -1;
}

isl::space Instances::space(isl::ctx ctx) const {
  return islx::setSpace(ctx, dims.size());
}

bool AffineResult::usesAnyDim() const {
  return llvm::any_of(usesDim, [](bool b) { return b; });
}

PolyhedralModel::PolyhedralModel(Operation *root)
    : islCtx(std::make_unique<IslContext>()) {}

std::string PolyhedralModel::paramList() const {
  return "[" + llvm::join(names, ", ") + "]";
}

std::string PolyhedralModel::paramFor(Value root) {
  auto it = params.find(root);
  if (it != params.end())
    return it->second;
  std::string name = "p" + std::to_string(names.size());
  std::string desc;
  llvm::raw_string_ostream os(desc);
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    os << "%arg" << arg.getArgNumber();
    if (auto f = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
      os << " of @" << f.getSymName();
  } else {
    os << "the result of " << opAt(root.getDefiningOp());
  }
  params[root] = name;
  names.push_back(name);
  descriptions.push_back(desc);
  return name;
}

std::string PolyhedralModel::paramValuesText(const isl::point &pt) const {
  std::vector<std::string> text, values = islx::coordinates(pt, isl_dim_param);
  isl_space *sp = isl_point_get_space(pt.get());
  for (unsigned i = 0; i < values.size(); ++i) {
    const char *name = isl_space_get_dim_name(sp, isl_dim_param, i);
    text.push_back(describeParam(name ? name : "?") + " = " + values[i]);
  }
  isl_space_free(sp);
  return llvm::join(text, ", ");
}

std::string PolyhedralModel::describeParam(const std::string &name) const {
  for (unsigned i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return descriptions[i];
  return name;
}

mlir::Value PolyhedralModel::paramValue(const std::string &name) const {
  for (auto &[value, n] : params)
    if (n == name)
      return value;
  return {};
}

//===----------------------------------------------------------------------===//
// Affine expressions
//===----------------------------------------------------------------------===//

/// isl reads `x * -1` but not `x * (-1)`: unwrap a parenthesised literal.
static std::string bare(const std::string &e) {
  if (e.size() > 3 && e.front() == '(' && e.back() == ')' && e[1] == '-' &&
      std::all_of(e.begin() + 2, e.end() - 1, ::isdigit))
    return e.substr(1, e.size() - 2);
  return e;
}

std::string aircheck::islAffineText(
    AffineExpr e, llvm::function_ref<std::string(AffineExpr)> leaf) {
  auto b = dyn_cast<AffineBinaryOpExpr>(e);
  if (!b)
    return leaf(e);
  std::string l = islAffineText(b.getLHS(), leaf);
  auto lit = [&]() -> std::string {
    if (auto c = dyn_cast<AffineConstantExpr>(b.getRHS()))
      return std::to_string(c.getValue());
    return islAffineText(b.getRHS(), leaf); // isl rejects it: caught as unknown
  };
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return "(" + l + " + " + islAffineText(b.getRHS(), leaf) + ")";
  case AffineExprKind::Mul:
    return "(" + bare(l) + " * " + bare(islAffineText(b.getRHS(), leaf)) + ")";
  case AffineExprKind::FloorDiv:
    return "floor((" + l + ")/" + lit() + ")";
  case AffineExprKind::CeilDiv:
    return "ceil((" + l + ")/" + lit() + ")";
  default:
    return "((" + l + ") mod " + lit() + ")";
  }
}

AffineResult PolyhedralModel::affine(Value v, const Instances &in) {
  AffineResult r = affineImpl(v, in, 0);
  r.usesDim.resize(in.dims.size(), false);
  return r;
}

static AffineResult unknownAt(std::string reason, Location loc) {
  AffineResult r;
  r.unknown = Unknown{std::move(reason), loc};
  return r;
}

static AffineResult combine(const AffineResult &a, const AffineResult &b,
                            std::string expr) {
  if (a.unknown)
    return a;
  if (b.unknown)
    return b;
  AffineResult r;
  r.expr = std::move(expr);
  r.usesDim.resize(std::max(a.usesDim.size(), b.usesDim.size()), false);
  for (unsigned i = 0; i < a.usesDim.size(); ++i)
    r.usesDim[i] = r.usesDim[i] || a.usesDim[i];
  for (unsigned i = 0; i < b.usesDim.size(); ++i)
    r.usesDim[i] = r.usesDim[i] || b.usesDim[i];
  return r;
}

static std::optional<int64_t> constantOf(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  return std::nullopt;
}

/// Whether `op` sits inside the body of a hierarchy op or loop: then its
/// value may differ between instances and is no parameter.
static bool isInsideInstances(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<FunctionOpInterface, ModuleOp>(p))
      return false;
    if (isa<air::HierarchyOpInterface, scf::ForOp, scf::ParallelOp,
            affine::AffineForOp, affine::AffineParallelOp, scf::WhileOp>(p))
      return true;
  }
  return false;
}

AffineResult PolyhedralModel::affineImpl(Value v, const Instances &in,
                                         unsigned depth) {
  Location loc = v.getLoc();
  if (depth > 64)
    return unknownAt("the expression is nested too deeply", loc);
  if (int d = in.dimOf(v); d >= 0) {
    AffineResult r;
    const Dim &dim = in.dims[d];
    r.expr = dim.origin == "0" && dim.step == 1
                 ? dim.name
                 : "(" + dim.origin + " + " + std::to_string(dim.step) + "*" +
                       dim.name + ")";
    r.usesDim.assign(in.dims.size(), false);
    r.usesDim[d] = true;
    return r;
  }
  if (auto c = constantOf(v)) {
    AffineResult r;
    r.expr = *c < 0 ? "(" + std::to_string(*c) + ")" : std::to_string(*c);
    return r;
  }

  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto h = dyn_cast_or_null<air::HierarchyOpInterface>(owner)) {
      unsigned n = h.getNumDims(), idx = arg.getArgNumber();
      if (idx >= 2 * n)
        return affineImpl(h.getKernelOperands()[idx - 2 * n], in, depth + 1);
      if (idx >= n)
        return affineImpl(h.getSizeOperands()[idx - n], in, depth + 1);
      return unknownAt("an id of an enclosing hierarchy op is used outside it", loc);
    }
    if (isa_and_nonnull<FunctionOpInterface>(owner)) {
      AffineResult r;
      r.expr = paramFor(v);
      return r;
    }
    if (isa_and_nonnull<scf::ForOp>(owner))
      return unknownAt("a loop-carried value of the scf.for at " +
                           locString(owner->getLoc()) +
                           " is not an affine function of the induction variables",
                       loc);
    return unknownAt("a block argument of " + (owner ? opAt(owner) : std::string("a block")) +
                         " is not modelled",
                     loc);
  }

  Operation *def = v.getDefiningOp();
  auto sub = [&](Value x) { return affineImpl(x, in, depth + 1); };
  auto bin = [&](const char *fmt) {
    AffineResult a = sub(def->getOperand(0)), b = sub(def->getOperand(1));
    std::string e = fmt;
    return combine(a, b, "(" + bare(a.expr) + " " + e + " " + bare(b.expr) + ")");
  };

  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(def))
    return sub(def->getOperand(0));
  if (isa<arith::AddIOp>(def))
    return bin("+");
  if (isa<arith::SubIOp>(def))
    return bin("-");
  if (isa<arith::MulIOp>(def)) {
    auto lhs = constantOf(def->getOperand(0)), rhs = constantOf(def->getOperand(1));
    if (!lhs && !rhs) {
      AffineResult a = sub(def->getOperand(0)), b = sub(def->getOperand(1));
      if (a.unknown)
        return a;
      if (b.unknown)
        return b;
      if (a.usesAnyDim() || b.usesAnyDim() || true)
        return unknownAt("the product at " + locString(def->getLoc()) +
                             " of two non-constant values is not affine",
                         def->getLoc());
    }
    return bin("*");
  }
  auto byConstant = [&](const char *fmt) -> AffineResult {
    auto c = constantOf(def->getOperand(1));
    if (!c || *c <= 0)
      return unknownAt(opAt(def) + " divides by a value that is not a positive constant",
                       def->getLoc());
    AffineResult a = sub(def->getOperand(0));
    if (a.unknown)
      return a;
    std::string f = fmt;
    a.expr = f == "mod" ? "((" + a.expr + ") mod " + std::to_string(*c) + ")"
                        : f + "((" + a.expr + ")/" + std::to_string(*c) + ")";
    return a;
  };
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp>(def))
    return byConstant("floor");
  if (isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(def))
    return byConstant("ceil");
  if (isa<arith::RemSIOp, arith::RemUIOp>(def))
    return byConstant("mod");
  if (isa<arith::MinSIOp, arith::MinUIOp>(def)) {
    AffineResult a = sub(def->getOperand(0)), b = sub(def->getOperand(1));
    return combine(a, b, "min(" + a.expr + ", " + b.expr + ")");
  }
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(def)) {
    AffineResult a = sub(def->getOperand(0)), b = sub(def->getOperand(1));
    return combine(a, b, "max(" + a.expr + ", " + b.expr + ")");
  }

  // affine.apply / affine.min / affine.max: substitute the operands into the
  // map's results.
  auto translateMap = [&](AffineMap map, ValueRange operands,
                          unsigned result) -> AffineResult {
    std::vector<AffineResult> ops;
    for (Value o : operands)
      ops.push_back(sub(o));
    for (auto &o : ops)
      if (o.unknown)
        return o;
    std::function<AffineResult(AffineExpr)> walk = [&](AffineExpr e) -> AffineResult {
      if (auto c = dyn_cast<AffineConstantExpr>(e)) {
        AffineResult r;
        r.expr = c.getValue() < 0 ? "(" + std::to_string(c.getValue()) + ")"
                                  : std::to_string(c.getValue());
        return r;
      }
      if (auto d = dyn_cast<AffineDimExpr>(e))
        return ops[d.getPosition()];
      if (auto s = dyn_cast<AffineSymbolExpr>(e))
        return ops[map.getNumDims() + s.getPosition()];
      auto b = cast<AffineBinaryOpExpr>(e);
      AffineResult l = walk(b.getLHS()), r = walk(b.getRHS());
      if (e.getKind() == AffineExprKind::Add)
        return combine(l, r, "(" + l.expr + " + " + r.expr + ")");
      if (e.getKind() == AffineExprKind::Mul)
        return combine(l, r, "(" + bare(l.expr) + " * " + bare(r.expr) + ")");
      // isl wants a literal positive divisor.
      auto c = dyn_cast<AffineConstantExpr>(b.getRHS());
      if (!c || c.getValue() <= 0)
        return unknownAt("a division or modulo by a non-constant in an affine "
                         "map is not affine",
                         def->getLoc());
      std::string d = std::to_string(c.getValue());
      if (e.getKind() == AffineExprKind::FloorDiv)
        return combine(l, r, "floor((" + l.expr + ")/" + d + ")");
      if (e.getKind() == AffineExprKind::CeilDiv)
        return combine(l, r, "ceil((" + l.expr + ")/" + d + ")");
      return combine(l, r, "((" + l.expr + ") mod " + d + ")");
    };
    return walk(map.getResult(result));
  };
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def))
    return translateMap(apply.getAffineMap(), apply.getMapOperands(), 0);
  if (isa<affine::AffineMinOp, affine::AffineMaxOp>(def)) {
    AffineMap map = isa<affine::AffineMinOp>(def)
                        ? cast<affine::AffineMinOp>(def).getMap()
                        : cast<affine::AffineMaxOp>(def).getMap();
    ValueRange operands = def->getOperands();
    AffineResult acc = translateMap(map, operands, 0);
    for (unsigned i = 1; i < map.getNumResults(); ++i) {
      AffineResult next = translateMap(map, operands, i);
      acc = combine(acc, next,
                    std::string(isa<affine::AffineMinOp>(def) ? "min(" : "max(") +
                        acc.expr + ", " + next.expr + ")");
    }
    return acc;
  }
  // Upstream wraps index arithmetic in air.execute: follow the yield.
  if (auto exec = dyn_cast<air::ExecuteOp>(def)) {
    unsigned idx = cast<OpResult>(v).getResultNumber();
    if (idx == 0)
      return unknownAt("a token is not an index", loc);
    return sub(exec.getBody().getTerminator()->getOperand(idx - 1));
  }

  if (!isInsideInstances(def)) {
    AffineResult r;
    r.expr = paramFor(v);
    return r;
  }
  return unknownAt("the value defined by " + opAt(def) +
                       " is not an affine function of the enclosing ids and "
                       "induction variables",
                   def->getLoc());
}

//===----------------------------------------------------------------------===//
// Boxes
//===----------------------------------------------------------------------===//

isl::pw_aff PolyhedralModel::paramAff(const std::string &expr) {
  std::string text = paramList() + " -> { [(" + expr + ")] }";
  auto it = paramAffs.find(text);
  if (it == paramAffs.end())
    it = paramAffs.try_emplace(text, isl::pw_aff(ctx(), text)).first;
  return it->second;
}

static isl::pw_aff foldMax(const std::vector<isl::pw_aff> &v) {
  isl::pw_aff r = v.front();
  for (size_t i = 1; i < v.size(); ++i)
    r = r.max(v[i]);
  return r;
}
static isl::pw_aff foldMin(const std::vector<isl::pw_aff> &v) {
  isl::pw_aff r = v.front();
  for (size_t i = 1; i < v.size(); ++i)
    r = r.min(v[i]);
  return r;
}

void PolyhedralModel::addDim(Instances &in, Dim d, Value lb, Value ub,
                             int64_t step, Location loc) {
  d.name = "d" + std::to_string(in.dims.size());
  AffineResult l, u;
  if (lb) {
    l = affine(lb, in);
  } else {
    l.expr = "0";
  }
  u = affine(ub, in);
  if (!in.unknown && l.unknown)
    in.unknown = l.unknown;
  if (!in.unknown && u.unknown)
    in.unknown = u.unknown;
  if (!in.unknown && (l.usesAnyDim() || u.usesAnyDim()))
    in.unknown = Unknown{"the bounds of the " + d.kindName().str() + " at " +
                             locString(loc) +
                             " depend on an enclosing induction variable",
                         loc};
  d.origin = in.unknown ? "0" : l.expr;
  d.step = step;
  in.dims.push_back(d);
  if (in.unknown)
    return;
  // Trips: 0 <= d <= ceil((ub - lb) / step) - 1.
  isl::pw_aff zero = paramAff("0");
  isl::pw_aff last = paramAff("ceil((" + u.expr + " - " + l.expr + ")/" +
                              std::to_string(step) + ") - 1");
  for (Box &b : in.boxes) {
    b.lbs.push_back({zero});
    b.ubs.push_back({last});
    b.set.reset();
  }
}

/// A linear constraint `coeff * d + rest >= 0` (or `== 0`) on one dim, or on
/// parameters only (dim == -1).
struct Linear {
  int dim = -1;
  long coeff = 0;
  isl::pw_aff rest;
  bool equality = false;
};

static std::vector<Box> applyLinear(const std::vector<Box> &boxes,
                                    const Linear &c, bool negate) {
  std::vector<Box> out;
  auto bound = [&](Box b, isl::pw_aff rest, long coeff) {
    // coeff * d + rest >= 0
    b.set.reset();
    if (c.dim < 0) {
      b.context = b.context.intersect(islx::nonnegSet(rest));
    } else if (coeff > 0) {
      b.lbs[c.dim].push_back(rest.neg().scale_down(coeff).ceil());
    } else {
      b.ubs[c.dim].push_back(rest.scale_down(-coeff).floor());
    }
    return b;
  };
  for (const Box &b : boxes) {
    if (!negate) {
      Box x = bound(b, c.rest, c.coeff);
      if (c.equality)
        x = bound(x, c.rest.neg(), -c.coeff);
      out.push_back(x);
      continue;
    }
    // not (e >= 0)  <=>  -e - 1 >= 0
    isl::pw_aff one = islx::constantOn(c.rest.domain(), 1);
    out.push_back(bound(b, c.rest.neg().sub(one), -c.coeff));
    if (c.equality) // not (e == 0)  <=>  e - 1 >= 0  or  -e - 1 >= 0
      out.push_back(bound(b, c.rest.sub(one), c.coeff));
  }
  return out;
}

bool PolyhedralModel::constrain(Instances &in, const std::string &expr,
                                bool equality, bool negate, Location loc) {
  (void)loc;
  std::string dims;
  for (unsigned i = 0; i < in.dims.size(); ++i)
    dims += (i ? ", " : "") + in.dims[i].name;
  isl::aff a(ctx(), paramList() + " -> { [" + dims + "] -> [(" + expr + ")] }");
  isl_aff *raw = a.release();
  Linear lin;
  lin.equality = equality;
  for (unsigned i = 0; i < in.dims.size(); ++i) {
    isl_val *cv = isl_aff_get_coefficient_val(raw, isl_dim_in, i);
    long c = isl_val_get_num_si(cv);
    bool integral = isl_val_is_int(cv);
    isl_val_free(cv);
    if (!integral) {
      isl_aff_free(raw);
      return false;
    }
    if (c == 0)
      continue;
    if (lin.dim >= 0) {
      isl_aff_free(raw);
      return false;
    }
    lin.dim = i;
    lin.coeff = c;
    raw = isl_aff_set_coefficient_si(raw, isl_dim_in, i, 0);
  }
  if (isl_aff_involves_dims(raw, isl_dim_in, 0, in.dims.size()) != isl_bool_false) {
    isl_aff_free(raw);
    return false;
  }
  raw = islx::checked(ctx().get(), isl_aff_project_domain_on_params(raw));
  lin.rest = isl::pw_aff(isl::manage(raw));
  in.boxes = applyLinear(in.boxes, lin, negate);
  dropEmptyBoxes(in);
  return true;
}

void PolyhedralModel::dropEmptyBoxes(Instances &in) {
  // A condition splits a box in as many as it has constraints (and an else
  // branch of a chain of affine.if ops multiplies them); most of the pieces
  // of a chain over herd ids are empty. An empty box adds nothing to any
  // count or index set, and every check pays for each box it keeps.
  std::vector<Box> kept;
  for (Box &b : in.boxes)
    if (!boxSet(in, b).is_empty())
      kept.push_back(std::move(b));
  in.boxes = std::move(kept);
}

void PolyhedralModel::addCondition(Instances &in, Operation *cond,
                                   bool thenBranch) {
  Location loc = cond->getLoc();
  auto give_up = [&](std::string why) {
    if (!in.unknown)
      in.unknown = Unknown{std::move(why), loc};
  };
  // Collect the conjunction `e_k >= 0` / `e_k == 0`.
  struct C {
    std::string expr;
    bool eq;
  };
  std::vector<C> conj;
  if (auto aif = dyn_cast<affine::AffineIfOp>(cond)) {
    IntegerSet set = aif.getIntegerSet();
    std::vector<AffineResult> ops;
    for (Value o : aif.getOperands())
      ops.push_back(affine(o, in));
    for (auto &o : ops)
      if (o.unknown)
        return give_up("the condition of the affine.if at " + locString(loc) +
                       " uses a value that is not affine: " + o.unknown->reason);
    for (unsigned k = 0; k < set.getNumConstraints(); ++k) {
      // The constraint with the operands substituted.
      std::string text = islAffineText(set.getConstraint(k), [&](AffineExpr leaf) {
        if (auto c = dyn_cast<AffineConstantExpr>(leaf))
          return "(" + std::to_string(c.getValue()) + ")";
        if (auto d = dyn_cast<AffineDimExpr>(leaf))
          return "(" + ops[d.getPosition()].expr + ")";
        auto sy = cast<AffineSymbolExpr>(leaf);
        return "(" + ops[set.getNumDims() + sy.getPosition()].expr + ")";
      });
      conj.push_back({text, set.isEq(k)});
    }
  } else if (auto sif = dyn_cast<scf::IfOp>(cond)) {
    std::function<bool(Value)> collect = [&](Value c) -> bool {
      Operation *def = c.getDefiningOp();
      if (auto andi = dyn_cast_or_null<arith::AndIOp>(def))
        return collect(andi.getLhs()) && collect(andi.getRhs());
      auto cmp = dyn_cast_or_null<arith::CmpIOp>(def);
      if (!cmp)
        return false;
      AffineResult l = affine(cmp.getLhs(), in), r = affine(cmp.getRhs(), in);
      if (l.unknown || r.unknown)
        return false;
      std::string d = "(" + l.expr + ") - (" + r.expr + ")";
      std::string nd = "(" + r.expr + ") - (" + l.expr + ")";
      switch (cmp.getPredicate()) {
      case arith::CmpIPredicate::eq:
        conj.push_back({d, true});
        return true;
      case arith::CmpIPredicate::sge:
      case arith::CmpIPredicate::uge:
        conj.push_back({d, false});
        return true;
      case arith::CmpIPredicate::sgt:
      case arith::CmpIPredicate::ugt:
        conj.push_back({d + " - 1", false});
        return true;
      case arith::CmpIPredicate::sle:
      case arith::CmpIPredicate::ule:
        conj.push_back({nd, false});
        return true;
      case arith::CmpIPredicate::slt:
      case arith::CmpIPredicate::ult:
        conj.push_back({nd + " - 1", false});
        return true;
      default:
        return false;
      }
    };
    if (!collect(sif.getCondition())) {
      in.opaqueBranches.push_back({cond, thenBranch});
      return;
    }
  } else {
    return;
  }

  if (thenBranch) {
    for (const C &c : conj)
      if (!constrain(in, c.expr, c.eq, false, loc))
        return give_up("the condition at " + locString(loc) +
                       " relates several ids or induction variables");
    return;
  }
  // else: the disjoint union over k of (c_0 .. c_{k-1} hold, c_k fails).
  std::vector<Box> all;
  std::vector<Box> start = in.boxes;
  for (size_t k = 0; k < conj.size(); ++k) {
    Instances part = in;
    part.boxes = start;
    for (size_t j = 0; j < k; ++j)
      if (!constrain(part, conj[j].expr, conj[j].eq, false, loc))
        return give_up("the condition at " + locString(loc) +
                       " relates several ids or induction variables");
    if (!constrain(part, conj[k].expr, conj[k].eq, true, loc))
      return give_up("the condition at " + locString(loc) +
                     " relates several ids or induction variables");
    all.insert(all.end(), part.boxes.begin(), part.boxes.end());
  }
  in.boxes = all;
}

/// A case region of scf.index_switch: the value equals the case's; the
/// default region: it differs from every case's (a disjoint union of boxes).
void PolyhedralModel::addSwitchCase(Instances &in, scf::IndexSwitchOp sw,
                                    Region *region) {
  Location loc = sw.getLoc();
  AffineResult arg = affine(sw.getArg(), in);
  if (arg.unknown) {
    if (!in.unknown)
      in.unknown = Unknown{"the value of the scf.index_switch at " +
                               locString(loc) + " is not affine: " +
                               arg.unknown->reason,
                           loc};
    return;
  }
  auto differs = [&](int64_t v) {
    return "(" + arg.expr + ") - (" + std::to_string(v) + ")";
  };
  bool isDefault = region == &sw.getDefaultRegion();
  for (auto [k, v] : llvm::enumerate(sw.getCases())) {
    if (!isDefault && region != &sw.getCaseRegions()[k])
      continue;
    if (!constrain(in, differs(v), /*equality=*/true, /*negate=*/isDefault, loc)) {
      if (!in.unknown)
        in.unknown = Unknown{"the value of the scf.index_switch at " +
                                 locString(loc) +
                                 " relates several ids or induction variables",
                             loc};
      return;
    }
  }
}

const Instances &PolyhedralModel::instancesOf(Operation *op) {
  auto &slot = cache[op];
  if (slot)
    return *slot;
  slot = std::make_unique<Instances>();
  Instances &in = *slot;
  in.op = op;

  SmallVector<std::pair<Operation *, Region *>> chain;
  Operation *cur = op;
  while (Operation *p = cur->getParentOp()) {
    if (isa<FunctionOpInterface, ModuleOp>(p))
      break;
    chain.push_back({p, cur->getParentRegion()});
    cur = p;
  }
  std::reverse(chain.begin(), chain.end());

  try {
    // Inside the try: a context past its budget fails even here.
    Box initial;
    initial.context = isl::set::universe(islx::paramSpace(ctx()));
    in.boxes.push_back(initial);
    for (auto [p, region] : chain) {
      if (in.unknown)
        break;
      if (auto h = dyn_cast<air::HierarchyOpInterface>(p)) {
        Dim::Kind kind = isa<air::LaunchOp>(p)    ? Dim::Kind::LaunchId
                         : isa<air::SegmentOp>(p) ? Dim::Kind::SegmentId
                                                  : Dim::Kind::HerdId;
        for (unsigned i = 0; i < h.getNumDims(); ++i)
          addDim(in, Dim{kind, h.getIds()[i], p}, Value(), h.getSizeOperands()[i],
                 1, p->getLoc());
        continue;
      }
      if (auto f = dyn_cast<scf::ForOp>(p)) {
        auto step = constantOf(f.getStep());
        if (!step || *step <= 0) {
          in.unknown = Unknown{"the step of the scf.for at " + locString(p->getLoc()) +
                                   " is not a positive constant",
                               p->getLoc()};
          break;
        }
        addDim(in, Dim{Dim::Kind::ForIv, f.getInductionVar(), p}, f.getLowerBound(),
               f.getUpperBound(), *step, p->getLoc());
        continue;
      }
      if (auto par = dyn_cast<scf::ParallelOp>(p)) {
        for (unsigned i = 0; i < par.getNumLoops(); ++i) {
          auto step = constantOf(par.getStep()[i]);
          if (!step || *step <= 0) {
            in.unknown = Unknown{"a step of the scf.parallel at " +
                                     locString(p->getLoc()) + " is not a positive constant",
                                 p->getLoc()};
            break;
          }
          addDim(in, Dim{Dim::Kind::ParallelIv, par.getInductionVars()[i], p},
                 par.getLowerBound()[i], par.getUpperBound()[i], *step, p->getLoc());
        }
        continue;
      }
      if (auto af = dyn_cast<affine::AffineForOp>(p)) {
        if (!af.hasConstantBounds()) {
          in.unknown = Unknown{"the affine.for at " + locString(p->getLoc()) +
                                   " has non-constant bounds, which are not modelled yet",
                               p->getLoc()};
          break;
        }
        Dim d{Dim::Kind::ForIv, af.getInductionVar(), p};
        d.name = "d" + std::to_string(in.dims.size());
        d.origin = std::to_string(af.getConstantLowerBound());
        d.step = af.getStepAsInt();
        in.dims.push_back(d);
        int64_t trips = (af.getConstantUpperBound() - af.getConstantLowerBound() +
                         d.step - 1) / d.step;
        for (Box &b : in.boxes) {
          b.lbs.push_back({paramAff("0")});
          b.ubs.push_back({paramAff(std::to_string(trips - 1))});
          b.set.reset();
        }
        continue;
      }
      if (isa<affine::AffineIfOp>(p)) {
        addCondition(in, p, region == &cast<affine::AffineIfOp>(p).getThenRegion());
        continue;
      }
      if (isa<scf::IfOp>(p)) {
        addCondition(in, p, region == &cast<scf::IfOp>(p).getThenRegion());
        continue;
      }
      if (auto sw = dyn_cast<scf::IndexSwitchOp>(p)) {
        addSwitchCase(in, sw, region);
        continue;
      }
      // nv_tileaa's queue regions run once each per run of the op around
      // them: no dim of their own.
      if (isa<air::ExecuteOp, scf::ExecuteRegionOp, tileaa::QueueRegionsOp>(p))
        continue;
      in.unknown = Unknown{"the op is inside " + opAt(p) +
                               ", whose instances are not modelled",
                           p->getLoc()};
    }
  } catch (const isl::exception &e) {
    if (!in.unknown)
      in.unknown = Unknown{std::string("isl could not build the instance set: ") +
                               islx::reason(e),
                           op->getLoc()};
  }
  return in;
}

isl::set PolyhedralModel::boxSet(const Instances &in, const Box &box) {
  if (box.set)
    return *box.set;
  isl::space sp = in.space(ctx());
  isl::set s = isl::set::universe(sp);
  for (unsigned i = 0; i < in.dims.size(); ++i) {
    // d_i as a function of the dims (the bounds' parameters are aligned by
    // the comparisons).
    isl::pw_aff var = isl::manage(islx::checked(
        ctx().get(), isl_pw_aff_var_on_domain(
                         isl_local_space_from_space(sp.copy()), isl_dim_set, i)));
    for (const isl::pw_aff &lb : box.lbs[i])
      s = s.intersect(var.ge_set(lb.insert_domain(sp)));
    for (const isl::pw_aff &ub : box.ubs[i])
      s = s.intersect(var.le_set(ub.insert_domain(sp)));
  }
  s = s.intersect_params(box.context);
  box.set = s;
  return s;
}

std::vector<isl::pw_aff> PolyhedralModel::boxCount(const Instances &in,
                                                   const Box &box,
                                                   const std::vector<bool> &countDim) {
  std::vector<isl::pw_aff> factors;
  isl::pw_aff zero = paramAff("0"), one = paramAff("1");
  for (unsigned i = 0; i < in.dims.size(); ++i) {
    if (i < countDim.size() && !countDim[i])
      continue;
    factors.push_back(
        foldMin(box.ubs[i]).sub(foldMax(box.lbs[i])).add(one).max(zero));
  }
  // Zero outside the context.
  factors.push_back(one.intersect_params(box.context));
  return factors;
}

isl::space PolyhedralModel::allParams() {
  return isl::set(ctx(), paramList() + " -> { : }").get_space();
}

PwQPoly PolyhedralModel::product(const std::vector<isl::pw_aff> &factors) {
  isl::space all = allParams();
  PwQPoly r = PwQPoly::constant(all, 1);
  for (const isl::pw_aff &f : factors) {
    isl::pw_aff aligned = isl::manage(
        islx::checked(ctx().get(), isl_pw_aff_align_params(f.copy(), all.copy())));
    r = r * PwQPoly::fromPwAff(aligned);
  }
  return r;
}

isl::set PolyhedralModel::alignParams(isl::set s) {
  isl::space all = allParams();
  return isl::manage(islx::checked(
      ctx().get(), isl_set_align_params(s.release(), all.release())));
}
