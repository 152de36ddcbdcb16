//===- air-opt.cpp - mlir-opt with the AIR dialect and air-check's passes --===//
//
// MlirOptMain with two guards in front of MLIR 22's parser and verifier
// (tools/frontend): an input whose parse failure MLIR cannot clean up
// (ParseHazards.h) runs in a child process, so a crash there ends as a parse
// error here; and the verifier runs as the pipeline's first pass, after the
// checks of what it assumes without checking (VerifyGuard.h), instead of
// straight after parsing.
//
//===----------------------------------------------------------------------===//
#include "tools/Registration.h"
#include "tools/frontend/ParseHazards.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {

/// The verifier, run as the first pass: what it would have done on parsing,
/// after the guard.
struct VerifyInputPass
    : public PassWrapper<VerifyInputPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyInputPass)
  StringRef getArgument() const override { return "air-verify-input"; }
  StringRef getDescription() const override {
    return "Verify the input, after checking what MLIR's verifier assumes";
  }
  void runOnOperation() override {
    if (failed(aircheck::checkVerifierPreconditions(getOperation())) ||
        failed(verify(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

/// Whether any part of the input (each `// -----` chunk under
/// --split-input-file) is text MLIR's parser cannot fail on safely.
bool hasParseHazard(llvm::StringRef text, llvm::StringRef splitMarker) {
  if (splitMarker.empty())
    return aircheck::findParseHazard(text).has_value();
  llvm::SmallVector<llvm::StringRef> chunks;
  text.split(chunks, splitMarker);
  return llvm::any_of(chunks, [](llvm::StringRef chunk) {
    return aircheck::findParseHazard(chunk).has_value();
  });
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  DialectRegistry registry;
  aircheck::registerDialects(registry);
  // What --air-to-gpu-verified needs past the dialects: the ROCDL target,
  // the LLVM IR translations, the to-LLVM interfaces.
  aircheck::registerAIRToGPUDialects(registry);
  aircheck::registerPasses();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "air-opt: the AIR dialect and air-check's passes\n",
      registry);

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return 0;
  }
  if (config.shouldVerifyOnParsing()) {
    MlirOptMainConfig commandLine = config;
    config.verifyOnParsing(false);
    config.setPassPipelineSetupFn([commandLine](PassManager &pm) {
      pm.addPass(std::make_unique<VerifyInputPass>());
      return commandLine.setupPassPipeline(pm);
    });
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }

  if (!hasParseHazard(input->getBuffer(), config.inputSplitMarker())) {
    if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
      return 1;
    output->keep();
    return 0;
  }
  // MLIR's parser may corrupt the heap on this input: run it apart.
  std::string unused;
  aircheck::ChildOutcome outcome = aircheck::runInChild(
      [&](int) {
        bool ok =
            succeeded(MlirOptMain(output->os(), std::move(input), registry, config));
        output->os().flush();
        llvm::errs().flush();
        return ok;
      },
      unused, /*quiet=*/false);
  if (outcome == aircheck::ChildOutcome::Succeeded) {
    output->keep();
    return 0;
  }
  if (outcome == aircheck::ChildOutcome::Crashed)
    llvm::errs() << "air-opt: note: MLIR's parser crashed after the error "
                    "above (an upstream MLIR 22 defect: a region it frees is "
                    "still referred to from outside); the input was parsed in "
                    "a separate process\n";
  else if (outcome == aircheck::ChildOutcome::NotStarted)
    llvm::errs() << "air-opt: error: the input needs a separate process to be "
                    "parsed safely, and none could be started\n";
  return 1;
}
