//===- BufferLifetime.cpp - no use after a dealloc, no double free ---------===//
//
// Issue 22 (the #1914 class): every use of a buffer completes before its
// dealloc starts, in every schedule, and no buffer is freed twice. The
// instance pairs of a use and a dealloc that can meet (the same instance of
// the allocation) are the ordering model's (BlockOrder::instancePairs); a
// class of pairs the model does not put use-first, with an instance pair in
// it (isl), is an error naming the use, the dealloc and both instances.
// Uses are analyses/BufferAccess's accesses; a dealloc is a Free effect.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/BlockOrder.h"
#include "analyses/BufferAccess.h"
#include "analyses/PolyhedralModel.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace aircheck;
using namespace mlir;

namespace {

class BufferLifetime : public Checker {
public:
  llvm::StringRef id() const override { return "buffer-lifetime"; }
  llvm::StringRef summary() const override {
    return "Every use of a buffer completes before its dealloc, in every "
           "schedule; no buffer is freed twice";
  }

  void run(CheckContext &ctx) override {
    auto &poly = ctx.analyses.getAnalysis<PolyhedralModel>();
    BlockOrder order(ctx.analyses.getAnalysis<AsyncGraph>());
    auto &accesses = ctx.analyses.getAnalysis<BufferAccesses>();
    unsigned checked = 0, bad = 0;
    markers = 0;
    for (auto &[buffer, ids] : accesses.byBuffer()) {
      std::vector<const BufferAccess *> frees, uses;
      for (unsigned id : ids)
        (accesses.accesses()[id].frees ? frees : uses)
            .push_back(&accesses.accesses()[id]);
      Operation *alloc = buffer.getDefiningOp();
      std::set<Operation *> reported;
      for (const BufferAccess *d : frees) {
        if (loopMarker(d->op, alloc)) {
          ++markers;
          continue;
        }
        for (const BufferAccess *u : uses) {
          ++checked;
          if (!reported.count(u->op) &&
              violated(poly, order, u->op, d->op, alloc, /*twice=*/false)) {
            reported.insert(u->op);
            ++bad;
          }
        }
        for (const BufferAccess *d2 : frees)
          if (d2 <= d && !reported.count(d->op) &&
              violated(poly, order, d2->op, d->op, alloc, /*twice=*/true)) {
            reported.insert(d->op);
            ++bad;
          }
      }
    }
    if ((checked || markers) && !bad)
      ctx.proved(programLoc(ctx.module),
                 "every buffer use precedes its dealloc: " +
                     std::to_string(checked) +
                     " pairs, for every schedule and every size (isl)" +
                     (markers ? "; " + std::to_string(markers) +
                                    " dealloc(s) in a loop of a buffer "
                                    "allocated outside it read as upstream's "
                                    "per-trip marker, not a free"
                              : std::string()));
  }

private:
  unsigned markers = 0;

  /// The loop around `dealloc` that does not hold the buffer's allocation:
  /// upstream's ping-pong form (docs/semantics.md 4c). mlir-air's
  /// air-ping-pong-transform hoists the allocs out of the loop and leaves
  /// the deallocs in its body, its air-dependency leaves deallocs out of
  /// loop-carried dependences, and its lowerings drop them (static buffers,
  /// GPU attributions): such a dealloc marks the end of one trip's use and
  /// frees nothing.
  static Operation *loopMarker(Operation *dealloc, Operation *alloc) {
    for (Operation *p = dealloc->getParentOp(); p; p = p->getParentOp()) {
      if (alloc && p->isAncestor(alloc))
        return nullptr;
      if (isa<LoopLikeOpInterface>(p))
        return p;
    }
    return nullptr;
  }

