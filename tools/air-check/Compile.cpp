//===- Compile.cpp - `air-check compile`: lint, lower, check again ---------===//
#include "tools/air-check/Compile.h"

#include "tools/Registration.h"
#include "tools/air-check/Lint.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "analyses/ImplicitHierarchy.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace aircheck;
using namespace mlir;

// Warnings that do not stand in the way of a verified compilation: a bare
// herd or segment is wrapped as upstream's pipeline wraps it, and the
// lowering lowers the wrapped program. Every other warning is an `unknown`
// or a property that only holds in part (a count imbalance), and refuses.
bool aircheck::blocksCompilation(const Finding &f) {
  return f.severity == Severity::Error ||
         (f.severity == Severity::Warning && f.rule != "hierarchy-nesting");
}

static int refuse(StringRef input, const Twine &why) {
  llvm::errs() << "air-check compile: " << input << ": refused: " << why
               << "; no output written\n";
  return 1;
}

int aircheck::runCompile(StringRef input, const CompileOptions &options) {
  auto dev = loadDevice(options.target, deviceDirectory());
  if (!dev) {
    llvm::errs() << "air-check compile: error: "
                 << llvm::toString(dev.takeError()) << "\n";
    return 2;
  }
  static const char *const aieEmits[] = {"aie", "air"};
  static const char *const gpuEmits[] = {"gpu", "llvm", "isa", "bin", "air"};
  ArrayRef<const char *> emits =
      dev->isAIE() ? ArrayRef<const char *>(aieEmits) : ArrayRef<const char *>(gpuEmits);
  if (!dev->isAIE() && !dev->isGPU()) {
    llvm::errs() << "air-check compile: error: device '" << options.target
                 << "' is of kind '" << dev->kind
                 << "', which compile has no back end for\n";
    return 2;
  }
  if (!options.emit.empty() && !llvm::is_contained(emits, options.emit)) {
    llvm::errs() << "air-check compile: error: --emit=" << options.emit
                 << " is not an output of a " << dev->kind
                 << " target (one of: " << llvm::join(emits, ", ") << ")\n";
    return 2;
  }

  // 1. Every check, with the target's device model.
  LintOptions lint;
  lint.check.device = options.target;
  lint.check.maxSteps = options.maxSteps;
  // Read once: "-" (standard input) cannot be read twice.
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/true);
  if (std::error_code ec = buffer.getError()) {
    (void)unreadableInput(input, ec.message(), lint); // prints it
    return 2;
  }
  LintOutcome checked = lintBuffer(
      input, llvm::MemoryBuffer::getMemBufferCopy((*buffer)->getBuffer(),
                                                  (*buffer)->getBufferIdentifier()),
      lint);
  const FileResult &r = checked.result;
  if (r.status == "internal-error")
    return 3;
  if (r.status == "parse-error" || r.status == "unreadable")
    return 2;
  unsigned errors = r.count(Severity::Error), blocking = 0;
  for (const Finding &f : r.findings)
    blocking += f.severity == Severity::Warning && blocksCompilation(f);
  if (errors)
    return refuse(input, Twine(errors) + " error" + (errors == 1 ? "" : "s") +
                             " from the checks");
  if (blocking)
    return refuse(input, Twine(blocking) + " warning" +
                             (blocking == 1 ? "" : "s") +
                             " (an unknown is not a proof)");

  // 2. Parse the verified program again, for the lowering.
  std::unique_ptr<MLIRContext> ctxOwner = newToolContext();
  MLIRContext &ctx = *ctxOwner;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler printer(sourceMgr, &ctx, llvm::errs());
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseModule(sourceMgr, config);
  if (!module || failed(checkVerifierPreconditions(*module)) ||
      failed(verify(*module)))
    return 2; // lint just read the same text: it does not get here

  CompileResult out;
  llvm::CrashRecoveryContext crc;
  bool finished = crc.RunSafely([&] {
    wrapBareHierarchy(*module);
    // The run the NPU lowering follows (and validation's run of the
    // program) moves every transfer of the program: its budget is larger
    // than lint's, which proves the big programs symbolically.
    out = dev->isAIE() ? compileForAIE(*module, *dev, options.emit, input,
                                       std::max(options.maxSteps,
                                                kCompileRunSteps),
                                       options.allowUnvalidated)
                       : compileForGPU(*module, *dev, options.emit, input,
                                       options.allowUnvalidated);
  });
  if (!finished) {
    (void)ctxOwner.release();
    (void)module.release();
    llvm::errs() << "air-check compile: " << input
                 << ": internal error: air-check crashed while lowering "
                    "(please report it with this input); no output written\n";
    return 3;
  }
  switch (out.status) {
  case CompileResult::Status::Refused:
    return refuse(input, "the lowering does not support the constructs above, "
                         "or the lowered design could not be proven or "
                         "validated");
  case CompileResult::Status::Internal:
    llvm::errs() << "air-check compile: " << input
                 << ": internal error: the lowered program failed its check "
                    "(a bug in the lowering; please report it with this "
                    "input); no output written\n";
    return 3;
  case CompileResult::Status::Ok:
    break;
  }

  // 3. Only now does an output exist.
  std::string error;
  auto file = openOutputFile(options.output.empty() ? "-" : options.output,
                             &error);
  if (!file) {
    llvm::errs() << "air-check compile: error: " << error << "\n";
    return 2;
  }
  file->os() << out.text;
  file->keep();
  return 0;
}
