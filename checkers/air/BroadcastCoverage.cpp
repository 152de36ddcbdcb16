//===- BroadcastCoverage.cpp - broadcasts reach each destination once -----===//
//
// Three forms of broadcast (seed 002 section 7.2, seed 003):
//  * a channel's broadcast_shape must be exactly the index space its gets
//    cover (a get's index in a dimension where broadcast_shape is 1 matches
//    every destination: the channel model takes it as 0);
//  * a broadcast_pattern on a dma in a herd, an affine set relating sources
//    (symbols) to destination tiles (dims), must send only to tiles of the
//    herd, reach every tile, and give each tile exactly one source, with the
//    sources bounded;
//  * the broadcast_set attributes of the dmas that fill one buffer in a herd
//    must partition the herd's tiles.
// Each is decided with isl set operations over the whole spaces, sizes
// symbolic where they are.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"
#include "checkers/air/ChannelDiagnostics.h"

#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <isl/point.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

using namespace aircheck;
using namespace mlir;

/// A point of a non-empty set, as "[1, 2]".
static std::string samplePointText(isl::set s) {
  isl::point pt = s.sample_point();
  if (pt.is_null())
    return "?";
  return "[" + llvm::join(islx::coordinates(pt, isl_dim_set), ", ") + "]";
}

static std::string names(const char *prefix, unsigned n) {
  std::string s;
  for (unsigned i = 0; i < n; ++i)
    s += (i ? ", " : "") + (prefix + std::to_string(i));
  return s;
}

/// An affine constraint of an IntegerSet in isl syntax, with dims named
/// `dimPrefix` and symbols `symPrefix`.
static std::string constraintText(IntegerSet set, unsigned k, const char *dimPrefix,
                                  const char *symPrefix) {
  auto leaf = [&](AffineExpr e) -> std::string {
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return "(" + std::to_string(c.getValue()) + ")";
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return dimPrefix + std::to_string(d.getPosition());
    return symPrefix + std::to_string(cast<AffineSymbolExpr>(e).getPosition());
  };
  return islAffineText(set.getConstraint(k), leaf) + (set.isEq(k) ? " = 0" : " >= 0");
}

static std::string conjunction(IntegerSet set, const char *d, const char *s) {
  std::vector<std::string> parts;
  for (unsigned k = 0; k < set.getNumConstraints(); ++k)
    parts.push_back(constraintText(set, k, d, s));
  return parts.empty() ? "true" : llvm::join(parts, " and ");
}

namespace {
class BroadcastCoverage : public Checker {
public:
  llvm::StringRef id() const override { return "broadcast-coverage"; }
  llvm::StringRef summary() const override {
    return "Broadcasts give every destination exactly one source "
           "(broadcast_shape, broadcast_pattern, broadcast_set)";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    PolyhedralModel &poly = model.poly();
    try {
      for (ChannelInfo &c : model.channels())
        checkShape(model, c);
      llvm::MapVector<std::pair<Operation *, Value>, SmallVector<Operation *>> sets;
      ctx.module.walk([&](Operation *op) {
        if (auto pattern = op->getAttrOfType<IntegerSetAttr>("broadcast_pattern"))
          checkPattern(poly, op, pattern.getValue());
        if (op->getAttrOfType<IntegerSetAttr>("broadcast_set"))
          if (auto herd = op->getParentOfType<air::HerdOp>())
            if (op->getNumOperands() > 0) {
              Value dst = isa<air::DmaMemcpyNdOp>(op)
                              ? cast<air::DmaMemcpyNdOp>(op).getDst()
                              : Value();
              sets[{herd, dst}].push_back(op);
            }
      });
      for (auto &[key, ops] : sets)
        checkSets(poly, cast<air::HerdOp>(key.first), ops);
    } catch (const isl::exception &e) {
      ctx.module.emitWarning() << "broadcast coverage is unknown: isl gave up ("
                               << islx::reason(e) << ")";
    }
  }

private:
  /// The herd's tiles as an isl set over the parameters; std::nullopt and a
  /// warning when its sizes are not affine.
  std::optional<isl::set> herdSpace(PolyhedralModel &poly, air::HerdOp herd,
                                    Operation *user) {
    const Instances &outer = poly.instancesOf(herd);
    auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
    std::vector<std::string> cons;
    for (unsigned i = 0; i < h.getNumDims(); ++i) {
      AffineResult r = poly.affine(h.getSizeOperands()[i], outer);
      if (r.unknown || r.usesAnyDim()) {
        user->emitWarning() << "broadcast coverage is unknown: the herd's size "
                               "is not an affine function of the parameters";
        return std::nullopt;
      }
      cons.push_back("0 <= d" + std::to_string(i) + " < " + r.expr);
    }
    return isl::set(poly.ctx(), poly.paramList() + " -> { [" +
                                    names("d", h.getNumDims()) + "] : " +
                                    llvm::join(cons, " and ") + " }");
  }

