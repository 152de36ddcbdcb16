//===- DataRace.cpp - no two op instances race on a buffer ----------------===//
//
// Issue 22: two op instances that may run at once and touch a common element
// of one buffer, at least one of them writing, are a data race (upstream
// mlir-air #1559: fill, matmul and the output put of a herd on one buffer,
// with no token between them).
//
// The accesses and their elements are analyses/BufferAccess (isl relations
// from instances to elements); what may run at once is the ordering model
// (AsyncGraph, read op by op by analyses/BlockOrder). For two accesses of a
// buffer, the instance pairs that can share it agree on the dims around its
// allocation; the rest are split by the first shared dim on which they
// differ:
//   * herd tiles, segment and launch instances, scf.parallel iterations:
//     they run at once;
//   * iterations of an scf.for: the earlier one's op completes before the
//     later one's starts when a blocking op after it waits for it, or a
//     token it reaches is yielded, passed on by every iteration and waited
//     for by the other op (BlockOrder::carriedBefore);
//   * the same instance of every shared dim: in the lowest block holding
//     both, the op holding one runs before the op holding the other
//     (BlockOrder::before) and the access has completed by then
//     (BlockOrder::closedIn).
// A pair that may run at once is a race when isl finds a common element
// for it: the error names both ops, both instances and the element. Where
// an access is not affine (or its footprint is only an upper bound, as for
// a call) the verdict is `unknown`, never a pass.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/BlockOrder.h"
#include "analyses/BufferAccess.h"
#include "analyses/PolyhedralModel.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace aircheck;
using namespace mlir;

namespace {

/// A channel that `x` puts to and `y` gets from (or the reverse): the two
/// may be ordered by its transfers, which this check does not follow.
std::string channelLink(Operation *x, Operation *y) {
  auto names = [](Operation *op, bool puts) {
    std::set<std::string> out;
    op->walk([&](air::ChannelOpInterface c) {
      if (c.isPut() == puts)
        out.insert(c.getChanName().str());
    });
    return out;
  };
  for (bool dir : {true, false}) {
    std::set<std::string> from = names(x, dir), to = names(y, !dir);
    for (const std::string &n : from)
      if (to.count(n))
        return n;
  }
  return "";
}

class DataRace : public Checker {
public:
  llvm::StringRef id() const override { return "data-race"; }
  llvm::StringRef summary() const override {
    return "No two op instances that may run at once touch one element of a "
           "buffer, one writing (isl, every size)";
  }

  void run(CheckContext &ctx) override {
    // The checker outlives the module: lint checks several files with one
    // instance, and a later module's ops may reuse an earlier one's
    // addresses (a pair taken as already reported would not be checked).
    reported.clear();
    unknownPairs.clear();
    auto &poly = ctx.analyses.getAnalysis<PolyhedralModel>();
    auto &graph = ctx.analyses.getAnalysis<AsyncGraph>();
    BlockOrder order(graph);
    auto &accesses = ctx.analyses.getAnalysis<BufferAccesses>();
    unsigned checked = 0, unknown = 0, races = 0;
    for (auto &[buffer, ids] : accesses.byBuffer()) {
      for (unsigned i = 0; i < ids.size(); ++i)
        for (unsigned j = i; j < ids.size(); ++j) {
          const BufferAccess &a = accesses.accesses()[ids[i]];
          const BufferAccess &b = accesses.accesses()[ids[j]];
          if (a.frees || b.frees || !(a.writes || b.writes))
            continue;
          if (i != j && a.op == b.op)
            continue;
          if (!reported.insert({a.op, b.op}).second && i != j)
            continue;
          ++checked;
          switch (check(poly, order, a, b)) {
          case Verdict::Race:
            ++races;
            break;
          case Verdict::Unknown:
            ++unknown;
            break;
          case Verdict::Free:
            break;
          }
        }
    }
    if (checked && !races && !unknown)
      ctx.proved(programLoc(ctx.module),
                 "no data race: " + std::to_string(checked) +
                     " pairs of accesses, for every schedule and every size "
                     "(isl)");
  }

private:
  enum class Verdict { Free, Race, Unknown };
  std::set<std::pair<Operation *, Operation *>> reported;
  std::set<std::pair<Operation *, Operation *>> unknownPairs;

  /// The cases of instance pairs, as isl constraints over a0.. and b0..,
  /// each with whether the ordering model orders it.
  struct Case {
    std::string constraint;
    bool ordered;
    std::string how; // for the message: why they may run at once
    /// A channel between the two sides that may order them.
    std::string channel = "";
  };

