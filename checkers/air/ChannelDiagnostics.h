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

/// Runs `check` on a fresh isl budget; if isl gives up, the check is
/// reported unknown instead.
template <typename F>
void withIslBudget(ChannelModel &model, const ChannelInfo &c,
                   llvm::StringRef what, F check) {
  model.poly().isl().resetBudget();
  try {
    check();
  } catch (const isl::exception &e) {
    reportUnknown(c, what,
                  Unknown{std::string("isl gave up (") + e.what() + ")",
                          c.decl.getLoc()},
                  nullptr);
  }
}

/// " when %arg0 of @f = 8" (empty without parameters).
std::string whenClause(const RegionVerdict &v);

/// Notes at every put and get of a region.
void noteAccesses(mlir::InFlightDiagnostic &diag, const BalanceRegion &r);

} // namespace aircheck

#endif
