//===- SarifOutput.cpp - SARIF 2.1.0 for code-scanning tools ---------------===//
//
// One run; every rule lint knows under tool.driver.rules (its summary, its
// description from docs/lint.md, a default level); one result per finding
// with its level, location, notes as relatedLocations and a fingerprint
// that survives a shift of lines (partialFingerprints).
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/Output.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/xxhash.h"

using namespace aircheck;
namespace json = llvm::json;

/// Each rule's row of the rules table in docs/lint.md (markdown).
static const llvm::StringMap<llvm::StringRef> &ruleDocs() {
  static const llvm::StringMap<llvm::StringRef> docs = {
#include "tools/air-check/RuleDocs.inc"
  };
  return docs;
}

/// Markdown to plain text: code spans lose their backticks.
static std::string plainText(llvm::StringRef md) {
  std::string out;
  for (char c : md)
    if (c != '`')
      out += c;
  return out;
}

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

/// A file as a SARIF artifact URI: relative paths stay relative (to the
/// folder lint ran in, normally the repository root, as code scanning
/// expects); absolute ones become file:// URIs.
static std::string artifactUri(llvm::StringRef file) {
  std::string path = file.str();
  if (llvm::sys::path::is_absolute(path))
    path = "file://" + path;
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '%' || c == '#' || c == '?')
      out += llvm::formatv("%{0:X2}", static_cast<unsigned char>(c)).str();
    else
      out += c;
  }
  return out;
}

/// A location; one without a line (an unreadable file, an internal error)
/// points at line 1 of its file, since code scanning wants a region.
static json::Object physicalLocation(const SourcePos &p) {
  json::Object region{{"startLine", p.line ? p.line : 1}};
  if (p.line && p.column)
    region["startColumn"] = p.column;
  json::Object phys{{"artifactLocation", json::Object{{"uri", artifactUri(p.file)}}},
                    {"region", std::move(region)}};
  return json::Object{{"physicalLocation", std::move(phys)}};
}

/// The message without positions ("4:5") and line numbers, which move when
/// lines are added above.
static std::string withoutPositions(llvm::StringRef message) {
  static const llvm::Regex pos("[0-9]+:[0-9]+");
  static const llvm::Regex line("line [0-9]+");
  std::string s = message.str();
  std::string prev;
  while (prev != s) {
    prev = s;
    s = pos.sub("N:N", s);
    s = line.sub("line N", s);
  }
  return s;
}

std::string aircheck::findingFingerprint(const Finding &f) {
  std::string key = f.rule + '\0' + f.pos.file + '\0' +
                    withoutPositions(f.message) + '\0' + f.sourceLine;
  return llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true, 16);
}

void aircheck::writeSarif(llvm::raw_ostream &os, llvm::ArrayRef<FileResult> results,
                          llvm::ArrayRef<RuleInfo> rules) {
  json::Array ruleArray;
  llvm::StringSet<> known;
  auto describe = [&](llvm::StringRef id, llvm::StringRef summary) {
    known.insert(id);
    llvm::StringRef doc = ruleDocs().lookup(id);
    if (doc.empty())
      doc = summary;
    std::string help = plainText(doc) + " (air-check docs/lint.md, Rules)";
    std::string helpMarkdown =
        "**" + id.str() + "**: " + doc.str() +
        "\n\nSee `docs/lint.md` (section Rules) in air-check's documentation "
        "(installed in `share/doc/air-check`).";
    ruleArray.push_back(json::Object{
        {"id", id},
        {"name", id},
        {"shortDescription", json::Object{{"text", summary}}},
        {"fullDescription", json::Object{{"text", plainText(doc)}}},
        {"help", json::Object{{"text", help}, {"markdown", helpMarkdown}}},
        // A rule's findings carry their own level; its default is the most
        // severe it reports.
        {"defaultConfiguration", json::Object{{"level", "error"}}}});
  };
  for (const RuleInfo &r : rules)
    describe(r.id, r.summary);

  json::Array out;
  for (const FileResult &r : results) {
    // Equal fingerprints within a file are told apart by their order.
    llvm::StringMap<unsigned> seen;
    for (const Finding &f : r.findings) {
      if (!known.contains(f.rule))
        describe(f.rule, f.rule);
      json::Array related;
      unsigned id = 0;
      for (const FindingNote &n : f.notes) {
        json::Object loc;
        if (!n.pos.file.empty())
          loc = physicalLocation(n.pos);
        loc["id"] = id++;
        loc["message"] = json::Object{{"text", n.message}};
        related.push_back(std::move(loc));
      }
      json::Array locations;
      locations.push_back(physicalLocation(f.pos));
      std::string print = findingFingerprint(f);
      unsigned occurrence = seen[print]++;
      json::Object result{
          {"ruleId", f.rule},
          {"level", sarifLevel(f.severity)},
          {"message", json::Object{{"text", f.message}}},
          {"locations", std::move(locations)},
          {"partialFingerprints",
           json::Object{{"airCheckFinding/v1",
                         print + ":" + std::to_string(occurrence + 1)}}}};
      if (!related.empty())
        result["relatedLocations"] = std::move(related);
      out.push_back(std::move(result));
    }
  }
  json::Object driver{{"name", "air-check"},
                      {"version", kVersion},
                      {"semanticVersion", kVersion},
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
