//===- VerifyGuard.cpp -----------------------------------------------------===//
#include "tools/frontend/VerifyGuard.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

LogicalResult aircheck::checkVerifierPreconditions(Operation *root) {
  bool ok = true;
  // scf.reduce: `scf.reduce.return`'s verifier reads the first argument of
  // its block (the reduction region of the enclosing scf.reduce) before
  // scf.reduce's own verifier checks that the region has a block with two
  // arguments, so a region without them crashes mlir::verify.
  root->walk([&](Operation *op) {
    auto reduce = dyn_cast<scf::ReduceOp>(op);
    if (!reduce)
      return;
    if (reduce->getNumRegions() != reduce->getNumOperands()) {
      reduce.emitOpError() << "has " << reduce->getNumOperands()
                           << " operands but " << reduce->getNumRegions()
                           << " reduction regions; expected one region per "
                              "operand";
      ok = false;
      return;
    }
    for (auto [i, region] : llvm::enumerate(reduce->getRegions())) {
      Type type = reduce->getOperand(i).getType();
      if (region.empty()) {
        reduce.emitOpError() << "reduction region #" << i
                             << " is empty; expected a block with two "
                                "arguments of type "
                             << type;
        ok = false;
        continue;
      }
      Block &block = region.front();
      bool shape = block.getNumArguments() == 2 &&
                   llvm::all_of(block.getArgumentTypes(),
                                [&](Type t) { return t == type; });
      if (!shape) {
        InFlightDiagnostic d = reduce.emitOpError();
        d << "reduction region #" << i << " must take two arguments of the "
          << "reduced operand's type " << type << ", but its block ";
        if (block.getNumArguments() == 0) {
          d << "has no arguments";
        } else {
          d << "takes (";
          llvm::interleaveComma(block.getArgumentTypes(), d);
          d << ")";
        }
        ok = false;
      }
    }
  });
  return success(ok);
}
