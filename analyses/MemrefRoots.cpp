//===- MemrefRoots.cpp - the buffer a memref value names ------------------===//
#include "analyses/MemrefRoots.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value aircheck::memrefSource(Value v, unsigned links) {
  if (!v)
    return {};
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (!(links & KernelArgLinks))
      return {};
    auto h = dyn_cast_or_null<air::HierarchyOpInterface>(
        arg.getOwner()->getParentOp());
    if (!h)
      return {};
    unsigned first = 2 * h.getNumDims();
    if (arg.getArgNumber() < first ||
        arg.getArgNumber() - first >= h.getKernelOperands().size())
      return {};
    return h.getKernelOperands()[arg.getArgNumber() - first];
  }
  Operation *def = v.getDefiningOp();
  if (links & ViewLinks)
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      return view.getViewSource();
  if (links & CastLinks)
    if (isa<CastOpInterface>(def) && def->getNumOperands() == 1)
      return def->getOperand(0);
  if (links & ExecuteLinks)
    if (auto exec = dyn_cast<air::ExecuteOp>(def)) {
      unsigned idx = cast<OpResult>(v).getResultNumber();
      Operation *term = exec.getBody().getTerminator();
      if (idx == 0 || idx - 1 >= term->getNumOperands())
        return {};
      return term->getOperand(idx - 1);
    }
  return {};
}

Value aircheck::memrefRoot(Value v, unsigned links,
                           llvm::function_ref<bool(Value)> stop) {
  for (unsigned depth = 0; v && depth < 64; ++depth) {
    if (stop && stop(v))
      return v;
    Value next = memrefSource(v, links);
    if (!next)
      return v;
    v = next;
  }
  return v;
}

Operation *aircheck::memrefRootOp(Value v, unsigned links) {
  Value r = memrefRoot(v, links);
  return r ? r.getDefiningOp() : nullptr;
}
