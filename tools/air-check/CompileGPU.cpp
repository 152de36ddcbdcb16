//===- CompileGPU.cpp - the GPU back end of `air-check compile` -----------===//
//
// The checked, wrapped module goes through lowerings/AIRToGPU in three
// steps, so each outcome has its status:
//   1. air-to-gpu: a refusal (an unsupported construct, a misfit) is
//      Status::Refused;
//   1b. the copies' translation validation (analyses/validate/KernelCopies.h)
//      on the gpu.launch: a difference is Status::Internal, an unknown a
//      warning;
//   2. gpu-kernel-outlining, linalg to loops, the barrier race check: what
//      it cannot prove, and a race among one herd's own accesses (the
//      program's), are Refused; a proven race of the lowering, or a failed
//      step, is Status::Internal (a lowering bug); --emit=gpu stops here;
//   3. MLIR's ROCDL pipeline down to gpu-module-to-binary: a failed step is
//      Status::Internal, named.
// --emit=isa writes the gfx942 assembly of each kernel, --emit=llvm the
// ROCDL LLVM IR (the bitcode gpu-module-to-binary produces, as text),
// --emit=bin the module with the HSACO embedded in gpu.binary.
//
// gpu-module-to-binary runs `<toolkit>/llvm/bin/ld.lld` (a ROCm layout).
// Debian's lld-22 is /usr/lib/llvm-22/bin/ld.lld: a temporary toolkit folder
// holds a link to it ($AIRCHECK_ROCM_PATH names a ROCm install instead).
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/Compile.h"

#include "analyses/validate/KernelCopies.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"
#include "tools/air-check/Validate.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace aircheck;
using namespace mlir;

#ifndef AIRCHECK_LLD
#define AIRCHECK_LLD "/usr/lib/llvm-22/bin/ld.lld"
#endif

namespace {
/// Names the pass that failed.
struct StepNamer : PassInstrumentation {
  std::string *failed;
  explicit StepNamer(std::string *f) : failed(f) {}
  void runAfterPassFailed(Pass *pass, Operation *) override {
    if (failed->empty())
      *failed = pass->getArgument().empty() ? pass->getName().str()
                                            : pass->getArgument().str();
  }
};

/// A folder with llvm/bin/ld.lld, removed when done.
struct Toolkit {
  std::string path;
  llvm::SmallString<128> temp;
  std::string error;
  Toolkit() {
    if (const char *rocm = std::getenv("AIRCHECK_ROCM_PATH")) {
      path = rocm;
      return;
    }
    std::string lld = AIRCHECK_LLD;
    if (!llvm::sys::fs::exists(lld)) {
      if (auto found = llvm::sys::findProgramByName("ld.lld-22"))
        lld = *found;
      else {
        error = "ld.lld of LLVM 22 not found (" AIRCHECK_LLD
                "; install lld-22, or set AIRCHECK_ROCM_PATH to a ROCm "
                "install)";
        return;
      }
    }
    if (llvm::sys::fs::createUniqueDirectory("air-check-toolkit", temp)) {
      error = "cannot create a temporary toolkit folder";
      return;
    }
    llvm::SmallString<128> bin(temp);
    llvm::sys::path::append(bin, "llvm", "bin");
    llvm::SmallString<128> link(bin);
    llvm::sys::path::append(link, "ld.lld");
    if (llvm::sys::fs::create_directories(bin) ||
        llvm::sys::fs::create_link(lld, link)) {
      error = "cannot link ld.lld into the temporary toolkit folder";
      return;
    }
    path = temp.str().str();
  }
  ~Toolkit() {
    if (!temp.empty())
      (void)llvm::sys::fs::remove_directories(temp);
  }
};

/// Runs `build` on a fresh pass manager; a failure is emitted at the module
/// naming the step.
LogicalResult runSteps(ModuleOp module, const char *stage,
                       llvm::function_ref<void(OpPassManager &)> build,
                       std::string *failedStepOut = nullptr) {
  PassManager pm(module.getContext());
  std::string failedStep;
  pm.addInstrumentation(std::make_unique<StepNamer>(&failedStep));
  build(pm);
  if (succeeded(pm.run(module)))
    return success();
  if (failedStepOut) {
    *failedStepOut = failedStep;
    return failure();
  }
  module.emitError() << "[" << kLoweringBugRule << "] the GPU pipeline failed "
                     << stage << ", at step '"
                     << (failedStep.empty() ? "?" : failedStep) << "'";
  return failure();
}

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  os << "\n";
  return text;
}
} // namespace

