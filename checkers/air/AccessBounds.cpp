//===- AccessBounds.cpp - every access stays inside its buffer ------------===//
//
// Issue 22: every transfer and every load or store stays inside the buffer
// it reaches, for every instance and every value of the sizes. Over
// analyses/BufferAccess's relations (isl):
//   * a transfer's pattern (channel put and get, dma_memcpy_nd) addresses
//     the buffer linearly (docs/semantics.md 4b: offsets, sizes and strides
//     in elements of the buffer's identity layout, as upstream's DMA
//     lowering reads them), so its elements must lie in [0, elements);
//   * an access that names indices (memref.load and store, a whole view
//     through subviews) must keep each index inside its dimension (MLIR's
//     memref semantics: an index outside is undefined behaviour, even where
//     the linear position is inside).
// A finding names the op, the instance and the element (the values of the
// sizes where it happens only for some), with a note at the buffer.
// A transfer whose pattern is not modelled, on a buffer of static shape,
// is `unknown`; loads and stores that are not affine, and buffers without a
// static shape (L3 arguments the host sizes), are left out of the proof,
// which then is not claimed.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/BufferAccess.h"
#include "analyses/PolyhedralModel.h"
#include "dialects/AIR/AIRDialect.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace aircheck;
using namespace mlir;

namespace {

class AccessBounds : public Checker {
public:
  llvm::StringRef id() const override { return "access-bounds"; }
  llvm::StringRef summary() const override {
    return "Every transfer and access stays inside its buffer, for every "
           "instance and every size (isl)";
  }

  void run(CheckContext &ctx) override {
    auto &poly = ctx.analyses.getAnalysis<PolyhedralModel>();
    auto &accesses = ctx.analyses.getAnalysis<BufferAccesses>();
    unsigned checked = 0, bad = 0, open = 0;
    std::set<Operation *> reported;
    for (const BufferAccess &a : accesses.accesses()) {
      if (a.frees)
        continue;
      auto shape = BufferAccesses::shapeOf(a.buffer);
      bool transfer = isa<air::ChannelOpInterface, air::DmaMemcpyNdOp>(a.op);
      if (a.whole) { // inside by construction, whatever its instances
        ++checked;
        continue;
      }
      if (!shape || !a.exact) {
        ++open;
        continue;
      }
      if (!a.elements) {
        ++open;
        if (transfer && reported.insert(a.op).second)
          a.op->emitWarning()
              << "access bounds are unknown: which elements " << opAt(a.op)
              << " touches is not modelled: " << a.unknownWhy;
        continue;
      }
      try {
        if (a.tuples ? outsideDims(poly, a, *shape)
                     : outsideLinear(poly, a, *shape)) {
          ++bad;
        } else {
          ++checked;
        }
      } catch (const isl::exception &e) {
        ++open;
        if (reported.insert(a.op).second)
          a.op->emitWarning() << "access bounds are unknown: isl gave up on "
                              << opAt(a.op) << ": " << islx::reason(e);
      }
    }
    if (checked && !bad && !open)
      ctx.proved(programLoc(ctx.module),
                 "every access in bounds: " + std::to_string(checked) +
                     (checked == 1 ? " access" : " accesses") +
                     ", for every instance and every size (isl)");
  }

private:
  static std::string shapeText(llvm::ArrayRef<int64_t> shape) {
    return llvm::join(llvm::map_range(shape,
                                      [](int64_t s) { return std::to_string(s); }),
                      "x");
  }

  /// The sample's instance, and the sizes' values where only some sizes
  /// reach outside.
  static std::string at(PolyhedralModel &poly, const BufferAccess &a,
                        const isl::set &out, const isl::point &pt,
                        llvm::ArrayRef<std::string> xs) {
    const Instances &in = poly.instancesOf(a.op);
    std::vector<std::string> iv(xs.begin(), xs.begin() + in.dims.size());
    std::string s = BufferAccesses::instanceText(in.dims, iv);
    isl::set ps = out.params();
    if (!ps.is_equal(isl::set::universe(ps.get_space())))
      s += ", with " + poly.paramValuesText(pt) +
           " (not for every value of the sizes)";
    return s;
  }

