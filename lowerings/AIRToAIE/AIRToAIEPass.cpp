//===- AIRToAIEPass.cpp - `air-opt --air-to-aie-verified` -----------------===//
//
// The lowering as a pass, so each step can be run and tested alone:
//   air-opt --air-wrap-hierarchy --air-to-aie-verified=device=npu1_4col
// It lowers whatever it is given; the checks that make the result verified
// are `air-check compile`'s (docs/compile.md).
//
//===----------------------------------------------------------------------===//
#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "dialects/AIE/AIEDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace aircheck;

namespace {
struct AIRToAIEPass : public PassWrapper<AIRToAIEPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AIRToAIEPass)
  AIRToAIEPass() = default;
  AIRToAIEPass(const AIRToAIEPass &other) : PassWrapper(other) {}
  StringRef getArgument() const override { return "air-to-aie-verified"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    // What the design is built of (lowerAIRToAIE loads them too, for
    // callers outside a pass manager).
    registry.insert<aie::AIEDialect, aiex::AIEXDialect, arith::ArithDialect,
                    scf::SCFDialect, memref::MemRefDialect,
                    vector::VectorDialect>();
  }
  StringRef getDescription() const override {
    return "Lower an AIR program to one aie.device (the lowering of "
           "`air-check compile`; see docs/compile.md)";
  }
  Option<std::string> device{*this, "device",
                             llvm::cl::desc("The AIE device model"),
                             llvm::cl::init("npu1_4col")};
  Option<bool> interleaveReads{
      *this, "interleave-reads",
      llvm::cl::desc("Readers of an L2 fill take turns transfer by transfer "
                     "(AIRToAIEOptions::interleaveReads)"),
      llvm::cl::init(false)};
  Option<bool> merge{
      *this, "merge-identical-sources",
      llvm::cl::desc("Send transfers several sources make alike once, as a "
                     "broadcast (AIRToAIEOptions::mergeIdenticalSources)"),
      llvm::cl::init(true)};
  void runOnOperation() override {
    auto dev = loadDevice(device, deviceDirectory());
    if (!dev) {
      getOperation().emitError() << llvm::toString(dev.takeError());
      return signalPassFailure();
    }
    if (!dev->isAIE()) {
      getOperation().emitError() << "device '" << device << "' is not an AIE array";
      return signalPassFailure();
    }
    AIRToAIEOptions options;
    options.interleaveReads = interleaveReads;
    options.mergeIdenticalSources = merge;
    OwningOpRef<ModuleOp> out = lowerAIRToAIE(getOperation(), *dev, options);
    if (!out)
      return signalPassFailure();
    Block *body = getOperation().getBody();
    body->clear();
    body->getOperations().splice(body->end(), out->getBody()->getOperations());
  }
};
} // namespace

void aircheck::registerAIRToAIEPasses() { PassRegistration<AIRToAIEPass>(); }