CompileResult aircheck::compileForGPU(ModuleOp module, const DeviceModel &device,
                                      llvm::StringRef emit,
                                      llvm::StringRef inputName,
                                      bool allowUnvalidated) {
  using Status = CompileResult::Status;
  if (emit == "air")
    return {Status::Ok, print(module)};
  if (emit.empty())
    emit = "isa";
  if (device.llvmTarget.empty()) {
    module.emitError() << "[" << kCompileUnsupportedRule << "] device '"
                       << device.name
                       << "' names no LLVM target (values.llvm_target)";
    return {Status::Refused, ""};
  }
  bool anyLaunch = false;
  module.walk([&](Operation *op) {
    anyLaunch |= op->getName().getStringRef() == "air.launch";
  });
  if (!anyLaunch) {
    Operation *at = module.getBody()->empty() ? module.getOperation()
                                              : &module.getBody()->front();
    at->emitError() << "[" << kCompileUnsupportedRule
                       << "] the module has no air.launch (nor a herd or "
                          "segment to wrap in one): no kernel to compile";
    return {Status::Refused, ""};
  }
  MLIRContext *ctx = module.getContext();
  DialectRegistry registry;
  registerAIRToGPUDialects(registry);
  ctx->appendDialectRegistry(registry);

  // The program as it was, for the copies' validation (step 1b).
  OwningOpRef<ModuleOp> original = module.clone();

  // 1. AIR -> gpu.launch, with the device's limits.
  AIRToGPUOptions limits;
  limits.maxWorkgroupThreads = device.maxWorkgroupThreads;
  limits.maxLdsBytes = device.ldsBytesPerCu;
  limits.maxPrivateBytes = device.maxScratchBytesPerLane;
  limits.maxGridWorkItems = device.maxGridWorkItems;
  if (failed(convertAIRToGPU(module, limits)))
    return {Status::Refused, ""};
  if (failed(verify(module))) {
    module.emitError() << "[" << kLoweringBugRule
                       << "] air-to-gpu produced IR that does not verify";
    return {Status::Internal, ""};
  }

  // Translation validation of the copies (docs/validate.md, "The GPU
  // target"), on the gpu.launch before MLIR's outlining: every copy loop
  // moves the pairs of elements its air.dma_memcpy_nd names. A difference
  // is the lowering's bug; an unknown refuses (--allow-unvalidated: a
  // warning).
  validate::Verdict copies =
      validate::validateKernelCopies(*original, module);
  if (copies.kind == validate::Verdict::Different) {
    InFlightDiagnostic d =
        (copies.at ? copies.at->emitError() : module.emitError())
        << "[" << kLoweringBugRule
        << "] the lowered kernel does not copy the program's data: "
        << copies.message << " [" << kValidateDifferentRule << "]";
    for (auto &[op, text] : copies.notes)
      d.attachNote(op ? op->getLoc() : module.getLoc()) << text;
    return {Status::Internal, ""};
  }
  if (copies.kind == validate::Verdict::Unknown) {
    if (allowUnvalidated) {
      (copies.at ? copies.at->emitWarning() : module.emitWarning())
          << "[" << kValidateUnknownRule
          << "] the lowered kernel's copies are not validated: "
          << copies.message;
    } else {
      // Verified compilation refuses what it could not prove.
      InFlightDiagnostic d =
          (copies.at ? copies.at->emitError() : module.emitError())
          << "[" << kValidateUnknownRule
          << "] the lowered kernel's copies are not validated: "
          << copies.message;
      d.attachNote()
          << "the kernel passed the checks before this one; "
             "--allow-unvalidated writes it with this as a warning";
      return {Status::Refused, ""};
    }
  }
  // 2. Outlining and the barrier check: a race among one herd's own
  // accesses is the program's (refused); any other failure is the
  // lowering's.
  if (failed(runSteps(module, "before the barrier check",
                      [](OpPassManager &pm) {
                        buildAIRGPUOutliningPipeline(pm, /*check=*/false);
                      })))
    return {Status::Internal, ""};
  switch (checkKernelBarriers(module)) {
  case BarrierVerdict::Ok:
    break;
  case BarrierVerdict::Refused:
    return {Status::Refused, ""};
  case BarrierVerdict::Failed:
    module.emitError() << "[" << kLoweringBugRule
                       << "] the lowered kernel failed the barrier check";
    return {Status::Internal, ""};
  }
  if (emit == "gpu")
    return {Status::Ok, print(module)};

  // 3. MLIR's ROCDL pipeline.
  Toolkit toolkit;
  if (!toolkit.error.empty()) {
    module.emitError() << "[" << kLoweringBugRule << "] " << toolkit.error;
    return {Status::Internal, ""};
  }
  GPUPipelineOptions options;
  options.chip = device.llvmTarget;
  options.format = emit == "llvm" ? "llvm" : emit == "bin" ? "bin" : "isa";
  options.toolkit = toolkit.path;
  std::string failedStep;
  if (failed(runSteps(module, "after the barrier check",
                      [&](OpPassManager &pm) {
                        buildGPUToBinaryPipeline(pm, options);
                      },
                      &failedStep))) {
    // A kernel that calls into ROCm's device libraries (ocml, ockl: math
    // functions the ROCDL conversion turns into calls) cannot be linked
    // here: Debian ships no device libraries, and nothing is downloaded.
    // That is a limit of this installation, refused by name; any other
    // failure is a lowering bug.
    std::string deviceLib;
    module.walk([&](LLVM::LLVMFuncOp f) {
      StringRef name = f.getSymName();
      if (deviceLib.empty() && f.isExternal() &&
          (name.starts_with("__ocml_") || name.starts_with("__ockl_")))
        deviceLib = name.str();
    });
    if (!deviceLib.empty() && failedStep == "gpu-module-to-binary") {
      module.emitError() << "[" << kCompileUnsupportedRule
                         << "] the kernel calls '" << deviceLib
                         << "' from ROCm's device libraries, which this "
                            "installation does not have (Debian ships none; "
                            "set AIRCHECK_ROCM_PATH to a ROCm toolkit)";
      return {Status::Refused, ""};
    }
    module.emitError() << "[" << kLoweringBugRule
                       << "] the GPU pipeline failed after the barrier check, "
                          "at step '"
                       << (failedStep.empty() ? "?" : failedStep) << "'";
    return {Status::Internal, ""};
  }
  if (emit == "bin")
    return {Status::Ok, print(module)};

  // isa and llvm: the text of each kernel module's object.
  std::string text;
  llvm::raw_string_ostream os(text);
  bool bad = false;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object)
        continue;
      StringRef bytes = object.getObject().getValue();
      if (emit == "isa") {
        os << "; air-check: " << inputName << ", kernel module @"
           << binary.getName() << ", " << device.llvmTarget << "\n"
           << bytes;
        if (!bytes.ends_with("\n"))
          os << "\n";
        continue;
      }
      llvm::LLVMContext llctx;
      auto parsed = llvm::parseBitcodeFile(
          llvm::MemoryBufferRef(bytes, binary.getName()), llctx);
      if (!parsed) {
        llvm::consumeError(parsed.takeError());
        binary.emitError() << "[" << kLoweringBugRule
                           << "] the ROCDL bitcode of this kernel module does "
                              "not read back";
        bad = true;
        continue;
      }
      os << "; air-check: " << inputName << ", kernel module @"
         << binary.getName() << ", " << device.llvmTarget << "\n";
      (*parsed)->print(os, nullptr);
    }
  });
  if (bad)
    return {Status::Internal, ""};
  return {Status::Ok, text};
}
