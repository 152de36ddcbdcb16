//===- Lint.cpp - parse, verify, run the checkers ---------------------------===//
#include "tools/air-check/Lint.h"

#include "tools/Registration.h"

#include "analyses/ImplicitHierarchy.h"
#include "checkers/AIECommon.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace aircheck;
using namespace mlir;

static void printOneLine(const Finding &f) {
  llvm::errs() << f.pos.file;
  if (f.pos.line)
    llvm::errs() << ":" << f.pos.line << ":" << f.pos.column;
  llvm::errs() << ": " << severityName(f.severity) << ": " << f.message << "\n";
}

LintOutcome aircheck::lintFile(StringRef path, const LintOptions &options) {
  LintOutcome outcome;
  FileResult &result = outcome.result;
  result.file = path.str();
  bool text = options.format == OutputFormat::Text;

  auto fail = [&](StringRef status, StringRef message) {
    result.status = status.str();
    Finding f{"input", Severity::Error, {path.str(), 0, 0}, message.str(), {}};
    if (text || options.verifyDiagnostics)
      printOneLine(f);
    result.findings.push_back(std::move(f));
    outcome.diagnosticsMatched = false;
    return outcome;
  };

  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return fail("unreadable", "cannot read '" + path.str() + "': " + ec.message());
  if ((*buffer)->getBuffer().trim().empty())
    return fail("parse-error", "input is empty; expected an MLIR module");

  DialectRegistry registry;
  registerDialects(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  ctx.printStackTraceOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), SMLoc());

  std::unique_ptr<SourceMgrDiagnosticVerifierHandler> verifier;
  std::unique_ptr<SourceMgrDiagnosticHandler> printer;
  if (options.verifyDiagnostics)
    verifier = std::make_unique<SourceMgrDiagnosticVerifierHandler>(sourceMgr, &ctx);

  // Parse errors are reported one line each; everything else, once parsed,
  // in the clang/MLIR style with the source line and notes.
  OwningOpRef<ModuleOp> module;
  {
    std::vector<Finding> parseErrors;
    FindingCollector collector(&ctx, parseErrors,
                               /*propagate=*/options.verifyDiagnostics);
    collector.setRule("parse");
    ParserConfig config(&ctx, /*verifyAfterParse=*/false);
    module = parseSourceFile<ModuleOp>(sourceMgr, config);
    if (!module) {
      result.status = "parse-error";
      if (text && !options.verifyDiagnostics)
        for (const Finding &f : parseErrors)
          printOneLine(f);
      result.findings = std::move(parseErrors);
      if (verifier)
        outcome.diagnosticsMatched = succeeded(verifier->verify());
      return outcome;
    }
  }
  if (module->getBody()->empty())
    return fail("parse-error", "input holds no operations");

  if (text && !options.verifyDiagnostics)
    printer = std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, &ctx,
                                                           llvm::errs());
  FindingCollector collector(&ctx, result.findings,
                             /*propagate=*/text || options.verifyDiagnostics);

  collector.setRule(kStructureRule);
  bool verified = succeeded(verify(*module));
  if (verified) {
    // A module with an aie.device gets the aie-level checks; the AIR checks
    // run unless the module is only an aie design (no AIR op at all).
    bool aieLevel = aiecheck::hasAIE(*module);
    bool airLevel = !aieLevel;
    if (aieLevel)
      module->walk([&](Operation *op) {
        if (isa<air::AIRDialect>(op->getDialect())) {
          airLevel = true;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
    // Analyse bare herds and segments as upstream's pipeline wraps them;
    // hierarchy-nesting reports each wrapper.
    if (airLevel)
      wrapBareHierarchy(*module);
    ModuleAnalysisManager mam(*module, /*passInstrumentor=*/nullptr);
    CheckContext checkCtx{*module, options.check, mam,
                          [&](StringRef rule) {
                            return result.count(Severity::Error, rule);
                          },
                          [&](StringRef rule) {
                            return result.count(Severity::Warning, rule);
                          }};
    std::string rule;
    checkCtx.proved = [&](Location loc, const std::string &what) {
      result.proofs.push_back(Proof{rule, toSourcePos(loc), what});
      if (text && options.showProofs && !options.verifyDiagnostics) {
        const SourcePos &p = result.proofs.back().pos;
        llvm::errs() << p.file << ":" << p.line << ":" << p.column
                     << ": proven: " << what << " [" << rule << "]\n";
      }
    };
    for (const auto &checker : allCheckers()) {
      if (options.disabled.contains(checker->id()))
        continue;
      if (!(checker->level() == CheckLevel::AIE ? aieLevel : airLevel))
        continue;
      collector.setRule(checker->id());
      rule = checker->id().str();
      try {
        checker->run(checkCtx);
      } catch (const std::exception &e) {
        // Not a pass: the check could not finish, and says so.
        module->emitWarning() << "the " << checker->id()
                              << " check is unknown: it stopped on an internal "
                                 "error ("
                              << e.what() << ")";
      }
    }
  }

  bool any = result.count(Severity::Error) || result.count(Severity::Warning);
  result.status = any ? "findings" : "clean";
  if (verifier)
    outcome.diagnosticsMatched = succeeded(verifier->verify());
  return outcome;
}
