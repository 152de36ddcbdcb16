//===- ProgramLoc.cpp - where a whole-program verdict goes ----------------===//

#include "checkers/Checker.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

Location aircheck::programLoc(ModuleOp module) {
  Operation *at = nullptr;
  module.walk([&](air::LaunchOp l) {
    at = l;
    return WalkResult::interrupt();
  });
  if (!at)
    for (func::FuncOp f : module.getOps<func::FuncOp>())
      if (!f.isExternal()) {
        at = f;
        break;
      }
  return at ? at->getLoc() : module.getLoc();
}
