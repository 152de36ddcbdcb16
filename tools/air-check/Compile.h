//===- Compile.h - `air-check compile`: verified compilation -----*- C++ -*-===//
//
// air-check compile <prog.mlir> --target=<device> [--emit=...] -o <out>
//
// 1. lint the input with the target's device model; any error, or any
//    warning other than an advisory one (an `unknown`, an imbalance in
//    count), refuses: exit 1, the diagnostics, no output file;
// 2. lower the verified module for the target (lowerings/AIRToAIE,
//    lowerings/AIRToGPU); a construct the lowering cannot lower faithfully
//    refuses by name (rule `compile-unsupported`), exit 1;
// 3. check the lowered program again (the aie-level checks for an NPU, the
//    barrier race check for a GPU); a finding there is a lowering bug:
//    exit 3, the failing check, no output file;
// 4. translation validation (analyses/validate): a difference is a lowering
//    bug (exit 3); `unknown` refuses (exit 1) unless --allow-unvalidated;
// 5. write the output, and only then.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_COMPILE_H
#define AIRCHECK_TOOLS_AIRCHECK_COMPILE_H

#include "analyses/DeviceModel.h"
#include "checkers/Checker.h"
#include "tools/air-check/Findings.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace aircheck {

struct CompileOptions {
  std::string target; // a device model name
  std::string emit;   // empty: the target's default
  std::string output; // "-" for stdout
  uint64_t maxSteps = kDefaultMaxSteps; // the deadlock proof's budget
  /// Write a design whose translation validation said `unknown` (with a
  /// warning); by default verified compilation refuses it.
  bool allowUnvalidated = false;
};

/// The rule of a refusal for a construct the lowering does not support.
inline constexpr llvm::StringLiteral kCompileUnsupportedRule =
    "compile-unsupported";
/// The rule of a lowered program that failed its second check.
inline constexpr llvm::StringLiteral kLoweringBugRule = "lowering-check";

/// What a target's back end did with a verified, hierarchy-wrapped module.
struct CompileResult {
  enum class Status {
    Ok,       // `text` is the output
    Refused,  // an unsupported construct or a misfit: diagnostics were
              // emitted (errors at the ops, through the module's context)
    Internal, // the lowered program failed its second check, or a step of
              // the pipeline failed: diagnostics were emitted
  } status = Status::Ok;
  std::string text;
};

/// The step budget of the run `air-check compile` lowers for an NPU from
/// (and of validation's run of the program), unless --max-steps is larger.
inline constexpr uint64_t kCompileRunSteps = 20000000;

/// The NPU back end (tools/air-check/CompileAIE.cpp): emit "aie" (default)
/// or "air".
/// `maxSteps`: compile's --max-steps (the lowering's run takes at least its
/// own default).
/// `allowUnvalidated`: CompileOptions::allowUnvalidated.
CompileResult compileForAIE(mlir::ModuleOp module, const DeviceModel &device,
                            llvm::StringRef emit, llvm::StringRef inputName,
                            uint64_t maxSteps = 0,
                            bool allowUnvalidated = false);
/// The GPU back end (tools/air-check/CompileGPU.cpp): emit "gpu", "llvm",
/// "isa" (default where the target names a chip), "bin" or "air".
CompileResult compileForGPU(mlir::ModuleOp module, const DeviceModel &device,
                            llvm::StringRef emit, llvm::StringRef inputName,
                            bool allowUnvalidated = false);

/// Whether a lint finding refuses compilation: an error, or a warning other
/// than the wrapping notice of a bare herd or segment (an `unknown` is not a
/// proof).
bool blocksCompilation(const Finding &f);

/// Runs the whole command; returns the exit code (0 written, 1 refused,
/// 2 usage or parse error, 3 internal error).
int runCompile(llvm::StringRef input, const CompileOptions &options);

} // namespace aircheck

#endif
