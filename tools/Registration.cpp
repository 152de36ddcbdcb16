//===- Registration.cpp ----------------------------------------------------===//
#include "tools/Registration.h"

#include "mlir/IR/MLIRContext.h"

#include "analyses/ImplicitHierarchy.h"
#include "analyses/Passes.h"
#include "dialects/AIE/AIEDialect.h"
#include "lowerings/AIRToAIE/AIRToAIE.h"
#include "dialects/AIR/AIRDialect.h"
#include "dialects/TileAA/TileAADialect.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void aircheck::registerDialects(mlir::DialectRegistry &registry) {
  registry.insert<air::AIRDialect, aie::AIEDialect, aiex::AIEXDialect,
                  tileaa::TileAADialect,
                  mlir::affine::AffineDialect,
                  mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::ROCDL::ROCDLDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::ml_program::MLProgramDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
}

void aircheck::registerPasses() {
  mlir::registerTransformsPasses();
  registerAnalysisPasses();
  registerRunSkeletonPass();
  registerProveSymbolicPass();
  registerWrapHierarchyPass();
  registerAIRToAIEPasses();
  registerAIRToGPUPasses();
}

std::unique_ptr<mlir::MLIRContext> aircheck::newToolContext() {
  mlir::DialectRegistry registry;
  registerDialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->printOpOnDiagnostic(false);
  ctx->printStackTraceOnDiagnostic(false);
  return ctx;
}
