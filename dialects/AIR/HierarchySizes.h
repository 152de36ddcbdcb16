//===- HierarchySizes.h - constant iteration spaces of hierarchy ops ------===//
//
// The one reader of an air.launch, air.segment or air.herd's sizes as
// constants, for every analysis, checker and lowering that needs them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dialects/AIR/AIRDialect.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace aircheck::air {

/// The op's sizes, one per dimension, when every one is a constant.
std::optional<llvm::SmallVector<int64_t, 3>>
constantSizes(HierarchyOpInterface op);

/// The number of instances (the product of its sizes), when constant.
std::optional<int64_t> constantInstances(HierarchyOpInterface op);

} // namespace aircheck::air
