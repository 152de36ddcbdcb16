//===- Validate.h - `air-check validate`: translation validation -*- C++ -*-===//
//
// air-check validate --target=<device> <prog.mlir> <design.aie.mlir>
//
// 1. lint the program with the target's device model and the design with
//    the aie checks: the replays assume a verified program and a race-free,
//    deadlock-free design (docs/validate.md); a finding stops here, exit 1;
// 2. compare what both deliver (analyses/validate/Validation.h): the
//    replays where they fit, else both sides' functions; equivalent, exit
//    0; a difference, an error naming the element with a note at the
//    program's transfer and the design's BD, exit 1; unknown, a warning
//    saying why, exit 1 (not a proof);
// 3. exit 2 for usage, unreadable or unparsable input, 3 for a crash or
//    the two methods disagreeing.
//
// For a GPU target the second file is air-to-gpu's gpu.launch (air-opt
// --air-to-gpu, printed with its locations): step 2 is then the copies'
// symbolic check (analyses/validate/KernelCopies.h).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_VALIDATE_H
#define AIRCHECK_TOOLS_AIRCHECK_VALIDATE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace aircheck {

/// The rules of validate's findings (and compile's third check).
inline constexpr llvm::StringLiteral kValidateDifferentRule =
    "translation-validation";
inline constexpr llvm::StringLiteral kValidateUnknownRule =
    "translation-validation-unknown";

struct ValidateCommandOptions {
  std::string target;
  uint64_t maxSteps = 1000000;
  /// The replays' budget: elements either may move (0: the default,
  /// ValidateOptions::budget).
  uint64_t maxElements = 0;
  /// Match `expected-error`-style annotations in both files instead of
  /// reporting (exit 0 when they match).
  bool verifyDiagnostics = false;
  /// Check the design replay against the stream relations first
  /// (analyses/validate/ReplayAgreement.h; hidden, for tests).
  bool crossCheckStreams = false;
  /// Only the last of those: the fill functions against each other
  /// (hidden, for benches).
  bool crossCheckRelations = false;
  /// Who decides: "auto", "replays" or "functions"
  /// (analyses/validate/Validation.h).
  std::string method = "auto";
  /// The functions' wall-clock limit, in seconds.
  unsigned functionsLimit = 120;
};

int runValidate(llvm::StringRef program, llvm::StringRef design,
                const ValidateCommandOptions &options);

} // namespace aircheck

#endif
