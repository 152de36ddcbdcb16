//===- CompileGPU.cpp - the GPU back end of `air-check compile` -----------===//
#include "tools/air-check/Compile.h"

#include "mlir/IR/Diagnostics.h"

using namespace aircheck;
using namespace mlir;

CompileResult aircheck::compileForGPU(ModuleOp module, const DeviceModel &device,
                                    llvm::StringRef emit,
                                    llvm::StringRef inputName) {
  module.emitError() << "[" << kCompileUnsupportedRule
                     << "] the GPU back end is not built yet";
  return {CompileResult::Status::Refused, ""};
}