  void checkShape(ChannelModel &model, ChannelInfo &c) {
    if (!c.isBroadcast() || c.gets.empty() || c.firstUnknown())
      return;
    // Destinations gets read, and destinations puts send to (their indices
    // lifted through the broadcast), for each value of the parameters.
    isl::set covered = isl::set::empty(model.indexUniverse(c).get_space());
    isl::set sent = covered;
    for (const ChannelAccess &g : c.gets)
      for (const ChannelAccess::Part &p : g.parts)
        covered = covered.unite(p.indices);
    for (const ChannelAccess &put : c.puts)
      for (const ChannelAccess::Part &p : put.parts)
        sent = sent.unite(p.indices);
    std::string box;
    for (unsigned i = 0; i < c.broadcastShape.size(); ++i)
      box += (i ? " and " : "") + ("0 <= i" + std::to_string(i) + " < " +
                                   std::to_string(c.broadcastShape[i]));
    isl::set expected(model.poly().ctx(),
                      "{ [" + names("i", c.rank()) + "] : " + box + " }");
    expected = model.poly().alignParams(expected);
    covered = model.poly().alignParams(covered);
    sent = model.poly().alignParams(sent);
    // A destination no get reads is a defect where a put sends to it: for
    // parameter values where nothing is sent (a K loop of no trip), nobody
    // waits and nothing is lost.
    isl::set missing = expected.intersect(sent).subtract(covered);
    isl::set extra = covered.subtract(expected);
    if (missing.is_empty() && extra.is_empty())
      return;
    isl::set witness = missing.is_empty() ? extra : missing;
    isl::point pt = witness.sample_point();
    std::string when = pt.is_null() ? "" : model.poly().paramValuesText(pt);
    auto diag = c.decl.emitError();
    diag << "broadcast_shape [" ;
    llvm::interleaveComma(c.broadcastShape, diag);
    diag << "] of channel " << channelName(c)
         << " does not match the index space of its gets: ";
    if (!missing.is_empty())
      diag << "destination " << samplePointText(missing)
           << " is sent to but never read";
    else
      diag << "a get reads index " << samplePointText(extra)
           << ", outside the broadcast shape";
    if (!when.empty())
      diag << " (when " << when << ")";
    if (!missing.is_empty())
      for (const ChannelAccess &put : c.puts)
        if (llvm::any_of(put.parts, [&](const ChannelAccess::Part &p) {
              return !model.poly().alignParams(p.indices).intersect(missing).is_empty();
            }))
          diag.attachNote(put.op->getLoc()) << "sent to it from here";
    for (const ChannelAccess &g : c.gets)
      diag.attachNote(g.op->getLoc()) << "get here";
  }

