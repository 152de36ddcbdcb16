//===- FoldedInt.cpp - the integer a value folds to -----------------------===//
#include "analyses/FoldedInt.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

static std::optional<int64_t>
fold(Value v, function_ref<std::optional<int64_t>(Value)> known, int depth) {
  if (known)
    if (std::optional<int64_t> k = known(v))
      return k;
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || def->getNumRegions() || def->getNumResults() != 1)
    return std::nullopt;
  SmallVector<Attribute> operands;
  Builder b(def->getContext());
  for (Value o : def->getOperands()) {
    std::optional<int64_t> c = fold(o, known, depth + 1);
    if (!c || !o.getType().isIntOrIndex())
      return std::nullopt;
    operands.push_back(isa<IndexType>(o.getType())
                           ? Attribute(b.getIndexAttr(*c))
                           : Attribute(b.getIntegerAttr(o.getType(), *c)));
  }
  SmallVector<OpFoldResult> results;
  if (failed(def->fold(operands, results)) || results.size() != 1)
    return std::nullopt;
  if (auto a = dyn_cast_if_present<IntegerAttr>(
          dyn_cast<Attribute>(results.front())))
    return a.getValue().getSExtValue();
  return std::nullopt;
}

std::optional<int64_t>
aircheck::foldedInt(Value v, function_ref<std::optional<int64_t>(Value)> known) {
  return fold(v, known, 0);
}
