//===- PatternStart.h - where a transfer's pattern starts -------*- C++ -*-===//
//
// docs/semantics.md 4b, for concrete values: the linear position (in the
// buffer's row-major identity layout) of a transfer pattern's first
// element. With one offset per dimension of the buffer, the offsets index
// the buffer: their row-major position. Otherwise upstream's BD lowering's
// reading (mlir-air's air::get1DOffset): sum_i offset_i * stride_i, the
// innermost offset added unscaled; no offsets is 0. The symbolic reading
// (isl) is analyses/BufferAccess's, for the checks; the NPU lowering asks
// here. Translation validation's program replay reads the start by itself
// (analyses/validate/ProgramRun): an oracle does not share the code it
// judges.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_PATTERNSTART_H
#define AIRCHECK_ANALYSES_PATTERNSTART_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace aircheck {

/// `offsets`: as written (empty: all 0); `strides`: one per size;
/// `shape`: the buffer's.
int64_t patternStart(llvm::ArrayRef<int64_t> offsets,
                     llvm::ArrayRef<int64_t> strides,
                     llvm::ArrayRef<int64_t> shape);

} // namespace aircheck

#endif