  Verdict check(PolyhedralModel &poly, BlockOrder &order,
                const BufferAccess &a, const BufferAccess &b) {
    const Instances &ia = poly.instancesOf(a.op);
    const Instances &ib = poly.instancesOf(b.op);
    std::string sameTile = perTileCopy(a, ia, ib);
    std::vector<Case> cases;
    for (const PairCase &p :
         order.instancePairs(poly, a.op, b.op, a.buffer.getDefiningOp(),
                             /*channels=*/false)) {
      bool ordered = p.aFirst || p.bFirst;
      cases.push_back({p.constraint + sameTile, ordered, p.how,
                       ordered || !p.holderA || !p.holderB
                           ? std::string()
                           : channelLink(p.holderA, p.holderB)});
    }
    return checkCases(poly, order, a, b, cases, ia, ib);
  }

  /// An L1 buffer (memory space 2) defined outside a herd that both
  /// accesses are in is one copy per tile (L1 is a tile's own memory, seed
  /// 000 1.2; upstream's lowerings give each core, or each GPU work-item,
  /// its own): only instances of one tile touch one copy. The constraint
  /// equating the two sides' tile ids of every such herd, or "".
  static std::string perTileCopy(const BufferAccess &a, const Instances &ia,
                                 const Instances &ib) {
    std::optional<unsigned> space = air::getMemorySpace(a.buffer.getType());
    if (!space || *space != 2)
      return "";
    Operation *def = a.buffer.getDefiningOp();
    std::string out;
    for (unsigned i = 0; i < ia.dims.size(); ++i) {
      if (ia.dims[i].kind != Dim::Kind::HerdId)
        continue;
      Operation *herd = ia.dims[i].owner;
      if (def && herd->isAncestor(def))
        continue; // allocated per tile already
      unsigned nth = 0;
      for (unsigned k = 0; k < i; ++k)
        nth += ia.dims[k].kind == Dim::Kind::HerdId && ia.dims[k].owner == herd;
      unsigned seen = 0;
      for (unsigned j = 0; j < ib.dims.size(); ++j)
        if (ib.dims[j].kind == Dim::Kind::HerdId && ib.dims[j].owner == herd &&
            seen++ == nth)
          out += " and a" + std::to_string(i) + " = b" + std::to_string(j);
    }
    return out;
  }

  Verdict checkCases(PolyhedralModel &poly, BlockOrder &order,
                     const BufferAccess &a,
                     const BufferAccess &b, const std::vector<Case> &cases,
                     const Instances &ia, const Instances &ib) {
    bool unordered = llvm::any_of(cases, [](const Case &c) { return !c.ordered; });
    if (!unordered)
      return Verdict::Free;
    if (!a.elements || !b.elements) {
      const BufferAccess &u = a.elements ? b : a;
      if (unknownPairs.insert({a.op, b.op}).second)
        u.op->emitWarning()
            << "data race freedom is unknown: " << opAt(a.op) << " and "
            << opAt(b.op) << " may run at once on one buffer, and which "
            << "elements " << opAt(u.op) << " touches is not modelled: "
            << u.unknownWhy;
      return Verdict::Unknown;
    }
    try {
      isl::map accA = *a.elements, accB = *b.elements;
      // [e] -> [[a] -> [b]]: the pairs touching a common element e.
      isl::map both = accA.reverse().range_product(accB.reverse());
      std::optional<isl::map> channelPart;
      for (const Case &c : cases) {
        if (c.ordered)
          continue;
        std::vector<std::string> an, bn;
        for (unsigned d = 0; d < ia.dims.size(); ++d)
          an.push_back("a" + std::to_string(d));
        for (unsigned d = 0; d < ib.dims.size(); ++d)
          bn.push_back("b" + std::to_string(d));
        isl::map link(poly.ctx(), poly.paramList() + " -> { [" +
                                      llvm::join(an, ", ") + "] -> [" +
                                      llvm::join(bn, ", ") + "] : " +
                                      c.constraint + " }");
        isl::set hits = both.intersect_range(link.wrap()).wrap();
        if (hits.is_empty())
          continue;
        // Only pairs that share an element need the channels' order (the
        // costly part): asked once per op pair, then subtracted.
        if (!channelPart) {
          std::string ch;
          channelPart = order.channelOrdered(poly, a.op, b.op, ch)
                            .unite(order.channelOrdered(poly, b.op, a.op, ch)
                                       .reverse());
        }
        hits = both.intersect_range(link.subtract(*channelPart).wrap()).wrap();
        if (hits.is_empty())
          continue;
        isl::point pt = hits.sample_point();
        std::vector<std::string> xs = islx::coordinates(pt, isl_dim_set);
        int64_t element = std::stoll(xs[0]);
        std::vector<std::string> av(xs.begin() + 1,
                                    xs.begin() + 1 + ia.dims.size());
        std::vector<std::string> bv(xs.begin() + 1 + ia.dims.size(), xs.end());
        if (!c.channel.empty()) {
          if (unknownPairs.insert({a.op, b.op}).second)
            b.op->emitWarning()
                << "data race freedom is unknown: " << opAt(a.op) << " and "
                << opAt(b.op) << " touch element "
                << BufferAccesses::elementText(a.buffer, element)
                << " and no token orders them, but transfers on channel @"
                << c.channel << " between them may, which this check does "
                << "not follow";
          return Verdict::Unknown;
        }
        if (!a.exact || !b.exact) {
          if (unknownPairs.insert({a.op, b.op}).second)
            b.op->emitWarning()
                << "data race freedom is unknown: " << opAt(a.op) << " and "
                << opAt(b.op) << " may run at once (" << c.how
                << ") and may both touch element "
                << BufferAccesses::elementText(a.buffer, element)
                << "; what " << opAt((!a.exact ? a : b).op)
                << " touches is only bounded by its whole operand";
          return Verdict::Unknown;
        }
        report(poly, a, b, c, element, av, bv, ia, ib, pt, hits);
        return Verdict::Race;
      }
    } catch (const isl::exception &e) {
      if (unknownPairs.insert({a.op, b.op}).second)
        b.op->emitWarning() << "data race freedom is unknown: isl gave up on "
                            << opAt(a.op) << " and " << opAt(b.op) << ": "
                            << islx::reason(e);
      return Verdict::Unknown;
    }
    return Verdict::Free;
  }

