//===- ChannelAccess.h - put and get, read the same way ---------*- C++ -*-===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_CHANNELACCESS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_CHANNELACCESS_H

#include "dialects/AIR/AIRDialect.h"

namespace aircheck::npu {

/// The parts of an air.channel.put or air.channel.get the lowering reads.
struct ChannelAccess {
  mlir::Operation *op;
  bool isPut;
  mlir::FlatSymbolRefAttr name;
  mlir::Value memref;
  llvm::SmallVector<mlir::OpFoldResult> offsets, sizes, strides;

  static std::optional<ChannelAccess> of(mlir::Operation *op) {
    if (auto p = llvm::dyn_cast<air::ChannelPutOp>(op))
      return ChannelAccess{op, true, p.getChanNameAttr(), p.getMemref(),
                           p.getMixedOffsets(), p.getMixedAccessSizes(),
                           p.getMixedStrides()};
    if (auto g = llvm::dyn_cast<air::ChannelGetOp>(op))
      return ChannelAccess{op, false, g.getChanNameAttr(), g.getMemref(),
                           g.getMixedOffsets(), g.getMixedAccessSizes(),
                           g.getMixedStrides()};
    return std::nullopt;
  }
};

} // namespace aircheck::npu

#endif
