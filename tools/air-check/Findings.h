//===- Findings.h - what lint found, independent of output format -*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_FINDINGS_H
#define AIRCHECK_TOOLS_AIRCHECK_FINDINGS_H

#include "checkers/WaitGraph.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace aircheck {

enum class Severity { Error, Warning, Note, Remark };
llvm::StringRef severityName(Severity s);

/// A source position; line and column are 1-based, 0 when unknown.
struct SourcePos {
  std::string file;
  unsigned line = 0, column = 0;
};
SourcePos toSourcePos(mlir::Location loc);

struct FindingNote {
  SourcePos pos;
  std::string message;
};

/// One diagnostic with its notes, tagged with the rule that produced it.
struct Finding {
  std::string rule;
  Severity severity = Severity::Error;
  SourcePos pos;
  std::string message;
  std::vector<FindingNote> notes;
  /// The text of the source line at `pos`, trimmed; empty when unknown. For
  /// SARIF's partialFingerprints, which must survive a shift of lines.
  std::string sourceLine;
  /// A deadlock's wait-for graph, when the checker handed one over
  /// (CheckContext::drew); drawn by the HTML output only.
  std::shared_ptr<const WaitGraph> graph;
};

/// A property a checker proved.
struct Proof {
  std::string rule;
  SourcePos pos;
  std::string message;
};

/// The outcome of linting one file.
struct FileResult {
  std::string file;
  /// "clean", "findings", "parse-error", "unreadable" or "internal-error".
  std::string status;
  std::vector<Finding> findings;
  std::vector<Proof> proofs;
  unsigned count(Severity s) const;
  /// The same, of one rule.
  unsigned count(Severity s, llvm::StringRef rule) const;
};

/// Records every diagnostic emitted while it is alive under the current
/// rule. When `propagate` is set the diagnostic also goes on to the handler
/// registered before this one (the text printer).
class FindingCollector {
public:
  FindingCollector(mlir::MLIRContext *ctx, std::vector<Finding> &out,
                   bool propagate);
  ~FindingCollector();
  void setRule(llvm::StringRef r) { rule = r.str(); }
  /// The text of `file`, from which each finding at a line of it records
  /// that line (Finding::sourceLine).
  void setSource(llvm::StringRef file, llvm::StringRef text) {
    sourceFile = file.str();
    sourceText = text;
  }

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<Finding> &out;
  std::string rule;
  std::string sourceFile;
  llvm::StringRef sourceText;
};

/// Line `line` (1-based) of `text`, without leading and trailing blanks.
std::string sourceLineOf(llvm::StringRef text, unsigned line);

} // namespace aircheck

#endif
