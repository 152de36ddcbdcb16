//===- ChannelIndices.h - The channel a put or get selects -------*- C++ -*-===//
//
// The indices a put or get selects its channel of a bundle with, read once
// for every analysis (docs/semantics.md, "channel references"): as written,
// except that leading indices past the rank of the space they address (the
// channel's shape; for a get on a broadcast channel, its broadcast_shape)
// are dropped when each is 0 in every instance (a constant 0, or the id of
// a hierarchy dimension of constant size 1). That is the seed's NumPy
// broadcasting rule (leading dimensions of size 1 add nothing) and
// upstream's practice: its tests give a 1-D broadcast bundle the two ids of
// a 1x2 herd, and its lowerings accept them.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_CHANNELINDICES_H
#define AIRCHECK_ANALYSES_CHANNELINDICES_H

#include "dialects/AIR/AIRDialect.h"

#include "llvm/ADT/SmallVector.h"

namespace aircheck {

/// Whether `v` is 0 in every instance of the op that uses it.
bool alwaysZero(mlir::Value v);

/// The indices `op` selects its channel with (see above); `op`'s own
/// indices where the channel is not declared.
llvm::SmallVector<mlir::Value, 4> channelIndices(air::ChannelOpInterface op);

} // namespace aircheck

#endif
