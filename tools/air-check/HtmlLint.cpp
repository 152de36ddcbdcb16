//===- HtmlLint.cpp - `air-check lint --format=html` -----------------------===//
//
// One self-contained page: per file, each finding as the text output has it
// (severity, location, message, notes) and, for a deadlock whose checker
// handed over its wait-for graph (Finding::graph), the cycle drawn
// (SvgCycle). The exit code is lint's, as for every other format.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/HtmlLint.h"

#include "tools/air-check/HtmlStyle.h"
#include "tools/air-check/Lint.h"
#include "tools/air-check/Output.h"
#include "tools/air-check/SvgCycle.h"

using namespace aircheck;

static std::string position(const SourcePos &p) {
  std::string s = p.file;
  if (p.line)
    s += ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
  return s;
}

void aircheck::writeFindingHtml(llvm::raw_ostream &os, const Finding &f) {
  os << "<div class=\"finding " << severityName(f.severity) << "\">"
     << "<div><span class=\"loc\">" << htmlEscape(position(f.pos))
     << "</span> <b>" << severityName(f.severity) << "</b>: "
     << htmlEscape(f.message) << " <span class=\"rule\">[" << htmlEscape(f.rule)
     << "]</span></div>\n";
  if (f.graph) {
    os << "<p><b>The wait-for " << (f.graph->cycle ? "cycle" : "chain")
       << "</b></p>\n";
    writeWaitGraphSvg(os, *f.graph);
  }
  if (!f.notes.empty()) {
    os << "<ul>\n";
    for (const FindingNote &n : f.notes)
      os << "<li><span class=\"loc\">" << htmlEscape(position(n.pos))
         << "</span> " << htmlEscape(n.message) << "</li>\n";
    os << "</ul>\n";
  }
  os << "</div>\n";
}

void aircheck::writeLintHtml(llvm::raw_ostream &os,
                             llvm::ArrayRef<FileResult> results) {
  writeHtmlHead(os, "air-check lint");
  os << "<h1>air-check lint</h1>\n<p class=\"verdict\" id=\"summary\">"
     << htmlEscape(summaryLine(results)) << "</p>\n";
  for (const FileResult &r : results) {
    os << "<h2>" << htmlEscape(r.file) << " <span class=\"rule\">("
       << htmlEscape(r.status) << ")</span></h2>\n";
    if (r.findings.empty())
      os << "<p class=\"clean\">no findings</p>\n";
    for (const Finding &f : r.findings)
      writeFindingHtml(os, f);
  }
  os << "</body></html>\n";
}

void aircheck::writeDeadlockPictures(llvm::raw_ostream &os, llvm::StringRef path) {
  LintOptions options;
  options.format = OutputFormat::Html; // collect, print nothing
  LintOutcome o = lintFile(path, options);
  bool any = false;
  for (const Finding &f : o.result.findings) {
    if (!f.graph)
      continue;
    if (!any)
      os << "<h2 id=\"deadlock\">Deadlock (air-check lint)</h2>\n";
    any = true;
    writeFindingHtml(os, f);
  }
}
