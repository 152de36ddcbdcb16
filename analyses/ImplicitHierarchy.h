//===- ImplicitHierarchy.h - wrap bare herds and segments -------*- C++ -*-===//
//
// Upstream mlir-air's parser accepts a herd outside any segment and a
// segment outside any launch; its pipeline wraps them before lowering
// (`air-insert-launch-around-herd`, with `insert-segment=true`). air-check
// analyses such programs as that wrapping would leave them
// (docs/semantics.md, "Nesting"):
//
//   - a herd with no enclosing hierarchy op gets its own one-instance
//     air.launch and air.segment;
//   - a herd directly in a launch body gets its own one-instance segment;
//   - a segment with no enclosing hierarchy op gets its own one-instance
//     launch.
//
// Each wrapper carries the unit attribute `air_check.implicit`, takes over
// the wrapped op's dependency list and result token, and receives the
// wrapped op's operands as kernel operands (constants are cloned inside,
// so sizes stay constant). The `hierarchy-nesting` check reports every
// wrapper as a warning at the op it wraps.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_IMPLICITHIERARCHY_H
#define AIRCHECK_ANALYSES_IMPLICITHIERARCHY_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

namespace aircheck {

/// The attribute that marks a wrapper air-check added.
inline constexpr llvm::StringLiteral kImplicitAttr = "air_check.implicit";

/// Wraps every bare herd and segment of `module` as described above.
/// Returns the number of wrappers added.
unsigned wrapBareHierarchy(mlir::ModuleOp module);

/// The op a wrapper wraps (the single hierarchy op in its body, through a
/// nested wrapper), or null if `wrapper` is not one.
mlir::Operation *wrappedOp(mlir::Operation *wrapper);

/// --air-wrap-hierarchy.
void registerWrapHierarchyPass();

} // namespace aircheck

#endif
