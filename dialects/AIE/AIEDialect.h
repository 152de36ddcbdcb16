//===- AIEDialect.h - the aie and aiex dialects ------------------*- C++ -*-===//
//
// Public header of air-check's `aie` and `aiex` dialects (AIEOps.td): the
// physical AIE level mlir-aie users write and mlir-air emits, in the
// textual syntax of the mlir-aie upstream mlir-air pins (see AIEOps.td and
// docs/aie.md).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_DIALECTS_AIE_AIEDIALECT_H
#define AIRCHECK_DIALECTS_AIE_AIEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/AIE/AIEDialect.h.inc"
#include "dialects/AIE/AIEXDialect.h.inc"
#include "dialects/AIE/AIEEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/AIE/AIETypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/AIE/AIEAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/AIE/AIEOps.h.inc"

namespace aircheck::aie {

/// The tile an op's tile operand names, or null when it is not an aie.tile
/// (an aie.logical_tile, whose place is chosen later, is not).
TileOp getTileOf(mlir::Value tile);

/// Whether a tile operand is an aie.logical_tile (placed later).
bool isLogicalTile(mlir::Value tile);

/// Whether `op` is a runtime sequence: aie.runtime_sequence or its older
/// spelling aiex.runtime_sequence, which every analysis reads alike.
bool isRuntimeSequence(mlir::Operation *op);

/// The body of a runtime sequence (either spelling).
mlir::Region &runtimeSequenceBody(mlir::Operation *sequence);

/// The runtime sequence `op` is nested in (either spelling), or null.
mlir::Operation *enclosingRuntimeSequence(mlir::Operation *op);

/// Bytes a statically shaped memref occupies (elements x element bytes,
/// sub-byte elements rounded up per element as mlir-aie allocates them);
/// std::nullopt for a dynamic shape.
std::optional<int64_t> memrefBytes(mlir::MemRefType type);

/// Bytes of one element of a memref (at least 1).
int64_t elementBytes(mlir::MemRefType type);

} // namespace aircheck::aie

#endif