  void checkPattern(PolyhedralModel &poly, Operation *op, IntegerSet set) {
    auto herd = op->getParentOfType<air::HerdOp>();
    if (!herd) {
      op->emitError() << "a broadcast_pattern needs an enclosing air.herd, whose "
                         "tiles are its destinations";
      return;
    }
    auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
    if (set.getNumDims() != h.getNumDims()) {
      op->emitError() << "broadcast_pattern has " << set.getNumDims()
                      << " destination dims but the herd has " << h.getNumDims();
      return;
    }
    std::optional<isl::set> tiles = herdSpace(poly, herd, op);
    if (!tiles)
      return;
    isl::map rel(poly.ctx(), poly.paramList() + " -> { [" +
                                 names("s", set.getNumSymbols()) + "] -> [" +
                                 names("d", set.getNumDims()) + "] : " +
                                 conjunction(set, "d", "s") + " }");
    isl::set reached = rel.range();
    auto fail = [&](const std::string &what) {
      auto diag = op->emitError() << "broadcast_pattern " << what;
      diag.attachNote(herd.getLoc()) << "destination tiles are those of this herd";
    };
    if (isl::set outside = reached.subtract(*tiles); !outside.is_empty())
      return fail("sends to tile " + samplePointText(outside) +
                  ", outside the herd");
    if (isl::set missed = tiles->subtract(reached); !missed.is_empty())
      return fail("reaches no source for tile " + samplePointText(missed));
    if (isl_set_is_bounded(rel.domain().get()) != isl_bool_true)
      return fail("has an unbounded set of sources");
    isl::map sourcesOf = rel.reverse().intersect_domain(*tiles);
    if (!sourcesOf.is_single_valued()) {
      // Tiles d with sources s < s' (lexicographically), both reaching d.
      isl_space *srcSpace = isl_space_range(isl_map_get_space(sourcesOf.get()));
      isl::map later =
          isl::manage(islx::checked(poly.ctx().get(), isl_map_lex_lt(srcSpace)));
      isl::set twice = sourcesOf.apply_range(later).intersect(sourcesOf).domain();
      return fail("gives tile " + samplePointText(twice) +
                  " more than one source; each destination must receive from "
                  "exactly one");
    }
  }

  void checkSets(PolyhedralModel &poly, air::HerdOp herd,
                 llvm::ArrayRef<Operation *> ops) {
    std::optional<isl::set> tiles = herdSpace(poly, herd, ops.front());
    if (!tiles)
      return;
    auto h = cast<air::HierarchyOpInterface>(herd.getOperation());
    isl::set covered = tiles->subtract(*tiles);
    Operation *previous = nullptr;
    std::vector<std::pair<Operation *, isl::set>> parts;
    for (Operation *op : ops) {
      IntegerSet set = op->getAttrOfType<IntegerSetAttr>("broadcast_set").getValue();
      if (set.getNumDims() + set.getNumSymbols() != h.getNumDims()) {
        op->emitWarning() << "broadcast coverage is unknown: broadcast_set has "
                          << set.getNumDims() + set.getNumSymbols()
                          << " variables but the herd has " << h.getNumDims()
                          << " dims";
        return;
      }
      // Dims first, then symbols, name the tile coordinates in order.
      std::string text = poly.paramList() + " -> { [" + names("d", h.getNumDims()) +
                         "] : " + conjunction(set, "d", "d") + " }";
      if (set.getNumDims() == 0)
        text = poly.paramList() + " -> { [" + names("d", h.getNumDims()) + "] : " +
               conjunction(set, "x", "d") + " }";
      isl::set s = isl::set(poly.ctx(), text).intersect(*tiles);
      for (auto &[other, os] : parts)
        if (isl::set both = s.intersect(os); !both.is_empty()) {
          auto diag = op->emitError()
                      << "broadcast_set overlaps another dma's: tile "
                      << samplePointText(both) << " receives the buffer twice";
          diag.attachNote(other->getLoc()) << "the other dma";
          return;
        }
      parts.push_back({op, s});
      covered = covered.unite(s);
      previous = op;
    }
    (void)previous;
    if (isl::set missed = tiles->subtract(covered); !missed.is_empty()) {
      auto diag = ops.front()->emitError()
                  << "the broadcast_set attributes of the dmas filling this "
                     "buffer leave tile "
                  << samplePointText(missed) << " without data";
      for (Operation *op : ops.drop_front())
        diag.attachNote(op->getLoc()) << "another dma of the group";
      diag.attachNote(herd.getLoc()) << "the herd whose tiles must be covered";
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createBroadcastCoverage() {
  return std::make_unique<BroadcastCoverage>();
}
