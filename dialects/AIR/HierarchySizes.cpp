//===- HierarchySizes.cpp - constant iteration spaces of hierarchy ops ----===//

#include "dialects/AIR/HierarchySizes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

std::optional<llvm::SmallVector<int64_t, 3>>
aircheck::air::constantSizes(HierarchyOpInterface op) {
  llvm::SmallVector<int64_t, 3> sizes;
  for (Value s : op.getSizeOperands()) {
    std::optional<int64_t> c = getConstantIntValue(s);
    if (!c)
      return std::nullopt;
    sizes.push_back(*c);
  }
  return sizes;
}

std::optional<int64_t>
aircheck::air::constantInstances(HierarchyOpInterface op) {
  std::optional<llvm::SmallVector<int64_t, 3>> sizes = constantSizes(op);
  if (!sizes)
    return std::nullopt;
  int64_t n = 1;
  for (int64_t s : *sizes)
    n *= s;
  return n;
}
