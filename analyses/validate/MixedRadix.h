//===- MixedRadix.h - a walk of nesting strides, inverted -------*- C++ -*-===//
//
// Both sides of `validate` read where an element was written from a walk:
// a runtime task's or a BD's (the design), a transfer's pattern over its
// instances (the program). Where the walk's strides nest, each a multiple of
// the one below and at least that one's reach, an element's offset names its
// indices as the digits of a mixed radix, floor(offset / stride) mod radix:
// one quasi-affine piece, which isl's lexmax of the walk does not give
// (it gives pages of nested divisions on seed 003's GEMM).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_MIXEDRADIX_H
#define AIRCHECK_ANALYSES_VALIDATE_MIXEDRADIX_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aircheck::validate {

/// The indices of an offset in a walk, as isl text.
struct RadixDigits {
  /// Per dim of the walk, in the order given: its index ("0" for a dim of
  /// size 1).
  std::vector<std::string> digits;
  /// What makes the offset one the walk reaches.
  std::vector<std::string> conditions;
};

/// The indices at which a walk (per dim: its stride, its size) reaches
/// offset `offset` (isl text, from the walk's first element), where the
/// strides of its dims of size above 1 are positive and nest; nullopt
/// elsewhere (a stride 0 or negative, two dims overlapping).
std::optional<RadixDigits>
mixedRadixDigits(const std::string &offset,
                 const std::vector<std::pair<int64_t, int64_t>> &dims);

} // namespace aircheck::validate

#endif
