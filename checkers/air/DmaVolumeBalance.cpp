//===- DmaVolumeBalance.cpp - both sides of a dma_memcpy_nd move alike ----===//
//
// A dma_memcpy_nd copies its source pattern into its destination pattern
// (seed 000 2.4): both must move as many elements, for every instance and
// every value of the sizes. Upstream's air-to-aie splits it into a put and
// a get on a channel of its own (dma-to-channel), whose MM2S and S2MM BDs
// then move the two counts: where they differ, one side waits forever for
// words the other never moves. The count of a side is the product of its
// sizes, or of its buffer's shape for a whole-buffer side, with the
// source's padding (docs/semantics.md 4c; air::movedElements). Sizes are
// read with isl as affine functions of the sizes' parameters (as
// channel-volume-balance reads a channel's); a size that depends on an id
// or a loop variable is compared only where both sides name the same
// values, else the balance is `unknown`.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/PolyhedralModel.h"
#include "analyses/TransferSizes.h"
#include "dialects/AIR/AIRDialect.h"

using namespace aircheck;
using namespace mlir;

namespace {

class DmaVolumeBalance : public Checker {
public:
  llvm::StringRef id() const override { return "dma-volume-balance"; }
  llvm::StringRef summary() const override {
    return "Each dma_memcpy_nd moves as many elements out of its source as "
           "into its destination, for every size (isl)";
  }

  void run(CheckContext &ctx) override {
    auto &poly = ctx.analyses.getAnalysis<PolyhedralModel>();
    unsigned checked = 0, open = 0, bad = 0;
    ctx.module.walk([&](air::DmaMemcpyNdOp op) {
      switch (check(poly, op)) {
      case Verdict::Balanced:
        ++checked;
        break;
      case Verdict::Unbalanced:
        ++bad;
        break;
      case Verdict::Unknown:
        ++open;
        break;
      }
    });
    if (checked && !bad && !open)
      ctx.proved(programLoc(ctx.module),
                 "every dma_memcpy_nd moves as many elements in as out: " +
                     std::to_string(checked) + " of them, for every size "
                     "(isl)");
  }

private:
  enum class Verdict { Balanced, Unbalanced, Unknown };

  static unsigned paramCount(const isl::set &s) {
    isl_size n = isl_set_dim(s.get(), isl_dim_param);
    return n < 0 ? 0 : unsigned(n);
  }
  static std::string paramName(const isl::set &s, unsigned i) {
    const char *name = isl_set_get_dim_name(s.get(), isl_dim_param, i);
    return name ? name : "";
  }
  static std::string paramNames(const isl::set &s) {
    std::string out;
    unsigned n = paramCount(s);
    for (unsigned i = 0; i < n; ++i)
      out += (i ? ", " : "") + paramName(s, i);
    return out;
  }

  /// One side's sizes as affine functions of the parameters (the buffer's
  /// shape for a whole-buffer side), padded where it is the source
  /// (analyses/TransferSizes.h); the reason where that cannot be read.
  std::optional<std::vector<isl::pw_aff>>
  sideCount(PolyhedralModel &poly, air::DmaMemcpyNdOp op, bool source,
            std::string &why) {
    std::optional<Unknown> unknown;
    auto dims = transferSizes(
        poly, op, source ? op.getMixedSrcSizes() : op.getMixedDstSizes(),
        source ? op.getSrc() : op.getDst(), /*padded=*/source, unknown);
    if (!dims)
      why = unknown->reason;
    return dims;
  }

  Verdict check(PolyhedralModel &poly, air::DmaMemcpyNdOp op) {
    // The same size values on both sides, no padding: equal by
    // construction, whatever they depend on.
    if (op.getMixedSrcSizes() == op.getMixedDstSizes() &&
        !op.getMixedSrcSizes().empty() && !op->hasAttr("pad_before") &&
        !op->hasAttr("pad_after"))
      return Verdict::Balanced;
    std::string why;
    try {
      auto src = sideCount(poly, op, true, why);
      auto dst = src ? sideCount(poly, op, false, why) : std::nullopt;
      if (!src || !dst) {
        op->emitWarning() << "dma volume balance is unknown: " << opAt(op)
                          << ": " << why;
        return Verdict::Unknown;
      }
      PwQPoly in = poly.product(*src), out = poly.product(*dst);
      // The sizes' values where the op runs (its instances' parameters).
      const Instances &inst = poly.instancesOf(op);
      isl::set params = poly.alignParams(isl::set::universe(poly.allParams()));
      if (!inst.unknown) {
        isl::set where = isl::set::empty(poly.allParams());
        for (const Box &box : inst.boxes)
          where = where.unite(poly.alignParams(poly.boxSet(inst, box).params()));
        params = where;
      }
      if (params.is_empty() || (in - out).isZeroOn(params))
        return Verdict::Balanced;
      // A witness: the sizes at one point where the counts differ, tried
      // at isl's sample and with every size fixed to a few small values.
      isl::point pt;
      std::optional<long> a, b;
      auto tryAt = [&](isl::set at) {
        isl::point p = at.sample_point();
        if (p.is_null())
          return false;
        std::optional<long> x = in.evalAt(p), y = out.evalAt(p);
        if (!x || !y || *x == *y)
          return false;
        pt = p, a = x, b = y;
        return true;
      };
      if (!tryAt(params)) {
        unsigned n = paramCount(params);
        for (long v : {1, 2, 3, 7, 17, 100}) {
          isl::set at = params;
          for (unsigned i = 0; i < n; ++i)
            at = at.intersect(poly.alignParams(isl::set(
                poly.ctx(), "[" + paramNames(params) + "] -> { : " +
                                paramName(params, i) + " = " +
                                std::to_string(v) + " }")));
          if (tryAt(at))
            break;
        }
      }
      if (!a || !b || *a == *b) {
        op->emitWarning() << "dma volume balance is unknown: " << opAt(op)
                          << ": the two sides' counts could not be shown "
                             "equal for every value of the sizes";
        return Verdict::Unknown;
      }
      auto diag = op->emitError()
                  << "this dma_memcpy_nd reads " << *a
                  << (*a == 1 ? " element" : " elements")
                  << " from its source and writes " << *b
                  << " into its destination";
      std::string values = poly.paramValuesText(pt);
      if (!values.empty())
        diag << " (when " << values << ")";
      diag << "; the side that expects more waits forever for the rest "
              "(upstream's air-to-aie gives each side its own BD)";
      diag.attachNote(op->getLoc())
          << "hint: give the source and the destination patterns the same "
             "number of elements (the product of their sizes, padding "
             "included)";
      return Verdict::Unbalanced;
    } catch (const isl::exception &e) {
      op->emitWarning() << "dma volume balance is unknown: " << opAt(op)
                        << ": isl gave up: " << islx::reason(e);
      return Verdict::Unknown;
    }
  }
};

} // namespace

std::unique_ptr<Checker> aircheck::createDmaVolumeBalance() {
  return std::make_unique<DmaVolumeBalance>();
}
