//===- MemrefRoots.h - the buffer a memref value names ----------*- C++ -*-===//
//
// A memref value names a buffer through a chain of views, casts, air.execute
// results and hierarchy kernel arguments. Every analysis that asks which
// buffer (an alloc, a function argument, an aie.buffer) a value names walks
// that chain here, choosing which links it follows.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_MEMREFROOTS_H
#define AIRCHECK_ANALYSES_MEMREFROOTS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace aircheck {

/// The links of the chain a walk follows.
enum RootLinks : unsigned {
  ViewLinks = 1,      // a ViewLikeOpInterface result to its source
  CastLinks = 2,      // a one-operand CastOpInterface result to its operand
  ExecuteLinks = 4,   // an air.execute result to what its terminator yields
  KernelArgLinks = 8, // a hierarchy's kernel argument to its operand
  AllLinks = 15,
};

/// One link back from `v` (null when `v` starts no link of `links`).
mlir::Value memrefSource(mlir::Value v, unsigned links = AllLinks);

/// The start of the chain `v` ends: followed link by link (at most 64)
/// until no link of `links` leads on or `stop` holds.
mlir::Value memrefRoot(mlir::Value v, unsigned links = AllLinks,
                       llvm::function_ref<bool(mlir::Value)> stop = nullptr);

/// The op that defines `v`'s root (null: the root is a block argument).
mlir::Operation *memrefRootOp(mlir::Value v, unsigned links = AllLinks);

} // namespace aircheck

#endif