  void notes(InFlightDiagnostic &diag, const BufferAccess &a,
             llvm::ArrayRef<int64_t> shape, bool linear) {
    if (Operation *def = a.buffer.getDefiningOp())
      diag.attachNote(def->getLoc())
          << "the buffer, " << shapeText(shape) << " elements";
    else
      diag.attachNote(a.op->getLoc())
          << "the buffer (" << shapeText(shape)
          << " elements) is a function argument";
    // A copy has two patterns: name the one that reaches outside.
    std::string which = !isa<air::DmaMemcpyNdOp>(a.op) ? ""
                        : a.reads                       ? "source "
                                                        : "destination ";
    if (linear)
      diag.attachNote(a.op->getLoc())
          << "hint: the " << which
          << "pattern's last element is the sum of (offset + size - 1) * "
             "stride over its dimensions; shrink a size or an offset so that "
             "it stays below the buffer's element count";
    else
      diag.attachNote(a.op->getLoc())
          << "hint: bound each index by its dimension's size";
  }

  /// A transfer's linear pattern: every element in [0, product of shape).
  bool outsideLinear(PolyhedralModel &poly, const BufferAccess &a,
                     llvm::ArrayRef<int64_t> shape) {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    isl::set bad(poly.ctx(), poly.paramList() + " -> { [o0] : o0 < 0 or o0 >= " +
                                 std::to_string(n) + " }");
    isl::set out = a.elements->intersect_range(bad).wrap();
    if (out.is_empty())
      return false;
    isl::point pt = out.sample_point();
    std::vector<std::string> xs = islx::coordinates(pt, isl_dim_set);
    int64_t e = std::stoll(xs.back());
    std::string where =
        e < 0 ? "position " + std::to_string(e) + ", before its start"
              : "position " + std::to_string(e) + " (" +
                    BufferAccesses::elementText(a.buffer, e) +
                    " in row-major order), past its end at " +
                    std::to_string(n);
    auto diag = a.op->emitError()
                << "access out of bounds: " << opAt(a.op) << " " << a.verb()
                << " linear " << where << " of a buffer of " << n
                << " elements (" << shapeText(shape) << "), at "
                << at(poly, a, out, pt, xs);
    notes(diag, a, shape, /*linear=*/true);
    return true;
  }

  /// Named indices: each inside its dimension.
  bool outsideDims(PolyhedralModel &poly, const BufferAccess &a,
                   llvm::ArrayRef<int64_t> shape) {
    if (shape.empty())
      return false;
    std::vector<std::string> os, cons;
    for (auto [d, s] : llvm::enumerate(shape)) {
      os.push_back("o" + std::to_string(d));
      cons.push_back(os.back() + " < 0 or " + os.back() +
                     " >= " + std::to_string(s));
    }
    isl::set bad(poly.ctx(), poly.paramList() + " -> { [" +
                                 llvm::join(os, ", ") + "] : " +
                                 llvm::join(cons, " or ") + " }");
    isl::set out = a.tuples->intersect_range(bad).wrap();
    if (out.is_empty())
      return false;
    isl::point pt = out.sample_point();
    std::vector<std::string> xs = islx::coordinates(pt, isl_dim_set);
    std::vector<std::string> idx(xs.end() - shape.size(), xs.end());
    unsigned dim = 0;
    for (unsigned d = 0; d < shape.size(); ++d) {
      int64_t v = std::stoll(idx[d]);
      if (v < 0 || v >= shape[d]) {
        dim = d;
        break;
      }
    }
    auto diag = a.op->emitError()
                << "access out of bounds: " << opAt(a.op) << " " << a.verb()
                << " element [" << llvm::join(idx, ", ") << "] of a "
                << shapeText(shape) << " buffer: index " << dim << " is "
                << idx[dim] << ", outside [0, " << shape[dim] << "), at "
                << at(poly, a, out, pt, xs);
    notes(diag, a, shape, /*linear=*/false);
    return true;
  }
};

} // namespace

std::unique_ptr<Checker> aircheck::createAccessBounds() {
  return std::make_unique<AccessBounds>();
}
