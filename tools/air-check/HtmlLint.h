//===- HtmlLint.h - lint's findings as a page ---------------------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_HTMLLINT_H
#define AIRCHECK_TOOLS_AIRCHECK_HTMLLINT_H

#include "tools/air-check/Findings.h"

#include "llvm/Support/raw_ostream.h"

namespace aircheck {

/// One finding as a block: location, severity, message and rule, the
/// wait-for picture when it has one, its notes.
void writeFindingHtml(llvm::raw_ostream &os, const Finding &f);

/// `air-check lint --format=html`: every file's findings on one page.
void writeLintHtml(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results);

/// Lints `path` and draws, under a heading, each finding that carries a
/// wait-for graph (a deadlock); nothing when there is none. For the report
/// pages.
void writeDeadlockPictures(llvm::raw_ostream &os, llvm::StringRef path);

} // namespace aircheck

#endif
