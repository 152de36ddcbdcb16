//===- ForwardHostCopies.h - host copies an NPU design need not run -*- C++ -*-===//
//
// A function or launch body becomes the runtime sequence, which moves data
// but cannot compute: a `memref.copy` there is refused. Two forms of it in
// upstream's programs copy between an argument and a host buffer of its own
// that only the array touches, and the copy can be left out:
//
//  * copy-out: the launch writes a local L3 buffer X, and a copy after it
//    moves X to an argument A (upstream's test/airhost matmuls). The
//    program then writes A directly. Faithful where A has no other use in
//    the function (nothing reads or writes it before the copy) and every
//    other use of X comes before the copy in the ordering model
//    (AsyncGraph) and none after it but its dealloc. Elements of X the
//    launch reads before writing, or never writes, were undefined; they are
//    now A's, which refines them.
//  * copy-in: a copy moves an argument A into a local L3 buffer X that the
//    program then only reads. The program then reads A directly. Faithful
//    where nothing in the function writes A, the copy comes before every
//    other use of X in the ordering model, and no use of X writes it.
//
// In both, X and A are the whole buffers (a memref.copy copies all of it),
// of one type, and X is not viewed (a view of it would need its offsets
// followed). Anything else is left for the lowering to refuse by name.
// Compile runs this after the checks (which read the program as written)
// and before the lowering; translation validation then compares the design
// with the program as rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_FORWARDHOSTCOPIES_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_FORWARDHOSTCOPIES_H

#include "mlir/IR/BuiltinOps.h"

namespace aircheck::npu {

/// Rewrites the copies above in every function of `module`; returns how
/// many it left out.
unsigned forwardHostCopies(mlir::ModuleOp module);

} // namespace aircheck::npu

#endif
