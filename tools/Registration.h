//===- Registration.h - dialects and passes the tools know ------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_REGISTRATION_H
#define AIRCHECK_TOOLS_REGISTRATION_H

namespace mlir {
class DialectRegistry;
}

namespace aircheck {
/// AIR plus the upstream dialects AIR programs are written with: func, arith,
/// math, scf, cf, affine, memref, linalg, vector, gpu, rocdl, llvm.
void registerDialects(mlir::DialectRegistry &registry);
/// The project's passes and the upstream ones air-opt offers.
void registerPasses();
} // namespace aircheck

#endif
