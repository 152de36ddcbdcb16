//===- ProgramStreams.h - what an AIR program delivers, as isl -*- C++ -*-===//
//
// The symbolic program side of translation validation (docs/validate.md,
// "Symbolic validation: the program side"): what the AIR program delivers
// into each L1 buffer of a herd, for every instance of the herd and every
// round at once, as one isl relation derived from the program's text, not
// from a run. Its cost grows with the transfers written, not with the trip
// counts or the elements.
//
// The relation of an L1 alloc is
//
//   { X[s..., h..., e] -> [D[a] -> V[1, g, 0, t]] }
//
// for the instance with segment ids s and herd ids h: entry e of its fill
// log (the elements transfers wrote into it, in order) is written at element
// a (linear) of the buffer and holds element t (linear) of function
// argument g (the tag tuple of StreamRelations.h, kind 1). The semantics, written here on its own (ProgramRun, the
// replay, is its oracle and shares none of this code):
//
//  * a herd instance runs its body in program order, so the gets into a
//    buffer fill it one after another: with every get of the buffer in one
//    block, under loops that start at 0 with constant trip counts (the
//    outermost may have any), an instance of get j starts at entry
//    N * (its loops' lexicographic position) + (the elements of the gets
//    before j in the block) + its element's place in its pattern, N the
//    elements of all of them;
//  * a pattern (docs/semantics.md 4b) walks its sizes outermost first from
//    its start, each step its stride; no pattern is the whole buffer;
//  * the k-th put at a FIFO meets its k-th get (FifoMatching, seed 000
//    2.5), and the get's i-th element is the put's i-th;
//  * a put from a function argument reads the host's element, or, where
//    transfers of the program write the argument, its last write before the
//    put over the function's schedule; a put from an L2 buffer (or from an
//    L1 buffer its herd only passes on) reads, for each element, the last
//    write to it before the put in program order. Program order is happens-before for two accesses of
//    one element here: every wait the ordering model has points from an op
//    earlier in program order to a later one, and two accesses the model
//    does not order are a data race (`data-race`, which `compile` and
//    `validate` require clean). The writes are transfers of the process
//    or of herds it launches (a herd's dma_memcpy_nd from L1): a herd's
//    instances run at once, so the schedule's order of them by their ids
//    counts only where no two of them write one element (checked; else
//    not covered);
//  * a put or dma_memcpy_nd from an L1 buffer its herd computes into (an
//    op other than a transfer writes it) reads the instance's values of
//    that hand-off, V[2, who, r, x]: its readers, in one block, hand it
//    out one after another (hand-off R * turn + j + 1), `who` numbering
//    the instance (`computed`);
//  * a function argument transfers write holds at the end what its last
//    writer wrote at each element (`results`). Where each element has one
//    writer, the writer's walk is inverted: as a mixed radix where its
//    instances are a box and its strides nest (MixedRadix.h), else by isl
//    under a budget of its own; elsewhere the last write over the
//    function's schedule.
//
// Everything else (a dma_memcpy_nd into the buffer, views, padding, an L1
// buffer outside a herd, gets at several places, an unranked argument, an
// L2 buffer written otherwise) is not covered, with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_PROGRAMSTREAMS_H
#define AIRCHECK_ANALYSES_VALIDATE_PROGRAMSTREAMS_H

#include "solvers/IslSupport.h"

#include "mlir/IR/BuiltinOps.h"

#include <isl/cpp.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"

namespace aircheck::validate {

struct ProgramStreams {
  /// What the relations' isl context lives in (declared first: destroyed
  /// last).
  std::shared_ptr<void> keep;
  /// That context (its budget is reset per buffer).
  IslContext *isl = nullptr;
  /// Per covered L1 alloc of a herd: its fills, every instance at once,
  /// { X[s..., h..., e] -> [D[a] -> V[1, g, 0, t]] }.
  std::map<mlir::Operation *, isl::map> fills;
  /// The same, as explicit functions of the instance and the entry
  /// (quasi-affine pieces).
  std::map<mlir::Operation *, isl::pw_multi_aff> functions;
  /// Per covered alloc: how many of X's leading dims are segment ids (the
  /// herd's ids follow).
  std::map<mlir::Operation *, unsigned> segmentDims;
  /// Tag::who of kind-2 tags, per L1 alloc whose values its herd computes
  /// and transfers read: instance (ids k...) is first + sum of k_i *
  /// weights_i.
  struct Numbering {
    int64_t first = 0;
    std::vector<int64_t> weights;
    int64_t who(llvm::ArrayRef<int64_t> key) const {
      int64_t w = first;
      for (size_t i = 0; i < key.size() && i < weights.size(); ++i)
        w += key[i] * weights[i];
      return w;
    }
  };
  std::map<mlir::Operation *, Numbering> computed;
  /// Per L1 alloc of a herd that a transfer writes and that is not
  /// covered: why.
  std::map<mlir::Operation *, std::string> notCovered;
  /// Per function argument transfers write: what its elements hold at the
  /// end, { A[n, t] -> V[k, w, r, x] } on the elements written (each by
  /// one transfer instance); the others hold the host's, V[1, n, 0, t].
  std::map<int, isl::pw_multi_aff> results;
  /// Per argument written that is not covered: why.
  std::map<int, std::string> resultsNotCovered;
  /// Set when the program is outside the symbolic model altogether.
  std::string outside;
};

/// The fill relations of the L1 buffers of `module`'s herds that the
/// fragment above covers, each with a fresh isl budget.
ProgramStreams deriveProgramStreams(mlir::ModuleOp module);

} // namespace aircheck::validate

#endif
