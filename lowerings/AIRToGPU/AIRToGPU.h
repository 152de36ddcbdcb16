//===- AIRToGPU.h - verified lowering of AIR to gpu and ROCDL ----*- C++ -*-===//
//
// Seed 000 section 4: air.launch -> gpu.launch grid, segment body -> block
// body (once per workgroup), herd tiles -> the block's threads (4.1), L2
// allocs -> workgroup attributions (address space 3), L1 allocs -> private
// attributions (5), air.dma_memcpy_nd -> scf loops of loads and stores (4.4).
// Then MLIR's own GPU pipeline (outlining, rocdl-attach-target,
// convert-gpu-to-rocdl, the LLVM lowerings, gpu-module-to-binary).
//
// One idea per file:
//   ConvertAIRToGPU.cpp  the AIR -> gpu conversion (`--air-to-gpu`);
//   SerializeTokens.cpp  dependency tokens inside a launch, dropped (it runs
//                        in program order);
//   BarrierCheck.cpp     the after-check on outlined kernels
//                        (`--air-gpu-barrier-check`), over the isl engine of
//                        BarrierRaceEngine.h;
//   Pipeline.cpp         the whole pipeline (`--air-to-gpu-verified`).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOGPU_AIRTOGPU_H
#define AIRCHECK_LOWERINGS_AIRTOGPU_AIRTOGPU_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <memory>
#include <string>

namespace mlir {
class DialectRegistry;
class Pass;
} // namespace mlir

namespace aircheck {

/// The prefix of a refusal: the rule `compile-unsupported` of
/// tools/air-check/Compile.h, spelled here so the lowering does not depend
/// on the tool.
inline constexpr llvm::StringLiteral kGPUUnsupported = "[compile-unsupported] ";

/// Limits the conversion checks what it builds against (0: not checked).
struct AIRToGPUOptions {
  int64_t maxWorkgroupThreads = 0; // threads per block
  int64_t maxLdsBytes = 0;         // workgroup attributions, in bytes
  int64_t maxPrivateBytes = 0;     // private attributions per thread
  int64_t maxGridWorkItems = 0;    // grid x block per dimension
};

/// Rewrites every air.launch of `module` (hierarchy already wrapped) into a
/// gpu.launch. A construct without a faithful lowering, or a kernel over a
/// limit, is refused: an error at the op, prefixed kGPUUnsupported, and
/// failure. On failure the module may be half rewritten.
mlir::LogicalResult convertAIRToGPU(mlir::ModuleOp module,
                                    const AIRToGPUOptions &options);

/// The attribute air-to-gpu puts on the loads and stores of a herd body
/// (the herd's name): a race between two accesses of one herd is the
/// program's own (its tiles exchange data with no barrier), not the
/// lowering's. The barrier check reads and removes it.
inline constexpr llvm::StringLiteral kHerdOriginAttr = "air_check.herd";

/// The prefix of a definite bug of the lowering: the rule `lowering-check`
/// of tools/air-check/Compile.h.
inline constexpr llvm::StringLiteral kGPULoweringBug = "[lowering-check] ";

/// What the barrier check found.
enum class BarrierVerdict {
  Ok,
  Refused, // not proven (an index, a bound or a use the check cannot
           // model, isl undecided), or the program's own race or divergent
           // barrier (in one herd's body): kGPUUnsupported
  Failed,  // a race or a divergent barrier the lowering made: a bug,
           // kGPULoweringBug
};

/// The barrier race check on every kernel (gpu.func with gpu.kernel) of
/// `module`: each access to workgroup memory by one thread and a write to
/// the same element by another thread are separated by a gpu.barrier. A
/// race, a barrier in divergent control flow, or an access the check
/// cannot model is an error at the op, prefixed as its verdict says.
BarrierVerdict checkKernelBarriers(mlir::ModuleOp module);

/// The rest of the pipeline after the conversion.
struct GPUPipelineOptions {
  std::string chip = "gfx942";
  /// gpu-module-to-binary's format: "isa", "llvm" (offload bitcode), "bin".
  std::string format = "isa";
  /// gpu-module-to-binary's toolkit: a folder with llvm/bin/ld.lld ("bin").
  std::string toolkit;
};

/// gpu-kernel-outlining, linalg to loops, and (`check`) the barrier check.
void buildAIRGPUOutliningPipeline(mlir::OpPassManager &pm, bool check = true);
/// lower-affine, scf-to-cf, rocdl-attach-target, convert-gpu-to-rocdl,
/// gpu-to-llvm, reconcile-unrealized-casts, gpu-module-to-binary.
void buildGPUToBinaryPipeline(mlir::OpPassManager &pm,
                              const GPUPipelineOptions &options);

std::unique_ptr<mlir::Pass> createAIRToGPUPass(const AIRToGPUOptions &options = {});
std::unique_ptr<mlir::Pass> createGPUBarrierCheckPass();

/// What the pipeline needs in a context: the ROCDL target's serialization,
/// the translations to LLVM IR, the to-LLVM conversion interfaces.
void registerAIRToGPUDialects(mlir::DialectRegistry &registry);
/// --air-to-gpu, --air-gpu-barrier-check, and the pipeline
/// --air-to-gpu-verified{chip=... format=... toolkit=...}.
void registerAIRToGPUPasses();

} // namespace aircheck

#endif
