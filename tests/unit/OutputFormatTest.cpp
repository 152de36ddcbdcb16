//===- OutputFormatTest.cpp - JSON and SARIF carry every finding ----------===//
#include "tools/air-check/Output.h"

#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>

using namespace aircheck;

static std::vector<FileResult> sample() {
  Finding f;
  f.rule = "structure";
  f.severity = Severity::Error;
  f.pos = {"a.mlir", 3, 5};
  f.message = "'air.channel.get' op has 1 channel indices, but channel @c has rank 2";
  f.notes.push_back({{"a.mlir", 1, 1}, "nearest enclosing hierarchy op"});
  Finding w;
  w.rule = "other";
  w.severity = Severity::Warning;
  w.pos = {"a.mlir", 7, 2};
  w.message = "a warning";
  return {FileResult{"a.mlir", "findings", {f, w}}};
}

TEST(OutputFormat, JsonCountsAndLocations) {
  std::string s;
  llvm::raw_string_ostream os(s);
  writeJson(os, sample());
  auto doc = llvm::json::parse(s);
  ASSERT_TRUE(bool(doc)) << llvm::toString(doc.takeError());
  auto *obj = doc->getAsObject();
  EXPECT_EQ(obj->getObject("summary")->getInteger("errors"), 1);
  EXPECT_EQ(obj->getObject("summary")->getInteger("warnings"), 1);
  auto *finding = obj->getArray("files")->front().getAsObject()->getArray("findings")->front().getAsObject();
  EXPECT_EQ(finding->getString("rule"), "structure");
  EXPECT_EQ(finding->getObject("location")->getInteger("line"), 3);
  EXPECT_EQ(finding->getArray("notes")->size(), 1u);
}

TEST(OutputFormat, SarifIsVersion210WithOneResultPerFinding) {
  std::string s;
  llvm::raw_string_ostream os(s);
  writeSarif(os, sample(), {{"structure", "structural rules"}});
  auto doc = llvm::json::parse(s);
  ASSERT_TRUE(bool(doc)) << llvm::toString(doc.takeError());
  auto *obj = doc->getAsObject();
  EXPECT_EQ(obj->getString("version"), "2.1.0");
  auto *run = obj->getArray("runs")->front().getAsObject();
  auto *results = run->getArray("results");
  ASSERT_EQ(results->size(), 2u);
  auto *r0 = results->front().getAsObject();
  EXPECT_EQ(r0->getString("level"), "error");
  auto *region = r0->getArray("locations")->front().getAsObject()
                     ->getObject("physicalLocation")->getObject("region");
  EXPECT_EQ(region->getInteger("startLine"), 3);
  EXPECT_EQ(region->getInteger("startColumn"), 5);
  EXPECT_EQ(r0->getArray("relatedLocations")->size(), 1u);
  // Rules named by results but not declared are added to the driver.
  auto *rules = run->getObject("tool")->getObject("driver")->getArray("rules");
  EXPECT_EQ(rules->size(), 2u);
}
