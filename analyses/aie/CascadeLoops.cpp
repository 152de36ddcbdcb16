//===- CascadeLoops.cpp - a core's loops over cascade words ---------------===//
#include "analyses/aie/CascadeLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;

/// The aie.buffer `flat` is, or collapses whole into one dimension.
static aie::BufferOp flatBuffer(Value flat) {
  if (auto b = flat.getDefiningOp<aie::BufferOp>()) {
    auto type = dyn_cast<MemRefType>(b.getType());
    return type && type.getRank() == 1 && type.getLayout().isIdentity()
               ? b
               : nullptr;
  }
  auto c = flat.getDefiningOp<memref::CollapseShapeOp>();
  if (!c || c.getReassociationIndices().size() != 1)
    return nullptr;
  auto b = c.getSrc().getDefiningOp<aie::BufferOp>();
  auto type = b ? dyn_cast<MemRefType>(b.getType()) : nullptr;
  if (!type || !type.getLayout().isIdentity())
    return nullptr;
  return b;
}

std::optional<CascadeLoop> aiecheck::cascadeLoopOf(Operation *op,
                                                   std::string &why) {
  CascadeLoop out;
  out.cascade = op;
  out.put = isa<aie::PutCascadeOp>(op);
  auto loop = dyn_cast_or_null<scf::ForOp>(op->getParentOp());
  std::optional<int64_t> lb, ub, step;
  if (loop) {
    lb = getConstantIntValue(loop.getLowerBound());
    ub = getConstantIntValue(loop.getUpperBound());
    step = getConstantIntValue(loop.getStep());
  }
  // The loop's body: the vector access, the cascade op, the yield.
  if (!loop || !lb || !ub || !step || *step <= 0 || *lb < 0 ||
      loop.getBody()->getOperations().size() != 3) {
    why = "a cascade op that is not alone with one vector read or write in "
          "a loop of constant bounds";
    return std::nullopt;
  }
  out.loop = loop;
  Value iv = loop.getInductionVar();
  Value memref;
  VectorType vec;
  ValueRange indices;
  Operation *access = nullptr;
  if (out.put) {
    auto r = cast<aie::PutCascadeOp>(op)
                 .getCascadeValue()
                 .getDefiningOp<vector::TransferReadOp>();
    if (r && r->getBlock() == loop.getBody() && !r.getMask() &&
        r.getPermutationMap().isMinorIdentity()) {
      access = r;
      memref = r.getBase();
      vec = r.getVectorType();
      indices = r.getIndices();
    }
  } else {
    Value v = cast<aie::GetCascadeOp>(op).getCascadeValue();
    auto w = v.hasOneUse()
                 ? dyn_cast<vector::TransferWriteOp>(*v.getUsers().begin())
                 : nullptr;
    if (w && w->getBlock() == loop.getBody() && w.getVector() == v &&
        !w.getMask() && w.getPermutationMap().isMinorIdentity()) {
      access = w;
      memref = w.getBase();
      vec = w.getVectorType();
      indices = w.getIndices();
    }
  }
  aie::BufferOp buffer = access ? flatBuffer(memref) : nullptr;
  if (!buffer || !vec || vec.getRank() != 1 || vec.isScalable() ||
      indices.size() != 1 || indices[0] != iv) {
    why = std::string("a cascade ") + (out.put ? "put" : "get") +
          " that is not of a vector " +
          (out.put ? "read from" : "written to") +
          " an aie.buffer, flattened, at the loop's variable";
    return std::nullopt;
  }
  auto type = cast<MemRefType>(buffer.getType());
  int64_t width = vec.getNumElements();
  if (vec.getElementType() != type.getElementType() || width != *step ||
      !type.hasStaticShape() || *ub > type.getNumElements() ||
      (*ub - *lb) % width != 0) {
    why = "a cascade loop whose words do not tile its buffer (the step is "
          "not the vector's length, a word reaches past the buffer, or its "
          "element type is not the buffer's)";
    return std::nullopt;
  }
  out.access = access;
  out.buffer = buffer;
  out.first = *lb;
  out.width = width;
  out.trips = *ub > *lb ? (*ub - *lb) / width : 0;
  return out;
}
