//===- CompileAIE.cpp - the NPU back end of `air-check compile` -----------===//
//
// Lowers with lowerings/AIRToAIE, verifies the result, prints it, parses the
// printed text again and runs every aie-level check on it. Any finding
// there is a bug of the lowering: the output is not written.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/Compile.h"

#include "tools/air-check/Lint.h"

#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace aircheck;
using namespace mlir;

static std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().useLocalScope());
  os << "\n";
  return text;
}

CompileResult aircheck::compileForAIE(ModuleOp module, const DeviceModel &device,
                                      StringRef emit, StringRef inputName) {
  if (emit == "air")
    return {CompileResult::Status::Ok, print(module)};
  OwningOpRef<ModuleOp> out = lowerAIRToAIE(module, device);
  if (!out)
    return {CompileResult::Status::Refused, ""};
  if (failed(verify(*out))) {
    module.emitError() << "[" << kLoweringBugRule
                       << "] the lowered design fails the aie dialect's "
                          "verifier";
    return {CompileResult::Status::Internal, ""};
  }
  std::string text = print(*out);

  // The second check: the printed design, read back, against every
  // aie-level check (resources, lock protocol, deadlock freedom).
  LintOptions options;
  options.format = OutputFormat::Json; // collect; print only what fails
  std::string name = (inputName + " (lowered)").str();
  LintOutcome again =
      lintBuffer(name, llvm::MemoryBuffer::getMemBufferCopy(text, name), options);
  // An error there is a bug of the lowering; an unknown (a warning) means
  // the design could not be proven, and verified compilation refuses it.
  unsigned bad = 0, errors = 0;
  for (const Finding &f : again.result.findings) {
    if (f.severity != Severity::Error && f.severity != Severity::Warning)
      continue;
    ++bad;
    errors += f.severity == Severity::Error;
    llvm::errs() << f.pos.file << ":" << f.pos.line << ":" << f.pos.column
                 << ": " << severityName(f.severity) << ": ["
                 << (f.severity == Severity::Error ? kLoweringBugRule
                                                   : kCompileUnsupportedRule)
                 << "] the lowered design: " << f.message << " [" << f.rule
                 << "]\n";
    for (const FindingNote &n : f.notes)
      llvm::errs() << n.pos.file << ":" << n.pos.line << ":" << n.pos.column
                   << ": note: " << n.message << "\n";
  }
  if (bad && !errors && again.result.status == "findings")
    return {CompileResult::Status::Refused, ""};
  if (bad || again.result.status != "clean") {
    if (!bad)
      llvm::errs() << name << ": error: [" << kLoweringBugRule
                   << "] the lowered design did not read back ("
                   << again.result.status << ")\n";
    return {CompileResult::Status::Internal, ""};
  }
  return {CompileResult::Status::Ok, text};
}
