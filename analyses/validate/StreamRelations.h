//===- StreamRelations.h - a design's streams as isl relations --*- C++ -*-===//
//
// The symbolic design side of translation validation (docs/validate.md,
// "Symbolic validation"): what the aie design delivers into a core buffer,
// over every fill at once, derived from the design's text without running
// it. Its cost grows with the BDs and runtime tasks, not with the elements
// or the rounds.
//
// Covered: a core buffer written by the S2MM BD chain of one channel of its
// tile, that channel fed by a circuit aie.flow from a shim tile's MM2S
// channel (directly, or through memory tiles whose BDs take turns in rings
// of locks), and that shim channel driven by `aiex.npu.dma_memcpy_nd`
// tasks in a straight-line runtime sequence. What the buffer receives is an
// explicit function of the log entry, quasi-affine pieces,
//
//   { X[e] -> [D[a] -> V[k, w, r, x]] }
//
// entry e of the buffer's fill log (the elements DMAs wrote into it, in
// order, over all its fills) is written at element a of the buffer and
// carries the tag V (Delivery.h's Tag as a tuple): kind k = 1, element x
// (linear) of runtime-sequence argument w, r = 0; kind 2, element x of
// core buffer w (StreamRelations::computed) as its core made it for its
// hand-off r (a core tile's MM2S BD in a ring of locks with its core as
// the turn before it). The results, what each argument a shim S2MM
// channel writes holds at the end, are read the same way (the tasks'
// patterns inverted, the last write winning). It is composed
// by pullback from functions each read by its own rule: a stream's element
// at position p; a BD's element at its place q (floor(q / w) mod size per
// dimension); a BD's pattern inverted (the last place it addresses an
// element, a lexmax over the BD's own dims); the last write before a ring's
// read, in closed form. Composing functions keeps them explicit, where
// composing relations leaves existential variables that make comparing two
// of them dear. Everything else (packet flows, padded or packet BDs, a
// runtime sequence with loops or task ops other than dma_memcpy_nd) is not
// covered, with the reason.
//
// The semantics is written here on its own, not shared with DesignRun (the
// replay), so that each is the other's oracle:
//
//  * a shim channel streams its tasks one after another in the runtime
//    sequence's order; a task walks its four dimensions outermost first,
//    the innermost stride 0 read as 1, its offsets scaled by the strides
//    but the innermost's (mlir-aie's npu.dma_memcpy_nd);
//  * an aie.flow carries a source channel's stream, unchanged, to each of
//    its destinations;
//  * an S2MM chain runs its BDs in order (over and over when its last BD
//    leads back into it), each taking its `len` elements of the stream and
//    writing them where its pattern (offset, then sizes and strides,
//    outermost first) points; a BD the stream does not fill completely
//    writes nothing (the replay's, and the hardware's, completion).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_STREAMRELATIONS_H
#define AIRCHECK_ANALYSES_VALIDATE_STREAMRELATIONS_H

#include "analyses/aie/AIEDesign.h"
#include "solvers/IslSupport.h"

#include <isl/cpp.h>

#include <map>
#include <string>

namespace aircheck::validate {

struct StreamRelations {
  /// Per covered core buffer: its fills as { X[e] -> [D[a] -> V[k, w, r, x]] }.
  std::map<mlir::Operation *, isl::map> fills;
  /// The same, as explicit functions of the entry (quasi-affine pieces).
  std::map<mlir::Operation *, isl::pw_multi_aff> functions;
  /// Tag::who of kind-2 tags: the core buffer whose values they are.
  std::vector<mlir::Operation *> computed;
  /// Per runtime-sequence argument shim S2MM tasks write: what its
  /// elements hold at the end, { A[g, t] -> V[k, w, r, x] } on the
  /// elements written (the others hold the host's, V[1, g, 0, t]).
  std::map<unsigned, isl::pw_multi_aff> results;
  /// Per argument they write that is not covered: why.
  std::map<unsigned, std::string> resultsNotCovered;
  /// Per core buffer some DMA writes that is not covered: why.
  std::map<mlir::Operation *, std::string> notCovered;
  /// The most rounds a stream that depends on itself took to settle (0:
  /// none does).
  int cycleRounds = 0;
  /// The runtime sequence's arguments (-1: the device has none, or two).
  int sequenceArguments = -1;
};

/// The fill relations of the core buffers of `d` that StreamRelations.h's
/// fragment covers, each with a fresh budget of `isl`. isl errors (past
/// the budget) throw isl::exception.
StreamRelations deriveStreamRelations(aiecheck::Device &d, IslContext &isl);

} // namespace aircheck::validate

#endif
