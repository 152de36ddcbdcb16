//===- Registration.h - dialects and passes the tools know ------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_REGISTRATION_H
#define AIRCHECK_TOOLS_REGISTRATION_H

#include <memory>

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace aircheck {
/// AIR plus the upstream dialects AIR programs are written with: func, arith,
/// math, scf, cf, affine, memref, linalg, vector, gpu, rocdl, llvm.
void registerDialects(mlir::DialectRegistry &registry);
/// The project's passes and the upstream ones air-opt offers.
void registerPasses();
/// A context for one tool run: those dialects, one thread, and diagnostics
/// without the op printed or a stack trace (compile, validate).
std::unique_ptr<mlir::MLIRContext> newToolContext();
} // namespace aircheck

#endif
