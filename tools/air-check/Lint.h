//===- Lint.h - `air-check lint` on one file ---------------------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_LINT_H
#define AIRCHECK_TOOLS_AIRCHECK_LINT_H

#include "checkers/Checker.h"
#include "tools/air-check/Findings.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

namespace aircheck {

enum class OutputFormat { Text, Json, Sarif, Html };

struct LintOptions {
  CheckOptions check;
  OutputFormat format = OutputFormat::Text;
  /// Match `expected-error`-style annotations instead of reporting.
  bool verifyDiagnostics = false;
  /// Text output: also print what the checks proved.
  bool showProofs = false;
  /// Checker ids not to run.
  llvm::StringSet<> disabled;
  /// For tests of crash recovery: the stage ("parse", "verify",
  /// "wrap-hierarchy" or a checker id) that dereferences a null pointer,
  /// optionally followed by `:<file>` to crash only in input paths ending
  /// with <file>.
  std::string crashIn;
};

struct LintOutcome {
  FileResult result;
  /// With verifyDiagnostics: whether the annotations matched.
  bool diagnosticsMatched = true;
};

/// Dereferences a null pointer when `stage` is `crashIn` (a hidden test
/// option; see `--crash-in`).
void maybeCrashForTesting(llvm::StringRef stage, llvm::StringRef crashIn);

/// Parses, verifies and checks one file ("-" for standard input). In text
/// mode diagnostics are printed to stderr as they are found. Each stage
/// runs under llvm::CrashRecoveryContext (enabled by the caller): a crash
/// leaves status "internal-error" and one finding of rule "internal-error".
LintOutcome lintFile(llvm::StringRef path, const LintOptions &options);

/// The outcome of an input that could not be read (status "unreadable", one
/// finding of rule "input": "cannot read '<path>': <why>"), printed in text
/// mode as lintFile prints it.
LintOutcome unreadableInput(llvm::StringRef path, llvm::StringRef why,
                            const LintOptions &options);

/// The same on text already in memory (the fuzzer's entry); `path` names it
/// in the result, the buffer's identifier in locations.
LintOutcome lintBuffer(llvm::StringRef path,
                       std::unique_ptr<llvm::MemoryBuffer> buffer,
                       const LintOptions &options);

} // namespace aircheck

#endif
