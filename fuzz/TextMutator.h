//===- TextMutator.h - mutations that keep MLIR text close to valid -*- C++ -*-===//
//
// The fuzz targets' custom mutator: MLIR programs are lines of ops, so
// besides libFuzzer's byte mutations it deletes, duplicates, swaps and moves
// lines, rewrites a number, renames a block label or an SSA value to another
// one of the file, swaps an op name for another of the dialect, and puts a
// keyword of the dialect in place of a token. Such inputs get past the
// lexer and reach the parser's error paths, the verifiers and the checks.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_FUZZ_TEXTMUTATOR_H
#define AIRCHECK_FUZZ_TEXTMUTATOR_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace aircheck::fuzz {

struct Dictionary {
  /// Op names a dotted op name may be swapped for.
  std::vector<const char *> opNames;
  /// Keywords and fragments that may replace any token.
  std::vector<const char *> tokens;
};

size_t mutate(const Dictionary &dict, uint8_t *data, size_t size,
              size_t maxSize, unsigned seed);

/// The first lines of one input, then the last lines of the other.
size_t crossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                 size_t size2, uint8_t *out, size_t maxOutSize, unsigned seed);

} // namespace aircheck::fuzz

#endif
