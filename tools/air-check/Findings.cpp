//===- Findings.cpp --------------------------------------------------------===//
#include "tools/air-check/Findings.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

using namespace aircheck;
using namespace mlir;

StringRef aircheck::severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  }
  return "error";
}

static Severity fromMLIR(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return Severity::Error;
  case DiagnosticSeverity::Warning:
    return Severity::Warning;
  case DiagnosticSeverity::Note:
    return Severity::Note;
  case DiagnosticSeverity::Remark:
    return Severity::Remark;
  }
  return Severity::Error;
}

SourcePos aircheck::toSourcePos(Location loc) {
  SourcePos pos;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      pos.file = f.getFilename().str();
      pos.line = f.getLine();
      pos.column = f.getColumn();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return pos;
}

unsigned FileResult::count(Severity s) const {
  unsigned n = 0;
  for (const Finding &f : findings)
    n += f.severity == s;
  return n;
}

unsigned FileResult::count(Severity s, StringRef rule) const {
  unsigned n = 0;
  for (const Finding &f : findings)
    n += f.severity == s && f.rule == rule;
  return n;
}

FindingCollector::FindingCollector(MLIRContext *ctx, std::vector<Finding> &out,
                                   bool propagate)
    : ctx(ctx), out(out) {
  id = ctx->getDiagEngine().registerHandler(
      [this, propagate](Diagnostic &diag) -> LogicalResult {
        Finding f;
        f.rule = rule;
        f.severity = fromMLIR(diag.getSeverity());
        f.pos = toSourcePos(diag.getLocation());
        f.message = diag.str();
        if (f.pos.line && f.pos.file == sourceFile)
          f.sourceLine = sourceLineOf(sourceText, f.pos.line);
        for (Diagnostic &note : diag.getNotes())
          f.notes.push_back({toSourcePos(note.getLocation()), note.str()});
        this->out.push_back(std::move(f));
        return failure(propagate);
      });
}

std::string aircheck::sourceLineOf(StringRef text, unsigned line) {
  for (unsigned i = 1; !text.empty(); ++i) {
    auto [head, rest] = text.split('\n');
    if (i == line)
      return head.trim().str();
    text = rest;
  }
  return "";
}

FindingCollector::~FindingCollector() { ctx->getDiagEngine().eraseHandler(id); }
