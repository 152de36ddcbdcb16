//===- GuardedRegion.h - region parsing that survives a parse error -*- C++ -*-===//
//
// MLIR 22's parser resolves a forward reference made outside a region with a
// definition made inside it (the verifier rejects that later), and the
// parsers that ODS generates for a region in an assembly format, like some
// hand-written ones, hold the region in a local std::unique_ptr. When the
// region fails to parse, that pointer frees the region while the use outside
// still points at the freed definition; erasing the partly parsed module
// then writes into freed memory (heap corruption: "malloc(): unsorted double
// linked list corrupted"). MLIR guards only the regions an OperationState
// holds (CleanupOpStateRegions in mlir/lib/AsmParser/Parser.cpp drops the
// uses of what they define); scf.reduce, scf.index_switch, scf.forall,
// gpu.module and builtin.module have the same flaw upstream.
//
// Every region of the project's dialects is parsed through these directives
// (`custom<GuardedRegion>($body)` in ODS), which drop the uses of what a
// failed region defines before it is freed. Upstream ops stay exposed; the
// input front end (tools/frontend/ParseHazards) covers them.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_DIALECTS_GUARDEDREGION_H
#define AIRCHECK_DIALECTS_GUARDEDREGION_H

#include "mlir/IR/OpImplementation.h"

namespace aircheck {

/// Drops every use of a value defined in `region` (block arguments, op
/// results, nested regions), so freeing the region leaves no dangling use.
inline void dropUsesOfDefinitions(mlir::Region &region) {
  for (mlir::Block &block : region)
    block.dropAllDefinedValueUses();
}

/// An optional region, as ODS's `regions` directive parses one, guarded.
inline mlir::ParseResult parseGuardedRegion(mlir::OpAsmParser &p,
                                            mlir::Region &region) {
  mlir::OptionalParseResult parsed = p.parseOptionalRegion(region);
  if (parsed.has_value() && failed(*parsed)) {
    dropUsesOfDefinitions(region);
    return mlir::failure();
  }
  return mlir::success();
}

/// The same for a single-block region: `{}` still holds its (empty) block,
/// as ODS's directive gives an op with the SingleBlock trait.
inline mlir::ParseResult parseGuardedBlockRegion(mlir::OpAsmParser &p,
                                                 mlir::Region &region) {
  if (failed(parseGuardedRegion(p, region)))
    return mlir::failure();
  if (region.empty())
    region.emplaceBlock();
  return mlir::success();
}

inline void printGuardedBlockRegion(mlir::OpAsmPrinter &p, mlir::Operation *,
                                    mlir::Region &region) {
  p.printRegion(region);
}

inline void printGuardedRegion(mlir::OpAsmPrinter &p, mlir::Operation *,
                               mlir::Region &region) {
  p.printRegion(region);
}

} // namespace aircheck

#endif
