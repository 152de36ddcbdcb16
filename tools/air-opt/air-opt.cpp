//===- air-opt.cpp - mlir-opt with the AIR dialect --------------------------===//
//
// An mlir-opt style driver: the AIR dialect, the upstream dialects AIR
// programs use, and the project's passes. --split-input-file and
// --verify-diagnostics work as in mlir-opt.
//
//===----------------------------------------------------------------------===//
#include "tools/Registration.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  aircheck::registerDialects(registry);
  // What --air-to-gpu-verified needs past the dialects: the ROCDL target,
  // the LLVM IR translations, the to-LLVM interfaces.
  aircheck::registerAIRToGPUDialects(registry);
  aircheck::registerPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "air-opt: the AIR dialect and air-check's passes\n",
      registry));
}
