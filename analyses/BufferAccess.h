//===- BufferAccess.h - which op instances touch which elements --*- C++ -*-===//
//
// Every op that reads or writes a buffer, with the buffer it reaches (the
// memref behind views, casts, air.execute results and the kernel arguments
// of herds, segments and launches: an allocation or a function argument)
// and, where it is affine, the relation from the op's instances
// (PolyhedralModel) to the buffer's elements, as linear positions in the
// buffer's identity layout:
//   * channel put and get, dma_memcpy_nd: the transfer's pattern, element
//     start + sum_i k_i * stride_i for 0 <= k_i < size_i, where start is
//     the row-major position of the offsets when there is one per
//     dimension of the buffer, else sum_i offset_i * stride_i with the
//     innermost offset unscaled (docs/semantics.md 4b; no offsets means
//     offsets 0), or the whole buffer when the pattern is empty;
//   * memref.load and memref.store: the element their indices name;
//   * other ops through MemoryEffectOpInterface (linalg, vector, memref
//     copies): the whole view they are given, mapped through subviews;
//   * ops whose effects are unknown (func.call): every memref operand, read
//     and written, as a footprint that may be larger than what they touch.
// An access that cannot be modelled keeps the reason instead of a relation.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_BUFFERACCESS_H
#define AIRCHECK_ANALYSES_BUFFERACCESS_H

#include "analyses/PolyhedralModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/MapVector.h"

#include <optional>
#include <string>
#include <vector>

namespace aircheck {

struct BufferAccess {
  mlir::Operation *op;
  mlir::Value buffer; // the root memref
  bool reads = false, writes = false, frees = false;
  /// "reads", "writes" or "reads and writes", for diagnostics.
  const char *verb() const {
    return writes ? (reads ? "reads and writes" : "writes") : "reads";
  }
  /// Instances of `op` -> [element]; unset when not modelled.
  std::optional<isl::map> elements;
  /// Instances of `op` -> the root's index tuple, for an access that names
  /// indices (load, store, a whole view through subviews); unset for a
  /// transfer's pattern, which addresses the buffer linearly.
  std::optional<isl::map> tuples;
  /// The relation holds exactly the elements touched (not a footprint that
  /// may be larger).
  bool exact = true;
  /// The access touches (at most) the whole root buffer as it is: no
  /// indices, no pattern, no view that reshapes or offsets it.
  bool whole = false;
  std::string unknownWhy;
};

class BufferAccesses {
public:
  BufferAccesses(mlir::ModuleOp module, PolyhedralModel &poly);
  /// As an analysis of the module, shared by the checks that read it.
  BufferAccesses(mlir::Operation *module, mlir::AnalysisManager &am);

  llvm::ArrayRef<BufferAccess> accesses() const { return list; }
  /// The accesses of each buffer, in program order.
  const llvm::MapVector<mlir::Value, llvm::SmallVector<unsigned, 4>> &
  byBuffer() const {
    return buffers;
  }
  /// The root memref behind `v`.
  static mlir::Value rootOf(mlir::Value v);
  /// The shape of a root buffer, when it is static.
  static std::optional<llvm::SmallVector<int64_t>> shapeOf(mlir::Value root);
  /// "herd @h tile (1, 0), scf.for@12:5 trip (3)": an instance, from the
  /// values of `dims` (a sample point's coordinates).
  static std::string instanceText(const std::vector<Dim> &dims,
                                  llvm::ArrayRef<std::string> values);
  /// "[3, 5]" for linear element `linear` of `root`.
  static std::string elementText(mlir::Value root, int64_t linear);

private:
  void add(mlir::Operation *op, mlir::Value memref, bool reads, bool writes,
           bool frees, bool exact);
  void addTransfer(mlir::Operation *op, mlir::Value memref,
                   llvm::ArrayRef<mlir::OpFoldResult> offsets,
                   llvm::ArrayRef<mlir::OpFoldResult> sizes,
                   llvm::ArrayRef<mlir::OpFoldResult> strides, bool reads);

  /// The access relation of `op` touching the index tuples `indices` (isl
  /// expressions over the op's dims, with existential `ks` ranging over
  /// [0, size)) of view `view`, mapped to the root's linear positions.
  /// Sets `a.elements` (and `a.tuples` where the access names indices) or
  /// `a.unknownWhy`.
  void relation(BufferAccess &a, mlir::Value view,
                std::vector<std::string> indices,
                const std::vector<std::pair<std::string, std::string>> &ks);

  PolyhedralModel &poly;
  std::vector<BufferAccess> list;
  llvm::MapVector<mlir::Value, llvm::SmallVector<unsigned, 4>> buffers;
};

} // namespace aircheck

#endif
