//===- ProgramRun.h - replaying what an AIR program moves -------*- C++ -*-===//
//
// The program side of translation validation (docs/validate.md): the
// executor's run (analyses/executor, the compute model's semantics) with
// data. The k-th put on a FIFO meets its k-th get (seed 000 2.5), and the
// get's buffer receives, in order, the tags of the elements the put's
// pattern reads; a dma_memcpy_nd copies its source pattern into its
// destination pattern. Patterns are read as docs/semantics.md section 4b
// says. A transfer moves its data when both its sides have started; in a
// race-free program (data-race) no write to either side is ordered
// between the start and the completion, so the moment does not matter.
//
// An L1 alloc in a herd is one buffer per herd instance; any L1 alloc an op
// of the herd body other than a transfer writes holds, for the puts that
// read it, values its instance computed (Tag Computed), as on the design
// side.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_PROGRAMRUN_H
#define AIRCHECK_ANALYSES_VALIDATE_PROGRAMRUN_H

#include "analyses/validate/Delivery.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <map>

namespace aircheck::validate {

/// A buffer of the program: a function argument, an L1 alloc of one herd
/// instance, or another alloc (L2, a function's local).
struct Place {
  /// Global: a memref.global constant (`alloc`: its memref.global op).
  enum Kind { Argument, CoreBuffer, Global, Other } kind = Other;
  int argument = -1;
  mlir::Operation *alloc = nullptr;
  air::HerdOp herd;
  llvm::SmallVector<int64_t, 2> ids;
  /// An alloc in a segment: the segment instance's ids (each instance has
  /// its buffers, and runs its herds' instances).
  llvm::SmallVector<int64_t, 2> segment;
  mlir::MemRefType type;

  /// A herd instance as validation names it: the ids of its segment's
  /// instance (none outside a segment, or for a segment without ids) and
  /// then its own.
  llvm::SmallVector<int64_t, 2> key() const {
    llvm::SmallVector<int64_t, 2> k(segment.begin(), segment.end());
    k.append(ids.begin(), ids.end());
    return k;
  }
};

/// An instance key as text: "a, b, ...".
std::string keyText(llvm::ArrayRef<int64_t> key);

struct ProgramDelivery {
  Unknown unknown;
  mlir::func::FuncOp func;
  /// Tag::who of Computed tags: an index into places.
  std::vector<Place> places;
  /// Per CoreBuffer place that a transfer writes: its fills.
  std::map<int, FillLog> fills;
  /// Per CoreBuffer place an npu_mmio channel sets before anything else
  /// writes it: its elements (Constant tags; an element it does not set is
  /// Undefined). Upstream's air-to-aie makes that the buffer's initial value.
  std::map<int, std::vector<Tag>> initial;
  /// Per function argument (empty for one that is not a memref): the tag
  /// of each element at the end.
  std::vector<TagArray> arguments;
};

/// The data `module`'s one function with AIR ops moves in the executor's
/// run (`maxSteps`: its step budget); at most `budget` elements moved.
/// `unrankedSizes`: the element count of each unranked argument (by its
/// number; the host sizes it: validation takes the runtime sequence's); a
/// transfer of one not given is `unknown`.
ProgramDelivery replayProgram(mlir::ModuleOp module, uint64_t maxSteps,
                              int64_t budget,
                              const std::map<unsigned, int64_t>
                                  &unrankedSizes = {});

} // namespace aircheck::validate

#endif
