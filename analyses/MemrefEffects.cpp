//===- MemrefEffects.cpp - How one op touches memrefs ---------------------===//

#include "analyses/MemrefEffects.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

llvm::SmallVector<aircheck::MemrefEffect, 4>
aircheck::memrefEffects(Operation *op) {
  llvm::SmallVector<MemrefEffect, 4> out;
  auto isMemref = [](Value v) {
    return v && isa<BaseMemRefType>(v.getType());
  };
  // linalg ops have recursive effects and also state their operands'.
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects && op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return out; // the ops inside say what they touch
  if (effects) {
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (auto &e : list) {
      if (!isMemref(e.getValue()))
        continue;
      MemrefEffect m;
      m.memref = e.getValue();
      m.read = isa<MemoryEffects::Read>(e.getEffect());
      m.write = isa<MemoryEffects::Write>(e.getEffect());
      m.free = isa<MemoryEffects::Free>(e.getEffect());
      if (m.read || m.write || m.free) // an allocation touches no element
        out.push_back(m);
    }
    return out;
  }
  // Unknown effects: every memref operand may be read and written.
  for (Value v : op->getOperands())
    if (isMemref(v)) {
      MemrefEffect m;
      m.memref = v;
      m.read = m.write = true;
      m.stated = false;
      out.push_back(m);
    }
  return out;
}
