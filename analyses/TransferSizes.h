//===- TransferSizes.h - a transfer side's sizes over the parameters -*- C++ -*-===//
//
// How many elements one side of a transfer moves, as the product of its
// sizes: the explicit sizes, or the buffer's shape for a side that names
// the whole buffer; with padding (docs/semantics.md 4c), each dimension
// plus its pad_before and pad_after. One reading for every consumer that
// counts a transfer symbolically (ChannelModel's volumes, the
// dma-volume-balance check).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TRANSFERSIZES_H
#define AIRCHECK_ANALYSES_TRANSFERSIZES_H

#include "analyses/PolyhedralModel.h"

#include "mlir/IR/OpDefinition.h"

#include <optional>
#include <vector>

namespace aircheck {

/// The sizes of the side of `op` that names `memref` with `sizes`, as
/// affine functions of the parameters (the values that are the same in
/// every instance of `op`). `padded`: add `op`'s padding. Nothing, with
/// `why` set, where a size depends on an id or a loop variable (or is not
/// affine), the buffer of a whole-buffer side has no static shape, or the
/// padding does not align with the dimensions.
std::optional<std::vector<isl::pw_aff>>
transferSizes(PolyhedralModel &poly, mlir::Operation *op,
              llvm::ArrayRef<mlir::OpFoldResult> sizes, mlir::Value memref,
              bool padded, std::optional<Unknown> &why);

} // namespace aircheck

#endif
