//===- AccessOverlap.cpp - element sets of nv_tileaa accesses, with isl ----===//
#include "analyses/tileaa/AccessOverlap.h"

#include "solvers/IslSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AsmState.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::tileaa;

std::string aircheck::tileaa::valueName(Value v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  Operation *scope = v.getParentRegion() ? v.getParentRegion()->getParentOp() : nullptr;
  while (scope && !scope->hasTrait<OpTrait::IsIsolatedFromAbove>())
    scope = scope->getParentOp();
  if (scope) {
    AsmState state(scope);
    v.printAsOperand(os, state);
  } else {
    v.printAsOperand(os, OpPrintingFlags());
  }
  return s;
}

Provenance aircheck::tileaa::provenanceOf(Value base) {
  Provenance p;
  Value v = base;
  while (Operation *def = v.getDefiningOp()) {
    if (auto add = dyn_cast<AddPtrOp>(def)) {
      v = add.getBase();
    } else if (auto mr = dyn_cast<MakeMemRefOp>(def)) {
      if (!p.memref) {
        p.memref = mr;
        if (auto s = mr.getAliasScope())
          p.aliasScope = s->getSExtValue();
      }
      v = mr.getBase();
    } else if (auto sp = dyn_cast<SplatOp>(def)) {
      v = sp.getInput();
    } else if (auto bc = dyn_cast<BroadcastOp>(def)) {
      v = bc.getInput();
    } else {
      break;
    }
  }
  p.root = v;
  return p;
}

namespace {
/// c + sum(coeff * param) + (lane ? l : 0), l in [laneLo, laneHi).
struct Lin {
  int64_t c = 0;
  std::map<unsigned, int64_t> coeffs; // param number -> coefficient
  bool lane = false;
  int64_t laneLo = 0, laneHi = 0;
};

class SetBuilder {
public:
  std::vector<Value> params;
  unsigned param(Value v) {
    for (unsigned i = 0; i < params.size(); ++i)
      if (params[i] == v)
        return i;
    params.push_back(v);
    return params.size() - 1;
  }

  // An index value as an affine expression.
  std::optional<Lin> scalar(Value v, unsigned depth = 0) {
    Lin r;
    if (depth > 32) {
      r.coeffs[param(v)] = 1;
      return r;
    }
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (auto i = dyn_cast<IntegerAttr>(c.getValue())) {
        r.c = i.getInt();
        return r;
      }
    auto bin = [&](Value a, Value b, int64_t sign) -> std::optional<Lin> {
      auto x = scalar(a, depth + 1), y = scalar(b, depth + 1);
      if (!x || !y)
        return std::nullopt;
      x->c += sign * y->c;
      for (auto [k, c] : y->coeffs)
        x->coeffs[k] += sign * c;
      return x;
    };
    if (auto add = v.getDefiningOp<arith::AddIOp>())
      return bin(add.getLhs(), add.getRhs(), 1);
    if (auto sub = v.getDefiningOp<arith::SubIOp>())
      return bin(sub.getLhs(), sub.getRhs(), -1);
    if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
      auto x = scalar(mul.getLhs(), depth + 1), y = scalar(mul.getRhs(), depth + 1);
      if (x && y && (x->coeffs.empty() || y->coeffs.empty())) {
        Lin &k = x->coeffs.empty() ? *x : *y;
        Lin &e = x->coeffs.empty() ? *y : *x;
        e.c *= k.c;
        for (auto &[p, c] : e.coeffs)
          c *= k.c;
        return e;
      }
    }
    if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
      return scalar(cast.getIn(), depth + 1);
    r.coeffs[param(v)] = 1;
    return r;
  }

  // An offset operand of addptr: a scalar, a make_range tile, a splat of a
  // scalar, or a broadcast of those.
  std::optional<Lin> offset(Value v) {
    if (!isa<TileType>(v.getType()))
      return scalar(v);
    if (auto r = v.getDefiningOp<MakeRangeOp>()) {
      Lin l;
      l.lane = true;
      l.laneLo = r.getStart();
      l.laneHi = r.getEnd();
      return l;
    }
    if (auto s = v.getDefiningOp<SplatOp>())
      return scalar(s.getInput());
    return std::nullopt;
  }

