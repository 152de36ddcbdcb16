//===- Delivery.cpp - which element lands where, on either side -----------===//
#include "analyses/validate/Delivery.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace aircheck::validate;

std::pair<Operation *, size_t> FillLog::writerOf(size_t i) const {
  auto it = llvm::upper_bound(by, i, [](size_t v, const auto &p) {
    return v < p.first;
  });
  if (it == by.begin())
    return {nullptr, i};
  --it;
  return {it->second, i - it->first};
}

std::vector<Tag> aircheck::validate::argumentTags(BlockArgument a) {
  auto type = dyn_cast<MemRefType>(a.getType());
  std::vector<Tag> tags;
  if (type && type.hasStaticShape())
    for (int64_t e = 0; e < type.getNumElements(); ++e)
      tags.push_back(Tag(Tag::Argument, (int32_t)a.getArgNumber(), e));
  return tags;
}
