//===- ParseHazardsTest.cpp - the scan in front of MLIR's parser -----------===//
//
// findParseHazard must find every forward reference that MLIR's parser
// would resolve into a region not holding the use (those crash MLIR when the
// region then fails), and should flag no valid program (each flag costs a
// parse in a child process).
//
//===----------------------------------------------------------------------===//
#include "tools/frontend/ParseHazards.h"
#include "tools/frontend/SafeParse.h"
#include "tools/Registration.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace aircheck;

namespace {

// Uses before a definition inside a nested region: the name scanned, where
// the use is (its text), where the definition is.
struct Case {
  const char *name;
  const char *text;
  const char *use;
  const char *def;
};

const Case kHazards[] = {
    {"top-level use, ODS region (the fuzz find)",
     "%y = memref.load %buf[%i] : memref<4xi32>\n"
     "%d = aie.memtile_dma(%t) {\n"
     "  %0 = aie.dma_start(S2MM, 0, ^bb2, ^bb1)\n"
     "^bb1:\n"
     "  %buf = aie.buffer(%t3) : memref<4xi32>\n"
     "^bb2:\n",
     "%buf[", "%buf ="},
    {"scf.reduce region",
     "%u = arith.addi %b, %b : i32\n"
     "scf.reduce(%c : index) {\n"
     "^bb0(%x: index, %y: index):\n"
     "  %b = arith.constant 1 : i32\n",
     "%b, %b", "%b ="},
    {"builtin.module region",
     "%u = arith.addi %b, %b : i32\n"
     "module {\n  %b = arith.constant 1 : i32\n",
     "%b, %b", "%b ="},
    {"use in a sibling region",
     "func.func @f() {\n  scf.execute_region {\n    \"test.use\"(%v) : (i32) -> ()\n"
     "  }\n  scf.execute_region {\n    %v = arith.constant 0 : i32\n  }\n}\n",
     "%v)", "%v ="},
    {"block argument of a nested region",
     "%u = arith.addi %x, %x : i32\nscf.reduce(%c : index) {\n"
     "^bb0(%x: i32, %y: i32):\n",
     "%x, %x", "%x:"},
    {"inside a herd, defined deeper",
     "air.herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {\n"
     "  %u = arith.addi %w, %w : i32\n"
     "  scf.for %i = %c0 to %c4 step %c1 {\n    %w = arith.constant 2 : i32\n"
     "  }\n}\n",
     "%w, %w", "%w ="},
    {"an op's own region defines what its operands use",
     "%r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %q) -> (i32) {\n"
     "  scf.if %cond {\n    %q = arith.constant 1 : i32\n  }\n}\n",
     "%q)", "%q ="},
    {"a region of an op the scan does not know",
     "%u = arith.addi %b, %b : i32\n\"mystery.op\"() ({\n"
     "  %b = arith.constant 1 : i32\n}) : () -> ()\n",
     "%b, %b", "%b ="},
};

const Case kValid[] = {
    {"definition before use, nested", "%c = arith.constant 0 : index\n"
                                      "scf.for %i = %c to %c step %c {\n"
                                      "  %u = arith.addi %c, %i : index\n}\n"},
    {"names reused in sibling regions and isolated bodies",
     "func.func @a() {\n  %0 = arith.constant 0 : i32\n  %1 = arith.addi %0, %0 : i32\n"
     "  return\n}\nfunc.func @b() {\n  %0 = arith.constant 1 : i32\n  return\n}\n"
     "func.func @c() {\n  %0 = arith.constant 0 : index\n"
     "  air.herd tile (%x, %y) in (%sx=%0, %sy=%0) {\n"
     "    %0 = arith.constant 2 : index\n  }\n  return\n}\n"},
    {"graph region forward reference",
     "aie.device(npu1) {\n  %c = aie.core(%t) {\n    aie.end\n  }\n"
     "  %t = aie.tile(0, 2)\n}\n"},
    {"CFG forward reference within a region",
     "func.func @f() {\n  cf.br ^bb2\n^bb1:\n  %u = arith.addi %v, %v : i32\n"
     "  return\n^bb2:\n  %v = arith.constant 0 : i32\n  cf.br ^bb1\n}\n"},
    {"region argument headers",
     "func.func @f(%arg0: memref<4xi32> {llvm.noalias}, %n: index) {\n"
     "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (memref<4xi32>) {\n"
     "    scf.yield %acc : memref<4xi32>\n  }\n"
     "  scf.parallel (%a, %b) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {\n"
     "    %s = arith.addi %a, %b : index\n    scf.reduce\n  }\n"
     "  %t = air.launch async (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%m=%arg0) : memref<4xi32> {\n"
     "    %u = arith.addi %lx, %ny : index\n  }\n"
     "  %red = linalg.reduce ins(%x : tensor<4xf32>) outs(%y : tensor<f32>) dimensions = [0]\n"
     "    (%in: f32, %init: f32) {\n      %m2 = arith.maxnumf %in, %init : f32\n"
     "      linalg.yield %m2 : f32\n    }\n  return\n}\n"},
    {"block arguments and successor operands",
     "func.func @f(%c: i1, %v: i32) {\n  cf.cond_br %c, ^bb1(%v : i32), ^bb1(%v : i32)\n"
     "^bb1(%a: i32):\n  %b = arith.addi %a, %a : i32\n  return\n}\n"},
    {"results used after the op's region",
     "%r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z, %b = %z) -> (i32, i32) {\n"
     "  %n = arith.addi %a, %b : i32\n  scf.yield %n, %n : i32, i32\n}\n"
     "%s = arith.addi %r#0, %r#1 : i32\n"
     "scf.execute_region {\n  %q = arith.addi %r#0, %s : i32\n  scf.yield\n}\n"},
};

size_t offsetOf(const char *text, const char *needle) {
  return llvm::StringRef(text).find(needle);
}

TEST(ParseHazards, FindsEveryShape) {
  for (const Case &c : kHazards) {
    std::optional<ParseHazard> h = findParseHazard(c.text);
    ASSERT_TRUE(h.has_value()) << c.name;
    EXPECT_EQ(h->useOffset, offsetOf(c.text, c.use)) << c.name;
    EXPECT_EQ(h->defOffset, offsetOf(c.text, c.def)) << c.name;
  }
}

TEST(ParseHazards, ValidFormsAreNotFlagged) {
  for (const Case &c : kValid)
    EXPECT_FALSE(findParseHazard(c.text).has_value()) << c.name;
}

// No program of the repository (corpus/, tests/) is flagged but the
// hazards tests/lit/frontend holds on purpose: each one parses straight away.
TEST(ParseHazards, NoProgramOfTheRepositoryIsFlagged) {
  unsigned scanned = 0;
  for (const char *dir : {"corpus", "tests"}) {
    std::error_code ec;
    llvm::SmallString<256> root(AIRCHECK_SOURCE_DIR);
    llvm::sys::path::append(root, dir);
    for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
         it != end && !ec; it.increment(ec)) {
      if (llvm::sys::path::extension(it->path()) != ".mlir" ||
          llvm::StringRef(it->path()).contains("lit/frontend/Inputs"))
        continue;
      auto buffer = llvm::MemoryBuffer::getFile(it->path());
      ASSERT_TRUE(bool(buffer)) << it->path();
      llvm::SmallVector<llvm::StringRef> chunks;
      (*buffer)->getBuffer().split(chunks, "// -----");
      for (llvm::StringRef chunk : chunks) {
        ++scanned;
        std::optional<ParseHazard> h = findParseHazard(chunk);
        EXPECT_FALSE(h.has_value())
            << it->path() << ": " << (h ? h->name.str() : "");
      }
    }
  }
  EXPECT_GT(scanned, 100u);
}

