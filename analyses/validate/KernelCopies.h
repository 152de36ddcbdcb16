//===- KernelCopies.h - do a GPU kernel's copy loops copy the program's -*-===//
//
// Translation validation for the GPU target (docs/validate.md, "The GPU
// target"). air-to-gpu turns every air.dma_memcpy_nd into a loop of
// memref.load / memref.store: spread over the block's threads (a copy of
// the segment body) or run by each thread alone (a copy of a herd body,
// whose tile is the thread). This check proves, symbolically with isl and
// for every block, thread and value of the loops around the copy, that the
// loop moves exactly the pairs (source element, destination element) the
// program's pattern names (docs/semantics.md 4b): a relation from the
// values of the loops around the copy (and, in a herd, the tile) to pairs
// of indices, read from the AIR op on one side and from the kernel's index
// arithmetic on the other, compared for equality. Its cost does not depend
// on the sizes: no element is enumerated.
//
// It reads the gpu.launch air-to-gpu makes, before MLIR's kernel outlining
// (which gives the attributions the launch's location): the block and
// thread ids are the launch region's. Copies are paired by location (the
// lowering keeps the AIR op's location on the loop it makes); the loops
// around a copy by theirs. Buffers are paired as the lowering maps them: an
// L3 argument is the host function's argument, an L2 or L1 alloc the
// workgroup or private attribution at its location.
//
// Anything the check does not read (a non-affine index, a loop bound that
// is not a constant step, copies without distinct locations, a kernel
// argument in an index) is `unknown`, never a pass.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_KERNELCOPIES_H
#define AIRCHECK_ANALYSES_VALIDATE_KERNELCOPIES_H

#include "analyses/validate/Equivalence.h"

#include "mlir/IR/BuiltinOps.h"

namespace aircheck::validate {

/// Whether the gpu.launch ops of `lowered` (air-to-gpu's output) copy
/// what the air.dma_memcpy_nd ops of `program`
/// (verified, hierarchy-wrapped; the module before lowering) name.
/// `buffers` of the verdict counts the copies compared. `maxOperations`
/// bounds isl (0: IslContext's default).
Verdict validateKernelCopies(mlir::ModuleOp program, mlir::ModuleOp lowered,
                             unsigned long maxOperations = 0);

} // namespace aircheck::validate

#endif