  // The element offset of a pointer (or pointer tile) from its root.
  std::optional<Lin> pointer(Value v, std::string &why) {
    Lin total;
    while (Operation *def = v.getDefiningOp()) {
      if (auto add = dyn_cast<AddPtrOp>(def)) {
        std::optional<Lin> o = offset(add.getOffset());
        if (!o) {
          why = "the offset of the addptr at " + locOf(add) +
                " is a tile air-check cannot read (it reads make_range and splat)";
          return std::nullopt;
        }
        if (o->lane && total.lane) {
          why = "two per-lane offsets on one pointer";
          return std::nullopt;
        }
        total.c += o->c;
        for (auto [k, c] : o->coeffs)
          total.coeffs[k] += c;
        if (o->lane) {
          total.lane = true;
          total.laneLo = o->laneLo;
          total.laneHi = o->laneHi;
        }
        v = add.getBase();
      } else if (isa<SplatOp, BroadcastOp>(def)) {
        v = def->getOperand(0);
      } else {
        break;
      }
    }
    return total;
  }

  static std::string locOf(Operation *op) {
    if (auto l = dyn_cast<FileLineColLoc>(op->getLoc()))
      return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
    return "?";
  }

  std::string expr(const Lin &l) {
    std::string s = std::to_string(l.c);
    for (auto [k, c] : l.coeffs)
      if (c)
        s += " + " + std::to_string(c) + "*p" + std::to_string(k);
    return s;
  }
  std::string paramList() {
    std::string s = "[";
    for (unsigned i = 0; i < params.size(); ++i)
      s += (i ? ", p" : "p") + std::to_string(i);
    return s + "]";
  }
};

/// The same memref object: one make_memref, or two with equal operands and
/// result type.
bool sameMemref(MakeMemRefOp a, MakeMemRefOp b) {
  if (a == b)
    return true;
  return a.getType() == b.getType() && a->getOperands() == b->getOperands() &&
         a.getOperandSegmentSizes() == b.getOperandSegmentSizes();
}
} // namespace

// The constraints of one access's elements, over dims d0.. and params.
static std::optional<std::string> memrefSet(SetBuilder &B, const MemAccess &a,
                                            unsigned rank, std::string &why) {
  ArrayRef<int64_t> lanes = a.laneShape;
  if (!lanes.empty() && lanes.size() != rank) {
    why = "the " + a.verb().str() + " moves a tile of rank " +
          std::to_string(lanes.size()) + " through a memref of rank " +
          std::to_string(rank);
    return std::nullopt;
  }
  std::string s;
  for (unsigned k = 0; k < rank; ++k) {
    std::optional<Lin> i = B.scalar(a.indices[k]);
    std::string e = B.expr(*i);
    int64_t n = lanes.empty() ? 1 : lanes[k];
    if (k)
      s += " and ";
    // An index inside the memref is non-negative (a negative one is out of
    // bounds, which is not this question).
    s += "0 <= " + e + " <= d" + std::to_string(k) + " < " + e + " + " +
         std::to_string(n);
  }
  return s;
}

static std::optional<std::string> linearSet(SetBuilder &B, const MemAccess &a,
                                            std::string &why) {
  std::optional<Lin> l = B.pointer(a.base, why);
  if (!l)
    return std::nullopt;
  bool tileBase = isa<TileType>(a.base.getType());
  if (!tileBase && !a.laneShape.empty()) {
    why = "a tile " + a.verb().str() + " through a scalar pointer (its lane layout is not modelled)";
    return std::nullopt;
  }
  if (tileBase && !l->lane) {
    // Every lane at one address (a splat of one pointer).
    return "d0 = " + B.expr(*l);
  }
  if (tileBase && a.laneShape.size() != 1) {
    why = "a per-lane access of rank " + std::to_string(a.laneShape.size());
    return std::nullopt;
  }
  if (!l->lane)
    return "d0 = " + B.expr(*l);
  std::string e = B.expr(*l);
  return "exists (l : " + std::to_string(l->laneLo) + " <= l < " +
         std::to_string(l->laneHi) + " and d0 = " + e + " + l)";
}