// A flagged input is parsed in a child first: a valid one comes back, a
// broken one is a parse error with the child's diagnostic, and the test
// process is unharmed either way.
TEST(SafeParse, FlaggedInputsParseApart) {
  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext ctx(registry);
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler capture(&ctx, [&](mlir::Diagnostic &d) {
    errors.push_back(d.str());
    return mlir::success();
  });
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  for (int round = 0; round < 3; ++round) {
    errors.clear();
    auto broken = parseModule(
        "%u = arith.addi %b, %b : i32\n"
        "%c = arith.constant 0 : index\n"
        "scf.reduce(%c : index) {\n  cf.br ^bb2\n^bb1:\n"
        "  %b = arith.constant 1 : i32\n^bb2:\n",
        config);
    EXPECT_FALSE(broken);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0], "expected operation name in quotes");
  }
  // Flagged and yet it parses (the verifier rejects it later): the module
  // comes back.
  errors.clear();
  auto parsed = parseModule("%u = arith.addi %b, %b : i32\n"
                            "%c = arith.constant 0 : index\n"
                            "scf.execute_region {\n"
                            "  %b = arith.constant 1 : i32\n  scf.yield\n}\n",
                            config);
  EXPECT_TRUE(parsed);
  EXPECT_TRUE(errors.empty());
}

} // namespace
