//===- RelationEquality.h - design against program relation -*- C++ -*-===//
//
// The comparison a symbolic verdict needs (docs/validate.md, "Relation
// against relation"): a design core buffer's fills (StreamRelations.h)
// against the fills of the program's L1 alloc (ProgramStreams.h) for one
// herd instance, with no replayed log in between. Both sides are explicit
// functions of the log entry (quasi-affine pieces), so two are equal when
// their domains are and their difference is zero on every piece: sets of
// entries per pair of pieces, never a difference of relations (which runs
// for minutes on seed 003's GEMM). The design numbers arguments as its
// runtime sequence does; they are renumbered to the function's first.
//
// `matchingInstances` reads which instances of an alloc receive what a
// design buffer receives from the functions alone. For now both serve
// validate's hidden --cross-check-streams: the instance the replays paired
// a buffer with must be among them, and its fills equal (else a bug of one
// of the four parts, exit 3).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_RELATIONEQUALITY_H
#define AIRCHECK_ANALYSES_VALIDATE_RELATIONEQUALITY_H

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <map>
#include <string>
#include <vector>

namespace aircheck::validate {

/// The program function `program` ({ X[k..., e] -> [D[a] -> V[...]] },
/// V the tag tuple of StreamRelations.h) at instance `key`, as
/// { X[e] -> [D[a] -> V[...]] }.
isl::pw_multi_aff atInstance(const isl::pw_multi_aff &program,
                             const std::vector<int64_t> &key);

/// The ids of an instance, a point of { X[k...] }.
std::vector<int64_t> keyOf(const isl::point &p);

/// The instances a program function ({ X[k..., e] -> ... }) fills:
/// { X[k...] }.
isl::set instancesOf(const isl::pw_multi_aff &program);

/// Whether `design` ({ X[e] -> [D[a] -> V[1, g', 0, t]] }, g' a
/// runtime-sequence argument, `argumentOf[g']` the function's) equals `program` (one
/// instance's, in `design`'s isl context); else false with `witness`.
/// isl errors (past the budget) throw isl::exception.
/// `computedOf`: the program's number (ProgramStreams::computed) of each
/// design buffer's (StreamRelations::computed) instance, for kind-2 tags
/// (a tag of a buffer it lacks falls out of the domain, as an argument the
/// function lacks does).
bool sameRelation(const isl::pw_multi_aff &design,
                  const isl::pw_multi_aff &program,
                  const std::vector<int> &argumentOf, std::string &witness,
                  const std::map<int64_t, int64_t> &computedOf = {});

/// Whether `a` and `b` are the same set (isl's is_equal, quicker where `b`,
/// the program's side, is the box of its bounds).
bool sameSet(const isl::set &a, const isl::set &b);

/// The instances of `program` ({ X[k..., e] -> [D[a] -> V[...]] }) whose
/// fills are exactly `design`'s: { X[k...] }, read from the functions
/// alone (which herd instance a core runs, by its data: several where the
/// instances receive the same data). Empty where `design` carries an
/// argument the function lacks. isl errors throw isl::exception. With
/// `within`, only the instances of it are sure to be read right (the
/// others may be left out): a caller that intersects the result with
/// `within` (the instances its other buffers fit) saves the comparisons.
isl::set matchingInstances(const isl::pw_multi_aff &design,
                           const isl::pw_multi_aff &program,
                           const std::vector<int> &argumentOf,
                           const std::map<int64_t, int64_t> &computedOf = {},
                           const isl::set *within = nullptr);

/// Whether the design's results for its runtime-sequence argument
/// `designArg` ({ A[designArg, t] -> V[...] }, StreamRelations::results)
/// are the program's for its function argument `programArg`
/// (ProgramStreams::results): the same elements written, each with the
/// same tag once renamed (arguments by `argumentOf`, core buffers by
/// `computedOf`); else false with `witness`. isl errors throw.
bool sameResults(const isl::pw_multi_aff &design, int designArg,
                 const isl::pw_multi_aff &program, int programArg,
                 const std::vector<int> &argumentOf,
                 const std::map<int64_t, int64_t> &computedOf,
                 std::string &witness);

} // namespace aircheck::validate

#endif
