//===- ChannelIndices.cpp - The channel a put or get selects --------------===//
#include "analyses/ChannelIndices.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

bool aircheck::alwaysZero(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.isZero();
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return false;
  auto h = dyn_cast_or_null<air::HierarchyOpInterface>(
      arg.getOwner()->getParentOp());
  if (!h || arg.getArgNumber() >= h.getNumDims())
    return false;
  APInt size;
  return matchPattern(h.getSizeOperands()[arg.getArgNumber()],
                      m_ConstantInt(&size)) &&
         size.isOne();
}

llvm::SmallVector<Value, 4>
aircheck::channelIndices(air::ChannelOpInterface op) {
  OperandRange written = op.getIndices();
  llvm::SmallVector<Value, 4> out(written.begin(), written.end());
  if (out.size() < 2 || !alwaysZero(out.front()))
    return out;
  auto chan = SymbolTable::lookupNearestSymbolFrom<air::ChannelOp>(
      op, op.getChanNameAttr());
  if (!chan)
    return out;
  size_t rank = chan.getShape().size();
  if (!op.isPut())
    if (auto b = chan.getBroadcastShape())
      rank = b->size();
  size_t surplus = out.size() > rank ? out.size() - rank : 0;
  for (size_t k = 0; k < surplus; ++k)
    if (!alwaysZero(out[k]))
      return out;
  out.erase(out.begin(), out.begin() + surplus);
  return out;
}
