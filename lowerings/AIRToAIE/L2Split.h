//===- L2Split.h - an L2 buffer over several memory tiles ------*- C++ -*-===//
//
// A memory tile has a few DMA channels each way (6 + 6 on the NPUs). A 4x4
// herd that gathers its results into one L2 buffer has 16 streams into it:
// no one memory tile serves them. Upstream's air-split-l2-memref splits such
// a buffer along the dimension its streams partition; so does this.
//
// For an L2 buffer whose streams need more channels of one direction than a
// memory tile has, it looks for a dimension d and a number of parts P
// (dividing the extent, at most the segment's memory tiles) such that
//
//  * every stream that stays inside one part (one tile's 32 rows of C) is
//    served by that part, rebased into the part's coordinates;
//  * every stream that spans the parts (the whole buffer sent to L3) is cut
//    into P streams, each inside one part: along its outermost dimension,
//    with its L3 peer cut at the same element of the stream (the k-th
//    element put still meets the k-th got), or along another dimension
//    where the peer has the same iteration shape (a K x 128 panel filled in
//    row chunks and split by columns), with the peer cut along that same
//    dimension; so each part has a shim channel of its own;
//  * no part needs more channels than one memory tile has.
//
// Each rewritten pattern is proven with isl before it is used: its access
// relation (iteration vector to element, over the part) shifted back into
// the buffer equals the original relation on the same iterations. So the
// parts are disjoint, together touch exactly what the streams touched, and
// each stream moves the same elements in the same order. A buffer that
// needs a split and has none is left whole; assigning memory tiles then
// refuses it by name, with the reason the split failed.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_L2SPLIT_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_L2SPLIT_H

#include "analyses/DeviceModel.h"
#include "lowerings/AIRToAIE/TransferPlan.h"

#include <map>

namespace aircheck::npu {

/// Splits the L2 buffers of `plan` that need it (above). `memtilesOf` gives
/// the number of memory tiles the segment of an alloc may use. Returns, per
/// buffer left whole though it needed a split, why (for the refusal).
/// `separate`: also split buffers of several readers or writers, into as
/// many parts as serve them, so each part's streams take turns on their
/// own (the lowering's answer to a memory tile out of BDs: one stream's
/// transfers in a turn then fold into one BD).
std::map<unsigned, std::string>
splitL2Buffers(TransferPlan &plan, const DeviceModel &dev,
               llvm::function_ref<int64_t(mlir::Operation *)> memtilesOf,
               bool separate = false);

} // namespace aircheck::npu

#endif
