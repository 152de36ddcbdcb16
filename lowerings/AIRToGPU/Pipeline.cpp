//===- Pipeline.cpp - the verified AIR -> gfx942 pipeline -------------------===//
//
//   air-to-gpu                       (ConvertAIRToGPU.cpp; refuses by name)
//   gpu-kernel-outlining             MLIR's
//   convert-linalg-to-loops          linalg on L1/L2 buffers, per thread
//   air-gpu-barrier-check            (BarrierCheck.cpp; the after-check)
//   lower-affine, convert-scf-to-cf
//   rocdl-attach-target{chip}        MLIR's
//   gpu.module(convert-gpu-to-rocdl) MLIR's
//   gpu-to-llvm, reconcile-unrealized-casts
//   gpu-module-to-binary{format, toolkit}
//
// Every step is MLIR's own pass but the first and the check.
//
//===----------------------------------------------------------------------===//
#include "lowerings/AIRToGPU/AIRToGPU.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace aircheck;

void aircheck::buildAIRGPUOutliningPipeline(OpPassManager &pm, bool check) {
  // Outlining first: linalg-to-loops folds, and folding in the host
  // function would hoist the block body's constants out of the launch.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertLinalgToLoopsPass());
  if (check)
    pm.addPass(createGPUBarrierCheckPass());
}

void aircheck::buildGPUToBinaryPipeline(OpPassManager &pm,
                                        const GPUPipelineOptions &options) {
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  GpuROCDLAttachTargetOptions target;
  target.chip = options.chip;
  pm.addPass(createGpuROCDLAttachTarget(target));
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToROCDLOps());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = options.toolkit;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void aircheck::registerAIRToGPUDialects(DialectRegistry &registry) {
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
}

namespace {
struct VerifiedPipelineOptions
    : public PassPipelineOptions<VerifiedPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("AMDGPU chip"),
                           llvm::cl::init("gfx942")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: isa, llvm, bin; or gpu to "
                     "stop after the barrier check"),
      llvm::cl::init("isa")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("folder with llvm/bin/ld.lld (format=bin)"),
      llvm::cl::init("")};
  Option<int64_t> maxThreads{*this, "max-threads",
                             llvm::cl::desc("threads per block (0: unchecked)"),
                             llvm::cl::init(1024)};
  Option<int64_t> maxLds{*this, "max-lds",
                         llvm::cl::desc("workgroup bytes (0: unchecked)"),
                         llvm::cl::init(65536)};
};
} // namespace

void aircheck::registerAIRToGPUPasses() {
  // MLIR's steps, so each can be run alone too.
  registerGPUPasses();
  registerConversionPasses();
  registerLinalgPasses();
  registerPass([] { return createAIRToGPUPass(); });
  registerPass([] { return createGPUBarrierCheckPass(); });
  PassPipelineRegistration<VerifiedPipelineOptions>(
      "air-to-gpu-verified",
      "AIR to gpu (air-to-gpu), outlining, the barrier check, then MLIR's "
      "ROCDL pipeline to gpu-module-to-binary (format=gpu stops after the "
      "check)",
      [](OpPassManager &pm, const VerifiedPipelineOptions &o) {
        AIRToGPUOptions limits;
        limits.maxWorkgroupThreads = o.maxThreads;
        limits.maxLdsBytes = o.maxLds;
        pm.addPass(createAIRToGPUPass(limits));
        buildAIRGPUOutliningPipeline(pm);
        if (o.format == "gpu")
          return;
        GPUPipelineOptions p;
        p.chip = o.chip;
        p.format = o.format;
        p.toolkit = o.toolkit;
        buildGPUToBinaryPipeline(pm, p);
      });
}
