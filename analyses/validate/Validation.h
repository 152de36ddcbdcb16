//===- Validation.h - who decides translation validation -----*- C++ -*-===//
//
// Translation validation's verdict on an aie design (docs/validate.md,
// "Who decides"). Two independent methods read whether the design moves
// the program's data:
//
//  * the replays (Equivalence.h): both sides run, their logs compared
//    element by element; they read the most forms, and their cost grows
//    with the elements moved;
//  * the functions (SymbolicVerdict.h): both sides as isl functions over
//    every round at once, the cores named from them and the code; their
//    cost grows with the BDs, transfers and cores, not with the sizes, and
//    they leave undecided what they do not read.
//
// By default the replays decide where they fit ValidateOptions::replaysFirst
// elements. Past it the functions decide; where they do not, the replays
// run on within ValidateOptions::budget. A difference the functions find is
// also replayed within the budget, for the replays' concrete witness; the
// two disagreeing is a bug of air-check's (Verdict::clash). Either method
// alone: ValidateOptions::method.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_VALIDATION_H
#define AIRCHECK_ANALYSES_VALIDATE_VALIDATION_H

#include "analyses/validate/Equivalence.h"
#include "analyses/validate/SymbolicVerdict.h"

#include <chrono>

namespace aircheck::validate {

/// Whether `design` (its aie.device ops, one per function of the program
/// with AIR ops) moves the data `program` (verified, hierarchy-wrapped)
/// does.
Verdict validateDesign(mlir::ModuleOp program, mlir::ModuleOp design,
                       const ValidateOptions &options = {});

/// The functions' verdict on one device of the design against `program`
/// (one function with AIR ops); undecided where isl gives up, or has not
/// finished the design's side within `limit` of wall-clock time
/// (IslDeadline).
SymbolicVerdict verdictFromFunctions(mlir::ModuleOp program,
                                     aiecheck::Device &device,
                                     std::chrono::milliseconds limit);

} // namespace aircheck::validate

#endif
