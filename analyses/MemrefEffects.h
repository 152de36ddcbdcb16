//===- MemrefEffects.h - How one op touches memrefs ------------*- C++ -*-===//
//
// What an op reads, writes and frees, read once for every analysis that
// asks (the async graph's footprints, the buffer access relations, the
// memory-level check): the memory effects the op states on memref values;
// nothing for an op without stated effects whose regions hold the ops that
// touch memory (scf, affine loops: the ops inside say); and, for an op that
// says nothing at all, a read and a write of every memref operand, marked
// as not stated so that a consumer can treat it as a guess.
//
//===----------------------------------------------------------------------===//

#ifndef AIRCHECK_ANALYSES_MEMREFEFFECTS_H
#define AIRCHECK_ANALYSES_MEMREFEFFECTS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace aircheck {

struct MemrefEffect {
  mlir::Value memref;
  bool read = false, write = false, free = false;
  /// The op states this effect; false for the guess made for an op with no
  /// stated effects (every memref operand read and written).
  bool stated = true;
};

/// The op's own effects on memrefs (not those of the ops in its regions).
llvm::SmallVector<MemrefEffect, 4> memrefEffects(mlir::Operation *op);

} // namespace aircheck

#endif
