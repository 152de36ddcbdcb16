//===- FoldL3Views.h - a view of an L3 argument as its transfers' pattern -*- C++ -*-===//
//
// A launch, segment or function body may take a `memref.subview` of an L3
// argument and pass the view down to the transfers that move it whole
// (`%view[] [] []`; upstream's dma_to_channel tests hand a herd its tile of
// the output so). That body becomes the runtime sequence and DMA programs,
// which cannot make a view: before the lowering, each such transfer names
// the argument itself with the view's pattern, which moves the same
// elements in the same order (docs/semantics.md 4b: a whole view is its
// elements in row-major order): offsets the view's, sizes the view's,
// strides the view's times the argument's row-major strides. The argument
// and the view's dynamic offsets are passed into the hierarchies between
// (kernel operands); the view, then unused, is erased.
//
// Only views of static sizes and strides, of an argument of static shape
// and identity layout, all of whose uses are hierarchies' kernel operands
// and whole-buffer transfer sides (through those hierarchies). Anything
// else stays, and the lowering refuses it by name. Translation validation
// reads the program as written, views included: this rewrite is checked,
// not trusted.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_FOLDL3VIEWS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_FOLDL3VIEWS_H

#include "mlir/IR/BuiltinOps.h"

namespace aircheck::npu {

/// Folds the views above in `module`; returns how many.
unsigned foldL3Views(mlir::ModuleOp module);

} // namespace aircheck::npu

#endif
