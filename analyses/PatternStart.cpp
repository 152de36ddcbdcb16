//===- PatternStart.cpp - where a transfer's pattern starts ---------------===//
#include "analyses/PatternStart.h"

int64_t aircheck::patternStart(llvm::ArrayRef<int64_t> offsets,
                               llvm::ArrayRef<int64_t> strides,
                               llvm::ArrayRef<int64_t> shape) {
  int64_t start = 0;
  if (offsets.empty())
    return 0;
  if (offsets.size() == shape.size()) {
    int64_t stride = 1;
    for (size_t k = shape.size(); k-- > 0;) {
      start += offsets[k] * stride;
      stride *= shape[k];
    }
    return start;
  }
  // Offsets align with the innermost strides (fewer offsets than strides:
  // the outer ones are 0).
  size_t skip = strides.size() > offsets.size()
                    ? strides.size() - offsets.size()
                    : 0;
  for (size_t k = 0; k + 1 < offsets.size(); ++k)
    start += offsets[k] * (k + skip < strides.size() ? strides[k + skip] : 0);
  return start + offsets.back();
}
