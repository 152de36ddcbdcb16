//===- ReplayAgreement.h - the replay against the stream relations -*- C++ -*-===//
//
// Two independent readings of what an aie design delivers into its core
// buffers: the replay (DesignRun.h, one run of the dispatch model with
// element tags) and the stream relations (StreamRelations.h, isl relations
// read from the design's text). Where the relations cover a buffer, its
// replayed fill log, turned into the same relation run by run, must be
// equal to it; a difference is a bug in one of the two (validate's hidden
// --cross-check-streams reports it as an internal error, exit 3).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_REPLAYAGREEMENT_H
#define AIRCHECK_ANALYSES_VALIDATE_REPLAYAGREEMENT_H

#include "analyses/validate/DesignRun.h"
#include "analyses/validate/StreamRelations.h"

#include <string>
#include <vector>

namespace aircheck::validate {

/// A fill log as { X[e, a] -> A[g, t] } (entry e writes element a with
/// element t of argument g); nullopt when it holds a tag that is not an
/// argument's element.
std::optional<isl::map> fillRelation(const FillLog &log, isl::ctx ctx);

struct Agreement {
  int64_t agree = 0;
  /// Buffers whose replayed fills are not the relation's: the buffer and a
  /// witness (an entry one side has and the other has not).
  std::vector<std::pair<mlir::Operation *, std::string>> differ;
};

Agreement compareWithReplay(const StreamRelations &relations,
                            const DesignDelivery &replay, isl::ctx ctx);

} // namespace aircheck::validate

#endif
