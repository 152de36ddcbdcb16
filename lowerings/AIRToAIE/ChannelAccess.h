//===- ChannelAccess.h - put and get, read the same way ---------*- C++ -*-===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_CHANNELACCESS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_CHANNELACCESS_H

#include "dialects/AIR/AIRDialect.h"

namespace aircheck::npu {

/// The channel kinds the lowering reads, spelled once. An npu_mmio channel
/// becomes its buffers' initial values (MmioInit); a dma_stream channel, and
/// a dma_packet one (each index with one producer and one consumer:
/// planTransfers refuses merges), becomes a circuit-switched stream, which
/// moves the same words in the same order as a packet flow would.
inline bool isMmio(air::ChannelOp c) { return c && c.getKind() == "mmio"; }
/// A cascade channel: the cores' own put_cascade / get_cascade loops
/// (Cascades.h), no DMA.
inline bool isCascade(air::ChannelOp c) {
  return c && c.getKind() == "cascade";
}
inline bool lowersAsStream(air::ChannelOp c) {
  return c && (c.getKind() == "dma_stream" || c.getKind() == "dma_packet");
}

/// The parts of an air.channel.put or air.channel.get the lowering reads.
struct ChannelAccess {
  mlir::Operation *op;
  bool isPut;
  mlir::FlatSymbolRefAttr name;
  mlir::Value memref;
  llvm::SmallVector<mlir::OpFoldResult> offsets, sizes, strides;

  static std::optional<ChannelAccess> of(mlir::Operation *op) {
    if (auto c = llvm::dyn_cast<air::ChannelOpInterface>(op))
      return ChannelAccess{op, c.isPut(), c.getChanNameAttr(), c.getMemref(),
                           c.getMixedOffsets(), c.getMixedAccessSizes(),
                           c.getMixedStrides()};
    return std::nullopt;
  }

  /// The sides of a transfer: a put or get is one; an air.dma_memcpy_nd
  /// is two, its source read as a put and its destination written as a get
  /// (`name` is null for those).
  static llvm::SmallVector<ChannelAccess, 2> sidesOf(mlir::Operation *op) {
    if (auto one = of(op))
      return {*one};
    llvm::SmallVector<ChannelAccess, 2> sides;
    if (auto m = llvm::dyn_cast<air::DmaMemcpyNdOp>(op)) {
      sides.push_back(ChannelAccess{op, true, {}, m.getSrc(),
                                    m.getMixedSrcOffsets(), m.getMixedSrcSizes(),
                                    m.getMixedSrcStrides()});
      sides.push_back(ChannelAccess{op, false, {}, m.getDst(),
                                    m.getMixedDstOffsets(), m.getMixedDstSizes(),
                                    m.getMixedDstStrides()});
    }
    return sides;
  }
};

} // namespace aircheck::npu

#endif
