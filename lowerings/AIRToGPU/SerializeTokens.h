//===- SerializeTokens.h - dependency tokens inside a launch ----*- C++ -*-===//
#ifndef AIRCHECK_LOWERINGS_AIRTOGPU_SERIALIZETOKENS_H
#define AIRCHECK_LOWERINGS_AIRTOGPU_SERIALIZETOKENS_H

#include "dialects/AIR/AIRDialect.h"

namespace aircheck {

/// Drops the dependency tokens inside `launch` (see SerializeTokens.cpp):
/// every token becomes a placeholder `air.wait_all async` per hierarchy
/// body, air.execute is inlined, air.wait_all erased, scf results and
/// loop arguments that carried tokens removed. A token still in use is
/// refused at the op (kGPUUnsupported) and the result is failure.
mlir::LogicalResult serializeLaunchTokens(air::LaunchOp launch);

/// Erases the placeholders once the ops whose dependency lists named them
/// are gone.
void erasePlaceholderTokens(mlir::Operation *root);

} // namespace aircheck

#endif
