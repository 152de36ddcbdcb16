//===- Lint.cpp - parse, verify, run the checkers ---------------------------===//
#include "tools/air-check/Lint.h"

#include "tools/Registration.h"

#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "analyses/ImplicitHierarchy.h"
#include "analyses/aie/AIEDesign.h"
#include "dialects/AIR/AIRDialect.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CrashRecoveryContext.h"
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

void aircheck::maybeCrashForTesting(StringRef stage, StringRef crashIn) {
  if (crashIn.empty() || crashIn != stage)
    return;
  // A real null dereference: the pointer is volatile, so the compiler
  // cannot see that it is null and turn the store into a trap, and so is
  // the store, so it cannot drop it either.
  volatile int *volatile p = nullptr;
  *p = 42;
}

/// The outcome of a file that could not be read or holds nothing.
static LintOutcome inputFailure(StringRef path, StringRef status,
                                StringRef message, const LintOptions &options) {
  LintOutcome outcome;
  outcome.result.file = path.str();
  outcome.result.status = status.str();
  Finding f;
  f.rule = "input";
  f.pos.file = path.str();
  f.message = message.str();
  if (options.format == OutputFormat::Text || options.verifyDiagnostics)
    printOneLine(f);
  outcome.result.findings.push_back(std::move(f));
  outcome.diagnosticsMatched = false;
  return outcome;
}

LintOutcome aircheck::unreadableInput(StringRef path, StringRef why,
                                      const LintOptions &options) {
  return inputFailure(path, "unreadable",
                      "cannot read '" + path.str() + "': " + why.str(), options);
}

LintOutcome aircheck::lintFile(StringRef path, const LintOptions &options) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError())
    return unreadableInput(path, ec.message(), options);
  return lintBuffer(path, std::move(*buffer), options);
}

