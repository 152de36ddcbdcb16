//===- ReplayAgreement.h - the replay against the stream relations -*- C++ -*-===//
//
// Two independent readings of what an aie design delivers into its core
// buffers: the replay (DesignRun.h, one run of the dispatch model with
// element tags) and the stream relations (StreamRelations.h, isl relations
// read from the design's text). Where the relations cover a buffer, its
// replayed fill log must hold exactly the relation's entries: run by run
// (a group of the log's runs is one affine piece), the relation pulled back
// to the run is the run's elements and tags, and the relation has no entry
// the log does not define. A difference is a bug in one of the two
// (validate's hidden --cross-check-streams reports it as an internal
// error, exit 3).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_REPLAYAGREEMENT_H
#define AIRCHECK_ANALYSES_VALIDATE_REPLAYAGREEMENT_H

#include "analyses/validate/DesignRun.h"
#include "analyses/validate/ProgramRun.h"
#include "analyses/validate/ProgramStreams.h"
#include "analyses/validate/StreamRelations.h"
#include "solvers/IslSupport.h"

#include <map>
#include <string>
#include <vector>

namespace aircheck::validate {

/// Whether `log`'s entries are exactly those of `relation`
/// ({ X[e] -> [D[a] -> V[k, w, r, t]] }; an Undefined entry is one the relation
/// has no image for); else false with `witness`, an entry that differs.
/// `explicitPieces`: compare against the relation made explicit
/// quasi-affine pieces first (cheaper for some relations, dearer for
/// others).
/// `computedWho`: the relation's number (Tag::who of its kind-2 tags,
/// StreamRelations::computed) of each buffer the replay numbers.
bool sameFills(const FillLog &log, const isl::map &relation, isl::ctx ctx,
               std::string &witness, bool explicitPieces = false,
               const std::map<int, int64_t> &computedWho = {});

struct Agreement {
  /// Buffers that agree; whose comparison ran out of isl's budget.
  int64_t agree = 0, undecided = 0;
  /// Buffers whose replayed fills are not the relation's: the buffer and a
  /// witness.
  std::vector<std::pair<mlir::Operation *, std::string>> differ;
};

/// Each covered buffer compared with a fresh isl budget: the relation as
/// it is, then, past the budget, as explicit pieces.
Agreement compareWithReplay(const StreamRelations &relations,
                            const DesignDelivery &replay, IslContext &isl);

/// The results: each argument the relations cover
/// (StreamRelations::results, the host's element where nothing writes)
/// against the tags the replay leaves in it, run by run. A difference is
/// reported at the runtime sequence, its argument in `differingArgs`.
Agreement compareResultsWithReplay(const StreamRelations &relations,
                                   const DesignDelivery &replay,
                                   IslContext &isl,
                                   std::vector<unsigned> &differingArgs);

/// The same for the program: each argument ProgramStreams::results covers
/// against the program replay's final tags.
Agreement compareResultsWithReplay(const ProgramStreams &streams,
                                   const ProgramDelivery &replay);

/// The program side: each covered L1 alloc's relation, instance by
/// instance, against the fills the program's replay logs for that herd
/// instance (and no instance the replay does not run).
Agreement compareWithReplay(const ProgramStreams &streams,
                            const ProgramDelivery &replay);

} // namespace aircheck::validate

#endif
