//===- ArgumentCorrespondence.cpp - runtime sequence vs function ----------===//
#include "analyses/validate/ArgumentCorrespondence.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

std::optional<std::vector<int>>
aircheck::validate::correspondingArguments(func::FuncOp func,
                                           size_t sequenceArguments) {
  std::vector<int> all, memrefs;
  for (BlockArgument a : func.getArguments()) {
    all.push_back(a.getArgNumber());
    if (isa<BaseMemRefType>(a.getType()))
      memrefs.push_back(a.getArgNumber());
  }
  if (all.size() == sequenceArguments)
    return all;
  if (memrefs.size() == sequenceArguments)
    return memrefs;
  return std::nullopt;
}
