//===- TokenOrder.cpp - happens-before through nv_tileaa tokens ------------===//
#include "analyses/tileaa/TokenOrder.h"

#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace aircheck::tileaa;

// The values a token value is made from (one step back in the token graph),
// and the effect that produced it, if any.
static void sourcesOf(Value v, SmallVectorImpl<Value> &out, Operation *&effect) {
  effect = nullptr;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast_or_null<scf::ForOp>(owner)) {
      unsigned n = loop.getNumInductionVars();
      if (arg.getArgNumber() < n)
        return;
      unsigned k = arg.getArgNumber() - n;
      out.push_back(loop.getInitArgs()[k]);
      out.push_back(loop.getBody()->getTerminator()->getOperand(k));
    }
    return; // a function argument: ordered by the caller, no effect here
  }
  Operation *def = v.getDefiningOp();
  if (isMemoryEffectOp(def)) {
    effect = def;
    if (std::optional<MemAccess> a = getMemAccess(def); a && a->tokenIn)
      out.push_back(a->tokenIn);
    return;
  }
  if (auto join = dyn_cast<JoinMemTokenOp>(def)) {
    out.append(join.getInputs().begin(), join.getInputs().end());
    return;
  }
  unsigned k = cast<OpResult>(v).getResultNumber();
  if (auto loop = dyn_cast<scf::ForOp>(def)) {
    out.push_back(loop.getInitArgs()[k]);
    out.push_back(loop.getBody()->getTerminator()->getOperand(k));
    return;
  }
  if (isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(def)) {
    for (Region &r : def->getRegions())
      for (Block &b : r)
        if (b.mightHaveTerminator() && b.getTerminator()->getNumOperands() > k)
          out.push_back(b.getTerminator()->getOperand(k));
    return;
  }
}

const llvm::DenseSet<Operation *> &TokenOrder::effectsBefore(Value token) {
  auto it = cache.find(token);
  if (it != cache.end())
    return it->second;
  llvm::DenseSet<Operation *> effects;
  llvm::DenseSet<Value> seen{token};
  SmallVector<Value> work{token};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    SmallVector<Value> next;
    Operation *effect;
    sourcesOf(v, next, effect);
    if (effect)
      effects.insert(effect);
    for (Value n : next)
      if (seen.insert(n).second)
        work.push_back(n);
  }
  return cache[token] = std::move(effects);
}

bool TokenOrder::before(Operation *a, Operation *b) {
  std::optional<MemAccess> mb = getMemAccess(b);
  if (!mb || !mb->tokenIn)
    return false;
  return effectsBefore(mb->tokenIn).contains(a);
}
