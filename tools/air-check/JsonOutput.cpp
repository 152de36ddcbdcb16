//===- JsonOutput.cpp - air-check's JSON format ----------------------------===//
#include "tools/air-check/Output.h"

#include "llvm/Support/JSON.h"

using namespace aircheck;
namespace json = llvm::json;

// The project version (CMakeLists.txt, project()).
const char *const aircheck::kVersion = AIRCHECK_VERSION;

static json::Object posObject(const SourcePos &p) {
  return json::Object{{"file", p.file}, {"line", p.line}, {"column", p.column}};
}

void aircheck::writeJson(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results) {
  json::Array files;
  unsigned errors = 0, warnings = 0, proven = 0;
  for (const FileResult &r : results) {
    json::Array findings;
    for (const Finding &f : r.findings) {
      json::Array notes;
      for (const FindingNote &n : f.notes)
        notes.push_back(json::Object{{"location", posObject(n.pos)},
                                     {"message", n.message}});
      findings.push_back(json::Object{{"rule", f.rule},
                                      {"severity", severityName(f.severity)},
                                      {"message", f.message},
                                      {"location", posObject(f.pos)},
                                      {"notes", std::move(notes)}});
    }
    json::Array proofs;
    for (const Proof &p : r.proofs)
      proofs.push_back(json::Object{{"rule", p.rule},
                                    {"message", p.message},
                                    {"location", posObject(p.pos)}});
    errors += r.count(Severity::Error);
    warnings += r.count(Severity::Warning);
    proven += r.proofs.size();
    files.push_back(json::Object{{"file", r.file},
                                 {"status", r.status},
                                 {"findings", std::move(findings)},
                                 {"proofs", std::move(proofs)}});
  }
  json::Value doc = json::Object{
      {"tool", "air-check"},
      {"version", kVersion},
      {"files", std::move(files)},
      {"summary", json::Object{{"files", results.size()},
                               {"errors", errors},
                               {"warnings", warnings},
                               {"proofs", proven}}}};
  os << llvm::formatv("{0:2}", doc) << "\n";
}

std::string aircheck::summaryLine(llvm::ArrayRef<FileResult> results) {
  unsigned errors = 0, warnings = 0;
  for (const FileResult &r : results) {
    errors += r.count(Severity::Error);
    warnings += r.count(Severity::Warning);
  }
  auto plural = [](unsigned n, const char *w) {
    return std::to_string(n) + " " + w + (n == 1 ? "" : "s");
  };
  return plural(results.size(), "file") + ", " + plural(errors, "error") +
         ", " + plural(warnings, "warning");
}
