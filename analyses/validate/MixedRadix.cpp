//===- MixedRadix.cpp - a walk of nesting strides, inverted ---------------===//
#include "analyses/validate/MixedRadix.h"

#include <algorithm>

using namespace aircheck::validate;

std::optional<RadixDigits> aircheck::validate::mixedRadixDigits(
    const std::string &offset,
    const std::vector<std::pair<int64_t, int64_t>> &dims) {
  RadixDigits out;
  out.digits.assign(dims.size(), "0");
  std::string T = "(" + offset + ")";
  out.conditions.push_back(T + " >= 0");
  // The dims that move, by stride (ties by position, for a stable text).
  std::vector<size_t> moving;
  for (size_t k = 0; k < dims.size(); ++k) {
    auto [stride, size] = dims[k];
    if (size <= 0)
      return std::nullopt;
    if (size == 1)
      continue;
    if (stride <= 0)
      return std::nullopt;
    moving.push_back(k);
  }
  std::stable_sort(moving.begin(), moving.end(), [&](size_t a, size_t b) {
    return dims[a].first < dims[b].first;
  });
  if (moving.empty()) {
    out.conditions.push_back(T + " = 0");
    return out;
  }
  int64_t lowest = dims[moving.front()].first;
  if (lowest > 1)
    out.conditions.push_back(T + " mod " + std::to_string(lowest) + " = 0");
  for (size_t m = 0; m < moving.size(); ++m) {
    auto [stride, size] = dims[moving[m]];
    std::string x = "floor(" + T + " / " + std::to_string(stride) + ")";
    if (m + 1 < moving.size()) {
      int64_t next = dims[moving[m + 1]].first;
      if (next % stride || next / stride < size)
        return std::nullopt;
      x = "(" + x + ") mod " + std::to_string(next / stride);
    }
    out.conditions.push_back(x + " < " + std::to_string(size));
    out.digits[moving[m]] = "(" + x + ")";
  }
  return out;
}
