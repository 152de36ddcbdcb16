//===- SarifOutput.cpp - SARIF 2.1.0 for code-scanning tools ---------------===//
#include "tools/air-check/Output.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

using namespace aircheck;
namespace json = llvm::json;

static llvm::StringRef sarifLevel(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  default:
    return "note";
  }
}

static json::Object physicalLocation(const SourcePos &p) {
  json::Object region;
  if (p.line) {
    region["startLine"] = p.line;
    if (p.column)
      region["startColumn"] = p.column;
  }
  json::Object phys{{"artifactLocation", json::Object{{"uri", p.file}}}};
  if (p.line)
    phys["region"] = std::move(region);
  return json::Object{{"physicalLocation", std::move(phys)}};
}

void aircheck::writeSarif(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results,
                          llvm::ArrayRef<RuleInfo> rules) {
  json::Array ruleArray;
  llvm::StringSet<> known;
  for (const RuleInfo &r : rules) {
    known.insert(r.id);
    ruleArray.push_back(json::Object{
        {"id", r.id}, {"shortDescription", json::Object{{"text", r.summary}}}});
  }
  json::Array out;
  for (const FileResult &r : results) {
    for (const Finding &f : r.findings) {
      if (!known.contains(f.rule)) {
        known.insert(f.rule);
        ruleArray.push_back(json::Object{
            {"id", f.rule}, {"shortDescription", json::Object{{"text", f.rule}}}});
      }
      json::Array related;
      unsigned id = 0;
      for (const FindingNote &n : f.notes) {
        json::Object loc = physicalLocation(n.pos);
        loc["id"] = id++;
        loc["message"] = json::Object{{"text", n.message}};
        related.push_back(std::move(loc));
      }
      json::Array locations;
      locations.push_back(physicalLocation(f.pos));
      json::Object result{{"ruleId", f.rule},
                          {"level", sarifLevel(f.severity)},
                          {"message", json::Object{{"text", f.message}}},
                          {"locations", std::move(locations)}};
      if (!related.empty())
        result["relatedLocations"] = std::move(related);
      out.push_back(std::move(result));
    }
  }
  json::Object driver{{"name", "air-check"},
                      {"version", kVersion},
                      {"rules", std::move(ruleArray)}};
  json::Object run{{"tool", json::Object{{"driver", std::move(driver)}}},
                   {"results", std::move(out)}};
  json::Array runs;
  runs.push_back(std::move(run));
  json::Value doc = json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", std::move(runs)}};
  os << llvm::formatv("{0:2}", doc) << "\n";
}
