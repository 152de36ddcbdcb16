//===- RelationEquality.h - design relation against program relation -*- C++ -*-===//
//
// The comparison a symbolic verdict needs (docs/validate.md, "Symbolic
// validation"): a design core buffer's fill relation (StreamRelations.h)
// against the fill relation of the program's L1 alloc (ProgramStreams.h)
// for one herd instance, relation against relation, with no replayed log
// in between. The design numbers arguments as its runtime sequence does;
// they are renumbered to the function's first.
//
// For now the instance is the one the replays paired the buffer with
// (validate's hidden --cross-check-streams): two readings of the same
// pair that differ are a bug of one of the four parts (exit 3).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_RELATIONEQUALITY_H
#define AIRCHECK_ANALYSES_VALIDATE_RELATIONEQUALITY_H

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aircheck::validate {

/// The program relation `program` ({ X[k..., e] -> [D[a] -> A[g, t]] }) at
/// instance `key`, as { X[e] -> [D[a] -> A[g, t]] }.
isl::map atInstance(const isl::map &program, const std::vector<int64_t> &key);

/// Whether `design` ({ X[e] -> [D[a] -> A[g', t]] }, g' a runtime-sequence
/// argument, `argumentOf[g']` the function's) equals `program` (one
/// instance's, in `design`'s isl context); else false with `witness`.
/// isl errors (past the budget) throw isl::exception.
bool sameRelation(const isl::map &design, const isl::map &program,
                  const std::vector<int> &argumentOf, std::string &witness);

} // namespace aircheck::validate

#endif
