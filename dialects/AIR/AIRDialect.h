//===- AIRDialect.h - the AIR dialect ---------------------------*- C++ -*-===//
//
// Public header of air-check's AIR dialect: the dialect, its token type, the
// async and hierarchy interfaces, and the ops (generated from AIROps.td).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_DIALECTS_AIR_AIRDIALECT_H
#define AIRCHECK_DIALECTS_AIR_AIRDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/AIR/AIRDialect.h.inc"

namespace aircheck::air {
/// The side-effect resource of channel FIFOs (channel put and get read and
/// write it).
struct ChannelResource
    : public mlir::SideEffects::Resource::Base<ChannelResource> {
  llvm::StringRef getName() final { return "air.channel"; }
};
} // namespace aircheck::air

#define GET_ATTRDEF_CLASSES
#include "dialects/AIR/AIRAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/AIR/AIRTypes.h.inc"

#include "dialects/AIR/AIRInterfaces.h.inc"

#define GET_OP_CLASSES
#include "dialects/AIR/AIROps.h.inc"

namespace aircheck::air {

/// The AIR memory levels (compute model 1.2): the integer memory space of a
/// memref.
enum class MemorySpace : unsigned { L3 = 0, L2 = 1, L1 = 2 };

/// The AIR memory space of a memref type: 0 when it has none, the integer
/// value when it is an integer attribute, 0 for `#air.symmetric_heap` (an
/// L3-level memory), std::nullopt otherwise.
std::optional<unsigned> getMemorySpace(mlir::Type memrefType);

/// Whether a memref type lives on the symmetric heap (`#air.symmetric_heap`):
/// L3-level memory that a herd may read and write directly.
bool isSymmetricHeap(mlir::Type memrefType);

/// "L3", "L2", "L1" or "memory space N".
std::string describeMemorySpace(unsigned space);

/// A transfer pattern list: `statics` holds the integers the program wrote
/// and ShapedType::kDynamic where it wrote an operand (taken from `values`
/// in order); without `statics` every entry is an operand.
llvm::SmallVector<mlir::OpFoldResult>
mixedPattern(mlir::DenseI64ArrayAttr statics, mlir::OperandRange values);

/// Upstream's padding of a transfer (`pad_before` / `pad_after` on a
/// channel.put or a dma_memcpy_nd, docs/semantics.md 4c): its source
/// pattern, dimension d of `dims` (outermost first), is preceded by
/// before[d] and followed by after[d] elements of value zero, so the
/// transfer moves the product of (before[d] + size[d] + after[d])
/// elements, in row-major order over those padded sizes. The lists align
/// with the pattern's dimensions from the innermost, as upstream's
/// air-to-aie aligns them (AIRToAIEPass.cpp: shorter lists are padded with
/// zeros in front, longer ones must have only zeros in front).
struct Padding {
  llvm::SmallVector<int64_t, 4> before, after;
};
/// No padding: std::nullopt. Padding that does not align with `dims`
/// dimensions (lists of different lengths, a negative count, nonzero
/// counts beyond the pattern's dimensions): a Padding whose lists are
/// empty, with `dims` > 0.
std::optional<Padding> getPadding(mlir::Operation *transfer, size_t dims);

/// The elements a transfer moves given its sizes' values (`sizes`; empty:
/// the whole memref, by its static shape): their product, or, for a padded
/// source (a put or a dma_memcpy_nd), the product of the padded sizes.
/// std::nullopt where that is not known (no static shape, padding that does
/// not align, overflow).
std::optional<int64_t> movedElements(mlir::Operation *transfer, bool source,
                                     llvm::ArrayRef<int64_t> sizes,
                                     mlir::Type memref);

/// The channel a put or get names, or null when it is undeclared.
ChannelOp lookupChannel(mlir::Operation *access, mlir::FlatSymbolRefAttr name);
/// The same through `tables`, which caches each symbol table it reads: a
/// lookup costs a hash probe instead of a walk over the module's channels.
ChannelOp lookupChannel(mlir::Operation *access, mlir::FlatSymbolRefAttr name,
                        mlir::SymbolTableCollection &tables);

} // namespace aircheck::air

#endif
