//===- ChannelDiagnostics.h - shared wording for channel findings -*- C++ -*-===//
#ifndef AIRCHECK_CHECKERS_CHANNELDIAGNOSTICS_H
#define AIRCHECK_CHECKERS_CHANNELDIAGNOSTICS_H

#include "analyses/ChannelModel.h"

#include "mlir/IR/Diagnostics.h"

namespace aircheck {

/// "@name".
std::string channelName(const ChannelInfo &c);

/// Warns that a channel check could not decide, with the reason and a note
/// at the op the model could not handle.
void reportUnknown(const ChannelInfo &c, llvm::StringRef check,
                   const Unknown &why, mlir::Operation *at);

/// " when %arg0 of @f = 8" (empty without parameters).
std::string whenClause(const RegionVerdict &v);

/// Notes at every put and get of a region.
void noteAccesses(mlir::InFlightDiagnostic &diag, const BalanceRegion &r);

} // namespace aircheck

#endif
