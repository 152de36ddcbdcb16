//===- TileAADialect.h - the nv_tileaa dialect -------------------*- C++ -*-===//
//
// Public header of air-check's `nv_tileaa` dialect (TileAAOps.td): the
// subset of seed 001 air-check reads, and `MemAccess`, the one view of a
// memory-effect op's operand segments every analysis uses.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_DIALECTS_TILEAA_TILEAADIALECT_H
#define AIRCHECK_DIALECTS_TILEAA_TILEAADIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/TileAA/TileAADialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/TileAA/TileAATypes.h.inc"

#define GET_OP_CLASSES
#include "dialects/TileAA/TileAAOps.h.inc"

namespace aircheck::tileaa {

/// What a memory-effect op (load, tiled_load, gather_load, store,
/// tiled_store, scatter_store, atomic_rmw, atomic_cas) touches, read from
/// its four operand segments and the token after them.
struct MemAccess {
  mlir::Operation *op = nullptr;
  mlir::Value base;
  /// The stored value (stores), the RMW operand or CAS compare and
  /// replacement (atomics); empty for loads.
  mlir::OperandRange values{nullptr, 0};
  mlir::OperandRange indices{nullptr, 0};
  mlir::Value mask, other;
  /// The token consumed and the token produced (null when absent).
  mlir::Value tokenIn, tokenOut;
  bool reads = false, writes = false;
  /// The shape of the lanes the access touches (the loaded or stored tile),
  /// empty for a scalar access.
  llvm::SmallVector<int64_t> laneShape;
  /// "load", "store", "atomic".
  llvm::StringRef verb() const;
};

/// The access of a memory-effect op; std::nullopt for any other op or one
/// whose segments do not add up (the verifier reports that).
std::optional<MemAccess> getMemAccess(mlir::Operation *op);

/// True for the eight memory-effect ops.
bool isMemoryEffectOp(mlir::Operation *op);

/// Parses a type in an op's type list: the short `tile<...>` or any type.
mlir::ParseResult parseOpType(mlir::OpAsmParser &p, mlir::Type &type);
/// Prints a type in an op's type list, a tile in its short form.
void printOpType(mlir::OpAsmPrinter &p, mlir::Type type);

} // namespace aircheck::tileaa

#endif
