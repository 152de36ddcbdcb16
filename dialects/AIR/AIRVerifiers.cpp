//===- AIRVerifiers.cpp - structural rules of the compute model -----------===//
//
// What makes an AIR op well-formed, whatever the program around it: the
// shape of operand lists and block arguments, placement attributes, channel
// declarations and references. Upstream mlir-air accepts more than the
// compute model (seed 000) allows; the compute model's own structural rules
// (nesting, token scope, memory levels) are lint checks in checkers/, so a
// program that breaks one is still analysed (docs/semantics.md).
//
//===----------------------------------------------------------------------===//
#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace aircheck::air;

/// Iteration space, operand and block-argument arities.
static LogicalResult verifyArities(Operation *op) {
  auto h = cast<HierarchyOpInterface>(op);
  unsigned dims = h.getNumDims();
  // `tile () in ()`, one tile, is what upstream's canonicalizer prints for
  // a herd of size 1.
  if (isa<HerdOp>(op) && dims > 2)
    return op->emitOpError("a herd is a 0-D, 1-D or 2-D array of tiles, but has ")
           << dims << " dimensions";
  for (auto [i, size] : llvm::enumerate(h.getSizeOperands())) {
    APInt v;
    if (matchPattern(size, m_ConstantInt(&v)) && !v.isStrictlyPositive())
      return op->emitOpError("iteration-space size #")
             << i << " is " << v.getSExtValue() << "; sizes must be positive";
  }
  Block &body = h.getBodyBlock();
  unsigned expected = 2 * dims + h.getKernelOperands().size();
  if (body.getNumArguments() != expected)
    return op->emitOpError("body has ")
           << body.getNumArguments() << " arguments, expected " << expected
           << " (" << dims << " ids, " << dims << " sizes and "
           << h.getKernelOperands().size() << " kernel operands)";
  for (unsigned i = 0; i < 2 * dims; ++i)
    if (!body.getArgument(i).getType().isIndex())
      return op->emitOpError("iteration-space argument #")
             << i << " must be of index type";
  for (auto [arg, operand] :
       llvm::zip(h.getKernelArguments(), h.getKernelOperands()))
    if (arg.getType() != operand.getType())
      return op->emitOpError("kernel argument of type ")
             << arg.getType() << " is bound to an operand of type "
             << operand.getType();
  return success();
}

/// x_loc, y_loc, x_size, y_size: non-negative integers; link_with: string.
static LogicalResult verifyPlacementAttrs(Operation *op) {
  for (StringRef name : {"x_loc", "y_loc", "x_size", "y_size"}) {
    Attribute a = op->getAttr(name);
    if (!a)
      continue;
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || i.getValue().isNegative() ||
        (name.ends_with("size") && i.getValue().isZero()))
      return op->emitOpError("attribute '")
             << name << "' must be a "
             << (name.ends_with("size") ? "positive" : "non-negative")
             << " integer";
  }
  if (Attribute a = op->getAttr("link_with"); a && !isa<StringAttr>(a))
    return op->emitOpError("attribute 'link_with' must be a string");
  return success();
}

static LogicalResult verifyHierarchyOp(Operation *op) {
  return failure(failed(verifyArities(op)) ||
                 failed(verifyPlacementAttrs(op)));
}

LogicalResult LaunchOp::verify() { return verifyHierarchyOp(*this); }
LogicalResult SegmentOp::verify() { return verifyHierarchyOp(*this); }
LogicalResult HerdOp::verify() { return verifyHierarchyOp(*this); }

//===----------------------------------------------------------------------===//
// Transfers
//===----------------------------------------------------------------------===//

/// A list's integer entries leave exactly as many places as it has operands.
static LogicalResult verifyStatics(Operation *op, StringRef name,
                                   DenseI64ArrayAttr statics,
                                   OperandRange values) {
  if (!statics)
    return success();
  size_t dynamic = llvm::count(statics.asArrayRef(), ShapedType::kDynamic);
  if (dynamic == values.size())
    return success();
  return op->emitOpError() << "'" << name << "' leaves " << dynamic
                           << " places for operands, but the list has "
                           << values.size();
}

/// Upstream mlir-air's rule: as many sizes as strides. Offsets may be fewer
/// (an empty list means all zeros) or more; the sizes give the shape.
static LogicalResult verifyPattern(Operation *op, StringRef role,
                                   ArrayRef<OpFoldResult> sizes,
                                   ArrayRef<OpFoldResult> strides) {
  if (sizes.size() == strides.size())
    return success();
  return op->emitOpError() << role
                           << " sizes and strides must have the same number "
                              "of dimensions, but got "
                           << sizes.size() << " and " << strides.size();
}

