//===- AccessOverlap.h - may two nv_tileaa accesses touch one element? -*- C++ -*-===//
//
// Provenance (seed 001: addptr "preserves the base pointer's address-space
// and provenance"; make_memref's alias_scope is "a provenance tag consumed by
// alias analysis") and the element sets of two accesses, intersected with
// isl for every value of the SSA values the indices and offsets depend on.
//
// Two accesses are compared in one of two index spaces:
//  * the index space of one memref object: the same make_memref value, or
//    two make_memrefs of one base with the same offset, sizes and strides;
//    an access at [i0, ..., iR-1] of a tile of shape [s0, ..., sR-1] touches
//    { [d] : i_k <= d_k < i_k + s_k } (indices are element offsets per axis);
//  * the linear element space of one root pointer, for accesses through
//    pointers: the sum of the addptr offsets (in elements), plus a lane of a
//    make_range tile for per-lane accesses.
// Index expressions are affine in arith constants, addi, subi and muli by a
// constant; any other value is a parameter. Everything else is `Unknown`
// with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_TILEAA_ACCESSOVERLAP_H
#define AIRCHECK_ANALYSES_TILEAA_ACCESSOVERLAP_H

#include "dialects/TileAA/TileAADialect.h"

#include <string>

namespace aircheck::tileaa {

/// Where a base comes from: the root pointer (a function argument or an op
/// air-check cannot see through), the alias_scope of the make_memref on the
/// way, and that make_memref.
struct Provenance {
  mlir::Value root;
  std::optional<int64_t> aliasScope;
  MakeMemRefOp memref;
};
Provenance provenanceOf(mlir::Value base);

struct Overlap {
  enum Kind { Disjoint, Overlaps, Unknown } kind = Unknown;
  /// Overlaps: an element both touch and the values that make it so.
  std::string witness;
  /// Disjoint or Unknown: why.
  std::string reason;
  /// Disjoint because provenance separates the bases (whatever the indices).
  bool byProvenance = false;
};

/// Whether `a` and `b` may touch one element.
Overlap overlap(const MemAccess &a, const MemAccess &b);

/// `%name` of a value, for messages.
std::string valueName(mlir::Value v);

} // namespace aircheck::tileaa

#endif