  void report(PolyhedralModel &poly, const BufferAccess &a,
              const BufferAccess &b, const Case &c, int64_t element,
              llvm::ArrayRef<std::string> av, llvm::ArrayRef<std::string> bv,
              const Instances &ia, const Instances &ib, const isl::point &pt,
              const isl::set &hits) {
    std::string el = BufferAccesses::elementText(a.buffer, element);
    std::string params = poly.paramValuesText(pt);
    // Name the parameter values only where the race depends on them.
    isl::set ps = hits.params();
    if (ps.is_equal(isl::set::universe(ps.get_space())))
      params.clear();
    auto diag = b.op->emitError()
                << "data race: " << opAt(b.op) << " " << b.verb()
                << " element " << el << " of a buffer that " << opAt(a.op)
                << " " << (a.writes ? "writes" : "reads")
                << ", and the two may run at once: " << c.how << " ("
                << BufferAccesses::instanceText(ib.dims, bv) << " against "
                << BufferAccesses::instanceText(ia.dims, av) << ")"
                << (params.empty() ? "" : ", with " + params);
    diag.attachNote(a.op->getLoc())
        << "the other access (" << BufferAccesses::instanceText(ia.dims, av)
        << "), racing with " << opAt(b.op);
    if (Operation *def = a.buffer.getDefiningOp())
      diag.attachNote(def->getLoc())
          << "the buffer " << opAt(a.op) << " and " << opAt(b.op)
          << " share";
    else
      diag.attachNote(b.op->getLoc()) << "the buffer is a function argument";
    diag.attachNote(b.op->getLoc()) << hint(a, b);
  }

  /// The token edge that would order them, where one op of the pair holds
  /// a token the other could wait for.
  static std::string hint(const BufferAccess &a, const BufferAccess &b) {
    Block *blk = BlockOrder::lowestCommonBlock(a.op, b.op);
    Operation *ua = blk ? BlockOrder::ancestorIn(a.op, blk) : nullptr;
    Operation *ub = blk ? BlockOrder::ancestorIn(b.op, blk) : nullptr;
    if (ua && ub && ua != ub && ua->isBeforeInBlock(ub) &&
        ua->getNumResults() && isa<air::AsyncTokenType>(ua->getResult(0).getType()) &&
        isa<air::AsyncOpInterface>(ub))
      return "hint: add the token of " + opAt(ua) +
             (ua != a.op ? " (holding '" +
                               a.op->getName().getStringRef().str() + "')"
                         : std::string()) +
             " to the dependency list of " + opAt(ub) +
             " (the missing edge)";
    return "hint: order the two with a token (the later one waiting for the "
           "earlier), or give them disjoint parts of the buffer";
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createDataRace() {
  return std::make_unique<DataRace>();
}