LogicalResult DmaMemcpyNdOp::verify() {
  return failure(
      failed(verifyStatics(*this, "static_dst_offsets", getStaticDstOffsetsAttr(), getDstOffsets())) ||
      failed(verifyStatics(*this, "static_dst_sizes", getStaticDstSizesAttr(), getDstSizes())) ||
      failed(verifyStatics(*this, "static_dst_strides", getStaticDstStridesAttr(), getDstStrides())) ||
      failed(verifyStatics(*this, "static_src_offsets", getStaticSrcOffsetsAttr(), getSrcOffsets())) ||
      failed(verifyStatics(*this, "static_src_sizes", getStaticSrcSizesAttr(), getSrcSizes())) ||
      failed(verifyStatics(*this, "static_src_strides", getStaticSrcStridesAttr(), getSrcStrides())) ||
      failed(verifyPattern(*this, "dst", getMixedDstSizes(), getMixedDstStrides())) ||
      failed(verifyPattern(*this, "src", getMixedSrcSizes(), getMixedSrcStrides())));
}

template <typename OpT>
static LogicalResult verifyChannelAccess(OpT op, StringRef role) {
  return failure(
      failed(verifyStatics(op, "static_offsets", op.getStaticOffsetsAttr(), op.getOffsets())) ||
      failed(verifyStatics(op, "static_sizes", op.getStaticSizesAttr(), op.getAccessSizes())) ||
      failed(verifyStatics(op, "static_strides", op.getStaticStridesAttr(), op.getStrides())) ||
      failed(verifyPattern(op, role, op.getMixedAccessSizes(), op.getMixedStrides())));
}

LogicalResult ChannelPutOp::verify() { return verifyChannelAccess(*this, "src"); }
LogicalResult ChannelGetOp::verify() { return verifyChannelAccess(*this, "dst"); }

// Which channel a put or get names, and with how many indices, is a lint
// check (checkers/air/ChannelReferences.cpp): upstream's verifiers accept
// any, and its test fragments name undeclared channels, so such a program is
// still analysed.
LogicalResult ChannelPutOp::verifySymbolUses(SymbolTableCollection &) {
  return success();
}
LogicalResult ChannelGetOp::verifySymbolUses(SymbolTableCollection &) {
  return success();
}

//===----------------------------------------------------------------------===//
// Channel declarations
//===----------------------------------------------------------------------===//

static bool isKnownChannelType(StringRef t) {
  return llvm::is_contained(
      {"dma_stream", "dma_packet", "cascade", "npu_dma_stream",
       "npu_dma_packet", "npu_cascade", "npu_mmio", "gpu_symmetric_heap"},
      t);
}

LogicalResult ChannelOp::verify() {
  for (Attribute a : getSize()) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || i.getInt() < 1)
      return emitOpError("bundle dimensions must be positive integers");
  }
  if (getDepth() && *getDepth() < 1)
    return emitOpError("depth must be at least 1, but is ") << *getDepth();
  if (auto t = getChannelType(); t && !isKnownChannelType(*t))
    return emitOpError("unknown channel_type \"")
           << *t << "\"; expected \"dma_stream\", \"dma_packet\" or \"cascade\""
           << " (optionally with the \"npu_\" prefix)";
  if (auto bshape = getBroadcastShape()) {
    SmallVector<int64_t> shape = getShape();
    SmallVector<int64_t> target;
    for (Attribute a : *bshape) {
      auto i = dyn_cast<IntegerAttr>(a);
      if (!i || i.getInt() < 1)
        return emitOpError("broadcast_shape dimensions must be positive integers");
      target.push_back(i.getInt());
    }
    if (!shape.empty() && shape.size() != target.size())
      return emitOpError("broadcast_shape has rank ")
             << target.size() << " but the channel bundle has rank "
             << shape.size();
    for (unsigned i = 0; i < shape.size(); ++i)
      if (shape[i] != 1 && shape[i] != target[i])
        return emitOpError("broadcast_shape dimension ")
               << i << " is " << target[i] << ", but the bundle's is "
               << shape[i] << "; NumPy broadcasting needs 1 or " << target[i];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// execute
//===----------------------------------------------------------------------===//

LogicalResult ExecuteOp::verify() {
  Operation *term = getBody().getTerminator();
  if (term->getOperandTypes() != getResults().getTypes()) {
    unsigned n = term->getNumOperands();
    return emitOpError("yields ")
           << n << (n == 1 ? " value" : " values")
           << " through 'air.execute_terminator' but declares "
           << getResults().size() << " results of matching types";
  }
  return success();
}
