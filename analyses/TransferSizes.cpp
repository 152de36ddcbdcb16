//===- TransferSizes.cpp - a transfer side's sizes over the parameters ----===//
#include "analyses/TransferSizes.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace aircheck;

std::optional<std::vector<isl::pw_aff>>
aircheck::transferSizes(PolyhedralModel &poly, Operation *op,
                        ArrayRef<OpFoldResult> sizes, Value memref,
                        bool padded, std::optional<Unknown> &why) {
  std::vector<isl::pw_aff> dims;
  if (sizes.empty()) {
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || !type.hasStaticShape()) {
      why = Unknown{"the transfer moves a whole memref whose shape is not "
                    "static",
                    op->getLoc()};
      return std::nullopt;
    }
    // One dimension per dimension of its shape (upstream's air-to-aie pads
    // a whole buffer so).
    for (int64_t d : type.getShape())
      dims.push_back(poly.paramAff(std::to_string(d)));
    if (dims.empty())
      dims.push_back(poly.paramAff("1"));
  } else {
    const Instances &in = poly.instancesOf(op);
    for (OpFoldResult s : sizes) {
      if (auto a = dyn_cast<Attribute>(s)) {
        dims.push_back(
            poly.paramAff(std::to_string(cast<IntegerAttr>(a).getInt())));
        continue;
      }
      AffineResult r = poly.affine(cast<Value>(s), in);
      if (r.unknown || r.usesAnyDim()) {
        why = r.unknown ? r.unknown
                        : Unknown{"a transfer size depends on an id or a "
                                  "loop variable",
                                  op->getLoc()};
        return std::nullopt;
      }
      dims.push_back(poly.paramAff(r.expr));
    }
  }
  if (padded)
    if (std::optional<air::Padding> pad = air::getPadding(op, dims.size())) {
      if (pad->before.empty()) {
        why = Unknown{"its padding (pad_before / pad_after) does not align "
                      "with the pattern's dimensions",
                      op->getLoc()};
        return std::nullopt;
      }
      for (size_t d = 0; d < dims.size(); ++d)
        dims[d] = dims[d].add(
            poly.paramAff(std::to_string(pad->before[d] + pad->after[d])));
    }
  return dims;
}
