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
