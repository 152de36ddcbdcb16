//===- HoldsAIR.cpp - whether an op holds an AIR program ------------------===//
#include "analyses/HoldsAIR.h"

#include "dialects/AIR/AIRDialect.h"

using namespace mlir;

bool aircheck::holdsAIR(Operation *op) {
  return op
      ->walk([](Operation *o) {
        return isa<air::AIRDialect>(o->getDialect()) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

SmallVector<func::FuncOp> aircheck::airPrograms(ModuleOp module) {
  SmallVector<func::FuncOp> out;
  module.walk([&](func::FuncOp f) {
    if (holdsAIR(f))
      out.push_back(f);
  });
  return out;
}

OwningOpRef<ModuleOp> aircheck::programAlone(ModuleOp module, StringRef name) {
  OwningOpRef<ModuleOp> copy = module.clone();
  for (func::FuncOp f : airPrograms(*copy))
    if (f.getSymName() != name)
      f.erase();
  return copy;
}
