//===- ProveSymbolic.cpp - air-opt --air-prove-symbolic -------------------===//
//
// Runs the symbolic deadlock proof (SymbolicDeadlock.h) on the module and
// prints its verdict: `symbolic: proven (...)` or `symbolic: not applicable
// at <loc>: <why>`. For the tests of the proof apart from lint, which falls
// back to a run where the proof does not apply.
//
//===----------------------------------------------------------------------===//
#include "analyses/Passes.h"
#include "analyses/symbolic/SymbolicDeadlock.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {
struct ProveSymbolicPass
    : PassWrapper<ProveSymbolicPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ProveSymbolicPass)
  StringRef getArgument() const final { return "air-prove-symbolic"; }
  StringRef getDescription() const final {
    return "Prove deadlock freedom for every size with an affine schedule of "
           "the instance-level wait-for graph, and print the verdict";
  }
  void runOnOperation() final {
    AnalysisManager am = getAnalysisManager();
    aircheck::SymbolicVerdict v =
        aircheck::proveDeadlockFreedomSymbolically(getOperation(), am);
    if (v.proven) {
      llvm::outs() << "symbolic: proven (" << v.eventOps << " event ops, "
                   << v.fifoSides << " FIFO sides"
                   << (v.parameters.empty()
                           ? std::string()
                           : ", for every value of " +
                                 llvm::join(v.parameters, ", "))
                   << ")\n";
    } else {
      llvm::outs() << "symbolic: not applicable";
      if (v.loc)
        llvm::outs() << " at " << *v.loc;
      llvm::outs() << ": " << v.why << "\n";
      if (v.cycle) {
        llvm::outs() << "symbolic: the waits " << (v.cycle->exact ? "" : "may ")
                     << "close a cycle for " << v.cycle->when
                     << (v.cycle->exact ? " (exact)" : " (isl's closure is an "
                                                       "over-approximation)");
        for (auto [i, p] : llvm::enumerate(v.cycle->smallest))
          llvm::outs() << (i ? "; " : "; smallest: ") << p.text;
        llvm::outs() << "\n";
      }
    }
    markAllAnalysesPreserved();
  }
};
} // namespace

void aircheck::registerProveSymbolicPass() {
  PassRegistration<ProveSymbolicPass>();
}
