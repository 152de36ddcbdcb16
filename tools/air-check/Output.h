//===- Output.h - lint results as JSON and SARIF ----------------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_OUTPUT_H
#define AIRCHECK_TOOLS_AIRCHECK_OUTPUT_H

#include "tools/air-check/Findings.h"

#include "llvm/Support/raw_ostream.h"

namespace aircheck {

/// Rule metadata for SARIF's tool.driver.rules.
struct RuleInfo {
  std::string id, summary;
};

/// air-check's own JSON: {"tool", "version", "files": [...], "summary"}.
void writeJson(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results);

/// SARIF 2.1.0: one run, one result per finding, notes as related locations.
void writeSarif(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results,
                llvm::ArrayRef<RuleInfo> rules);

/// SARIF's partialFingerprints of a finding: a hash of its rule, file,
/// message without line:column positions, and the text of its source line,
/// so that it stays the same when lines are added above it.
std::string findingFingerprint(const Finding &f);

/// `N errors, M warnings` over all files.
std::string summaryLine(llvm::ArrayRef<FileResult> results);

extern const char *const kVersion;

} // namespace aircheck

#endif