LintOutcome aircheck::lintBuffer(StringRef path,
                                 std::unique_ptr<llvm::MemoryBuffer> buffer,
                                 const LintOptions &options) {
  LintOutcome outcome;
  FileResult &result = outcome.result;
  result.file = path.str();
  bool text = options.format == OutputFormat::Text;

  auto fail = [&](StringRef status, StringRef message) {
    return inputFailure(path, status, message, options);
  };

  if (buffer->getBuffer().trim().empty())
    return fail("parse-error", "input is empty; expected an MLIR module");

  DialectRegistry registry;
  registerDialects(registry);
  // On the heap: after a crash the context, the module and the analyses may
  // be half-updated, so they are leaked rather than destroyed.
  auto ctxOwner = std::make_unique<MLIRContext>(registry,
                                                MLIRContext::Threading::DISABLED);
  MLIRContext &ctx = *ctxOwner;
  ctx.printOpOnDiagnostic(false);
  ctx.printStackTraceOnDiagnostic(false);

  // Runs one stage under crash recovery; a crash (a signal, an abort, an
  // uncaught exception) becomes one internal-error finding naming the stage,
  // and nothing after it runs on this file.
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<ModuleAnalysisManager> mam;
  // --crash-in=<stage>[:<file>]: only in files whose path ends with <file>.
  auto [crashStage, crashFile] = StringRef(options.crashIn).split(':');
  if (!crashFile.empty() && !path.ends_with(crashFile))
    crashStage = "";
  bool crashed = false;
  auto runStage = [&](StringRef stage, llvm::function_ref<void()> fn) {
    if (crashed)
      return false;
    llvm::CrashRecoveryContext crc;
    if (crc.RunSafely([&] {
          maybeCrashForTesting(stage, crashStage);
          fn();
        }))
      return true;
    crashed = true;
    (void)ctxOwner.release();
    (void)module.release();
    (void)mam.release();
    // Member by member: GCC 12 warns (-Wmaybe-uninitialized, a false
    // alarm) on the aggregate form.
    Finding f;
    f.rule = kInternalErrorRule.str();
    f.pos.file = path.str();
    f.message = ("internal error: air-check crashed in the '" + stage +
                 "' stage; this file's results are incomplete (please "
                 "report it with this input)")
                    .str();
    if (text || options.verifyDiagnostics)
      printOneLine(f);
    result.findings.push_back(std::move(f));
    result.status = "internal-error";
    outcome.diagnosticsMatched = false;
    return false;
  };

  llvm::SourceMgr sourceMgr;
  StringRef sourceText = buffer->getBuffer();
  // The name locations carry ("<stdin>" for "-").
  std::string sourceName = buffer->getBufferIdentifier().str();
  sourceMgr.AddNewSourceBuffer(std::move(buffer), SMLoc());

  std::unique_ptr<SourceMgrDiagnosticVerifierHandler> verifier;
  std::unique_ptr<SourceMgrDiagnosticHandler> printer;
  if (options.verifyDiagnostics)
    verifier = std::make_unique<SourceMgrDiagnosticVerifierHandler>(sourceMgr, &ctx);

  // Parse errors are reported one line each; everything else, once parsed,
  // in the clang/MLIR style with the source line and notes.
  {
    std::vector<Finding> parseErrors;
    FindingCollector collector(&ctx, parseErrors,
                               /*propagate=*/options.verifyDiagnostics);
    collector.setRule("parse");
    collector.setSource(sourceName, sourceText);
    ParserConfig config(&ctx, /*verifyAfterParse=*/false);
    if (!runStage("parse", [&] {
          module = parseModule(sourceMgr, config);
        })) {
      result.findings.insert(result.findings.begin(), parseErrors.begin(),
                             parseErrors.end());
      return outcome;
    }
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
  collector.setSource(sourceName, sourceText);

  collector.setRule(kStructureRule);
  bool verified = false;
  if (!runStage("verify", [&] {
        verified = succeeded(checkVerifierPreconditions(*module)) &&
                   succeeded(verify(*module));
      }))
    return outcome;
  if (verified) {
    // A module with an aie.device gets the aie-level checks; the AIR checks
    // run unless the module is only an aie design (no AIR op at all).
    // A module with nv_tileaa ops gets the nv_tileaa checks (seed 001);
    // the AIR checks run unless the module is only an aie design or only
    // nv_tileaa (no AIR op at all).
    bool aieLevel = aiecheck::hasAIE(*module);
    bool tileaaLevel = false, hasAIROps = false;
    module->walk([&](Operation *op) {
      if (isa_and_nonnull<air::AIRDialect>(op->getDialect()))
        hasAIROps = true;
      if (isa_and_nonnull<tileaa::TileAADialect>(op->getDialect()))
        tileaaLevel = true;
      return WalkResult::advance();
    });
    bool airLevel = hasAIROps || (!aieLevel && !tileaaLevel);
    // Analyse bare herds and segments as upstream's pipeline wraps them;
    // hierarchy-nesting reports each wrapper.
    if (airLevel &&
        !runStage("wrap-hierarchy", [&] { wrapBareHierarchy(*module); }))
      return outcome;
    mam = std::make_unique<ModuleAnalysisManager>(*module,
                                                  /*passInstrumentor=*/nullptr);
    CheckContext checkCtx{*module, options.check, *mam,
                          [&](StringRef rule) {
                            return result.count(Severity::Error, rule);
                          },
                          [&](StringRef rule) {
                            return result.count(Severity::Warning, rule);
                          }};
    checkCtx.sourceName = sourceName;
    checkCtx.sourceText = sourceText;
    std::string rule;
    checkCtx.proved = [&](Location loc, const std::string &what) {
      result.proofs.push_back(Proof{rule, toSourcePos(loc), what});
      if (text && options.showProofs && !options.verifyDiagnostics) {
        const SourcePos &p = result.proofs.back().pos;
        llvm::errs() << p.file << ":" << p.line << ":" << p.column
                     << ": proven: " << what << " [" << rule << "]\n";
      }
    };
    checkCtx.drew = [&](WaitGraph g) {
      // The diagnostic it belongs to is the last one of this rule.
      for (auto it = result.findings.rbegin(); it != result.findings.rend(); ++it)
        if (it->rule == rule) {
          it->graph = std::make_shared<const WaitGraph>(std::move(g));
          return;
        }
    };
    for (const auto &checker : allCheckers()) {
      if (options.disabled.contains(checker->id()))
        continue;
      bool levelOn = checker->level() == CheckLevel::AIE      ? aieLevel
                     : checker->level() == CheckLevel::TileAA ? tileaaLevel
                                                              : airLevel;
      if (!levelOn)
        continue;
      collector.setRule(checker->id());
      rule = checker->id().str();
      bool finished = runStage(checker->id(), [&] {
        try {
          checker->run(checkCtx);
        } catch (const std::exception &e) {
          // Not a pass: the check could not finish, and says so.
          module->emitWarning()
              << "the " << checker->id()
              << " check is unknown: it stopped on an internal error ("
              << e.what() << ")";
        }
      });
      if (!finished)
        return outcome;
    }
  }

  bool any = result.count(Severity::Error) || result.count(Severity::Warning);
  result.status = any ? "findings" : "clean";
  if (verifier)
    outcome.diagnosticsMatched = succeeded(verifier->verify());
  return outcome;
}
