//===- ParseHazards.h - inputs MLIR's parser cannot fail on safely -*- C++ -*-===//
//
// MLIR 22's parser resolves a value used before its definition (a forward
// reference) with a definition made later inside a nested region of the same
// name scope. If that region then fails to parse and the op parser holds it
// in a local std::unique_ptr (ODS's region directives, scf.forall's parser,
// builtin.module), freeing the region leaves the use outside pointing at
// freed memory, and erasing the partly parsed module corrupts the heap
// (dialects/GuardedRegion.h has the whole story). Valid programs never have
// such a reference (the definition would not dominate the use).
//
// findParseHazard reads the text the way MLIR's parser scopes SSA names:
// regions are brace groups; `%x = ...`, `%a, %b = ...`, `^bb(%a: t):`,
// region arguments in op headers (`(%i, %j) in`, `(%i) =`, `%i = %lb`,
// `@f(%arg0: t)`) define names, everything else uses them; air.launch,
// air.segment and air.herd open a name scope of their own; an op it does not
// know is taken both ways (whichever finds more). It reports a use that no
// definition in reach resolves and that a later definition inside a region
// not holding the use would resolve: the one shape MLIR cannot clean up. It
// may report text MLIR would handle; it is meant never to miss one.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_FRONTEND_PARSEHAZARDS_H
#define AIRCHECK_TOOLS_FRONTEND_PARSEHAZARDS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace aircheck {

struct ParseHazard {
  /// The SSA name, e.g. "%buf2".
  llvm::StringRef name;
  /// Offsets into the text of the use and of the definition that resolves it.
  size_t useOffset = 0;
  size_t defOffset = 0;
};

/// The first hazard in `text`, if any.
std::optional<ParseHazard> findParseHazard(llvm::StringRef text);

} // namespace aircheck

#endif