Overlap aircheck::tileaa::overlap(const MemAccess &a, const MemAccess &b) {
  Overlap r;
  Provenance pa = provenanceOf(a.base), pb = provenanceOf(b.base);
  if (pa.aliasScope && pb.aliasScope && *pa.aliasScope != *pb.aliasScope) {
    r.kind = Overlap::Disjoint;
    r.byProvenance = true;
    r.reason = "distinct alias_scope " + std::to_string(*pa.aliasScope) +
               " and " + std::to_string(*pb.aliasScope);
    return r;
  }
  if (pa.root != pb.root) {
    r.reason = "provenance cannot separate their bases " + valueName(pa.root) +
               " and " + valueName(pb.root) +
               " (two pointers may point into one allocation; give the "
               "make_memrefs distinct alias_scope values if they cannot)";
    return r;
  }
  for (const MemAccess *x : {&a, &b})
    if (isa<TileMemRefType>(x->base.getType()) &&
        !provenanceOf(x->base).memref) {
      r.reason = "the memref " + valueName(x->base) +
                 " is not built by a make_memref air-check can see, so its "
                 "offset, sizes and strides are unknown";
      return r;
    }
  SetBuilder B;
  std::optional<std::string> sa, sb;
  std::string why;
  unsigned dims = 1;
  if (pa.memref && pb.memref) {
    if (!sameMemref(pa.memref, pb.memref)) {
      r.reason = "the two make_memrefs over " + valueName(pa.root) +
                 " differ in offset, sizes or strides, and their elements "
                 "are compared only within one memref";
      return r;
    }
    dims = cast<TileMemRefType>(pa.memref.getType()).getRank();
    sa = memrefSet(B, a, dims, why);
    if (sa)
      sb = memrefSet(B, b, dims, why);
  } else if (!pa.memref && !pb.memref) {
    sa = linearSet(B, a, why);
    if (sa)
      sb = linearSet(B, b, why);
  } else {
    why = "one goes through a make_memref of " + valueName(pa.root) +
          " and the other through a pointer";
  }
  if (!sa || !sb) {
    r.reason = why;
    return r;
  }
  std::string dimList = "[";
  for (unsigned k = 0; k < dims; ++k)
    dimList += (k ? ", d" : "d") + std::to_string(k);
  dimList += "]";
  std::string params = B.paramList();
  try {
    IslContext ctx;
    isl::set x(ctx.get(), params + " -> { " + dimList + " : " + *sa + " }");
    isl::set y(ctx.get(), params + " -> { " + dimList + " : " + *sb + " }");
    isl::set both = x.intersect(y);
    if (both.is_empty()) {
      r.kind = Overlap::Disjoint;
      r.reason = "their element sets are disjoint for every value of the indices";
      return r;
    }
    isl::point pt = both.sample_point();
    std::vector<std::string> el = islx::coordinates(pt, isl_dim_set);
    std::vector<std::string> pv = islx::coordinates(pt, isl_dim_param);
    std::string w = "element [";
    for (unsigned k = 0; k < el.size(); ++k)
      w += (k ? ", " : "") + el[k];
    w += "]";
    if (!pa.memref)
      w = "element " + el[0] + " past " + valueName(pa.root);
    if (!B.params.empty()) {
      w += " when ";
      for (unsigned k = 0; k < B.params.size(); ++k)
        w += (k ? ", " : "") + valueName(B.params[k]) + " = " + pv[k];
    }
    r.kind = Overlap::Overlaps;
    r.witness = w;
    return r;
  } catch (const isl::exception &e) {
    r.kind = Overlap::Unknown;
    r.reason = std::string("isl gave up (") + islx::reason(e) + ")";
    return r;
  }
}
