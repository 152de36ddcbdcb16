//===- CoreFootprint.h - the elements a core's code touches -----*- C++ -*-===//
//
// Which elements of each aie.buffer one core's code reads and which it
// writes, over every run of that code, as isl sets over the buffer's index
// space. An over-approximation, never less than the code touches:
//
//  * memref.load / memref.store, affine.load / affine.store (and their
//    vector forms), vector.load /
//    vector.store and vector.transfer_read / transfer_write (a minor
//    identity map: the vector covers the innermost dimensions) on the
//    buffer itself touch the elements their indices name, with the loops
//    around them (scf.for, affine.for of bounds the index reader reads)
//    ranging over their whole iteration spaces; conditions around them are
//    left out (they only take elements away);
//  * any other op that touches the buffer (a view of it, a call, a linalg
//    op, an index the reader does not read: analyses/IndexExprs) touches
//    all of it, as it states its effects (analyses/MemrefEffects).
//
// Elements outside the buffer's shape are out of this analysis (another
// check's): each set is within the buffer's box. aie-data-race reads two
// cores on one buffer (shared L1) as apart when neither writes what the
// other touches.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_COREFOOTPRINT_H
#define AIRCHECK_ANALYSES_AIE_COREFOOTPRINT_H

#include "dialects/AIE/AIEDialect.h"

#include <isl/cpp.h>

#include <map>

namespace aircheck::aiecheck {

struct BufferFootprint {
  isl::set reads, writes;
};

/// Per aie.buffer the code of `core` touches, its footprint there. Throws
/// isl::exception where isl gives up (the caller's context bounds it).
std::map<mlir::Operation *, BufferFootprint>
coreFootprints(mlir::Operation *core, isl::ctx ctx);

/// Whether the elements `op` (within `root`) touches of `memref` are read
/// element by element as above: an indexed access on `memref` itself, its
/// indices affine in the loops' values between it and `root`, constants
/// and `params` (read as parameters: a herd's tile ids, which the core's
/// code has as constants). The lowering asks this of a program's herd
/// before it lets the herd's cores write one buffer at once.
bool elementsRead(mlir::Operation *root, mlir::Operation *op,
                  mlir::Value memref, llvm::ArrayRef<mlir::Value> params);

/// Whether two footprints on one buffer are apart: neither writes an
/// element the other reads or writes.
bool footprintsApart(const BufferFootprint &a, const BufferFootprint &b);

} // namespace aircheck::aiecheck

#endif
