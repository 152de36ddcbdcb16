//===- PrintAsyncGraph.cpp - air-opt --air-print-async-graph ---------------===//
//
// Prints the asynchronous control and dataflow graph of the module, one edge
// per line, for debugging and tests.
//
//===----------------------------------------------------------------------===//
#include "analyses/AsyncGraph.h"
#include "analyses/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
struct PrintAsyncGraphPass
    : PassWrapper<PrintAsyncGraphPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintAsyncGraphPass)
  StringRef getArgument() const final { return "air-print-async-graph"; }
  StringRef getDescription() const final {
    return "Print the asynchronous dependency graph (ACDG) of the module";
  }
  void runOnOperation() final {
    getAnalysis<aircheck::AsyncGraph>().print(llvm::outs());
    markAllAnalysesPreserved();
  }
};
} // namespace

void aircheck::registerAnalysisPasses() {
  PassRegistration<PrintAsyncGraphPass>();
}
