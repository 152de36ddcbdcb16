//===- SymbolicVerdict.h - the data verdict from the functions alone -*- C++ -*-===//
//
// Translation validation's verdict on data, decided from the two sides'
// functions (StreamRelations, ProgramStreams) and the code's reading of
// cores as herd instances (InstanceIdentity), with no replay: its cost
// grows with the BDs, transfers and cores, not with the trip counts or the
// elements (docs/validate.md, "Symbolic validation").
//
// Equivalent when every core is named, every buffer a DMA fills and every
// program alloc filled at its instance are covered on both sides and equal
// as functions (the design's tags renamed: arguments by the runtime
// sequence's order, what cores send by the identification), every instance
// with fills is some core's, and every argument either side writes holds
// the same at the end, and each named core's code computes what its herd
// body computes for its instance (SpecialisedCode.h, as the replays'
// verdict requires). Different with a witness where two such functions
// differ. Undecided, with what was not read, elsewhere (among it a buffer
// cores of several tiles use: their turns are the replays' reading).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_SYMBOLICVERDICT_H
#define AIRCHECK_ANALYSES_VALIDATE_SYMBOLICVERDICT_H

#include "analyses/validate/InstanceIdentity.h"

#include <string>

namespace aircheck::validate {

struct SymbolicVerdict {
  enum Kind { Equivalent, Different, Undecided } kind = Undecided;
  /// Different: the first difference; Undecided: what was not read.
  std::string why;
  /// The core the difference is at, where it is one core's.
  mlir::Operation *at = nullptr;
  /// What was compared: cores, core buffers, result arguments, cores'
  /// code.
  int64_t cores = 0, buffers = 0, results = 0, code = 0;
};

/// The data verdict of `design` (its functions `rel`, its cores named by
/// `id`) against `program`'s functions `ps`. isl errors (past the budget)
/// throw isl::exception.
SymbolicVerdict decideSymbolically(const ProgramStreams &ps,
                                   const StreamRelations &rel,
                                   const InstanceIdentity &id,
                                   const std::vector<int> &argumentOf);

} // namespace aircheck::validate

#endif