  /// Whether some instance pair of `use` (or a first dealloc) and `dealloc`
  /// is not ordered use-first; reports it.
  bool violated(PolyhedralModel &poly, BlockOrder &order, Operation *use,
                Operation *dealloc, Operation *alloc, bool twice) {
    const Instances &iu = poly.instancesOf(use);
    const Instances &id = poly.instancesOf(dealloc);
    if (iu.unknown || id.unknown) {
      (iu.unknown ? use : dealloc)->emitWarning()
          << "buffer lifetime is unknown: the instances of "
          << opAt(iu.unknown ? use : dealloc) << " are not modelled: "
          << (iu.unknown ? iu.unknown : id.unknown)->reason;
      return true;
    }
    try {
      isl::set du = isl::set::empty(iu.space(poly.ctx()));
      for (const Box &b : iu.boxes)
        du = du.unite(poly.boxSet(iu, b));
      isl::set dd = isl::set::empty(id.space(poly.ctx()));
      for (const Box &b : id.boxes)
        dd = dd.unite(poly.boxSet(id, b));
      std::vector<std::string> an, bn;
      for (unsigned d = 0; d < iu.dims.size(); ++d)
        an.push_back("a" + std::to_string(d));
      for (unsigned d = 0; d < id.dims.size(); ++d)
        bn.push_back("b" + std::to_string(d));
      for (const PairCase &c : order.instancePairs(poly, use, dealloc, alloc)) {
        // A dealloc against itself: only other instances count.
        if (c.aFirst && !twice)
          continue;
        isl::map link(poly.ctx(), poly.paramList() + " -> { [" +
                                      llvm::join(an, ", ") + "] -> [" +
                                      llvm::join(bn, ", ") + "] : " +
                                      c.constraint + " }");
        // Pairs a channel rendezvous orders use-first are fine.
        if (c.aFirstPart)
          link = link.subtract(*c.aFirstPart);
        isl::map pairs = link.intersect_domain(du).intersect_range(dd);
        if (pairs.is_empty())
          continue;
        std::vector<std::string> xs =
            islx::coordinates(pairs.wrap().sample_point(), isl_dim_set);
        std::string ui = instance(iu, xs, 0), di = instance(id, xs, iu.dims.size());
        if (twice) {
          auto diag = dealloc->emitError()
                      << "double free: " << opAt(dealloc) << " ("
                      << di << ") frees a buffer that " << opAt(use) << " ("
                      << ui << ") frees too";
          diag.attachNote(use->getLoc()) << "the other dealloc";
          if (alloc)
            diag.attachNote(alloc->getLoc()) << "the buffer";
          diag.attachNote(dealloc->getLoc())
              << "hint: free each buffer once, after its last use";
          return true;
        }
        auto diag = use->emitError()
                    << "use after free: " << opAt(use) << " (" << ui
                    << ") may touch the buffer after " << opAt(dealloc)
                    << " (" << di << ") frees it: "
                    << (c.bFirst ? "the dealloc runs first"
                                 : "nothing orders the use before the "
                                   "dealloc (" + c.how + ")");
        diag.attachNote(dealloc->getLoc()) << "here the buffer is freed";
        if (alloc)
          diag.attachNote(alloc->getLoc()) << "the buffer";
        diag.attachNote(dealloc->getLoc())
            << "hint: make the dealloc wait for the use's token (or for a "
               "wait_all of every use)";
        return true;
      }
    } catch (const isl::exception &e) {
      dealloc->emitWarning() << "buffer lifetime is unknown: isl gave up on "
                             << opAt(use) << " and " << opAt(dealloc)
                             << ": " << islx::reason(e);
      return true;
    }
    return false;
  }

  static std::string instance(const Instances &in,
                              const std::vector<std::string> &xs,
                              unsigned from) {
    std::vector<std::string> vs;
    for (unsigned d = 0; d < in.dims.size(); ++d)
      vs.push_back(from + d < xs.size() ? xs[from + d] : "?");
    return BufferAccesses::instanceText(in.dims, vs);
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createBufferLifetime() {
  return std::make_unique<BufferLifetime>();
}
