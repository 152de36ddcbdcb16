//===- TileAAVerifiers.cpp - what makes an nv_tileaa op well-formed --------===//
//
// Seed 001's verifier contracts: operand segments and token arity, memory
// ordering (a non-weak semantic requires a scope, weak carries none, and the
// per-family semantic sets), indices against the base's rank, masks against
// the value's shape, element types against the base's pointee, dot's
// element-type tuples, and pointer ops preserving address space and element
// type. The two ordering messages are the seed's verbatim.
//
//===----------------------------------------------------------------------===//
#include "dialects/TileAA/TileAADialect.h"

using namespace mlir;
using namespace aircheck::tileaa;

static Type elementOf(Type t) {
  if (auto tile = dyn_cast<TileType>(t))
    return tile.getElementType();
  return t;
}

static ArrayRef<int64_t> shapeOf(Type t) {
  if (auto tile = dyn_cast<TileType>(t))
    return tile.getShape();
  return {};
}

static bool isIndexLike(Type t) { return isa<IndexType, IntegerType>(t); }

/// An optional string attribute must be one of `allowed`.
static LogicalResult checkEnum(Operation *op, StringRef name,
                               ArrayRef<StringRef> allowed) {
  auto attr = op->getAttr(name);
  if (!attr)
    return success();
  auto s = dyn_cast<StringAttr>(attr);
  if (s && llvm::is_contained(allowed, s.getValue()))
    return success();
  auto diag = op->emitOpError() << name << " must be one of ";
  llvm::interleave(allowed, diag, [&](StringRef a) { diag << a; }, "|");
  return diag;
}

/// Seed 001, verify_memory_op_common: a non-weak semantic requires a scope,
/// a weak one carries none.
static LogicalResult checkOrdering(Operation *op, ArrayRef<StringRef> semantics) {
  if (failed(checkEnum(op, "mem_semantic", semantics)) ||
      failed(checkEnum(op, "mem_scope", {"tl_blk", "cluster", "gpu", "sys"})))
    return failure();
  auto sem = op->getAttrOfType<StringAttr>("mem_semantic");
  bool weak = !sem || sem.getValue() == "weak";
  bool scoped = static_cast<bool>(op->getAttr("mem_scope"));
  if (!weak && !scoped)
    return op->emitOpError("non-weak memory ordering requires explicit scope");
  if (weak && scoped)
    return op->emitOpError("weak memory ordering must not carry a scope");
  return success();
}

enum class MemKind { Load, Store, Atomic, CAS };

static LogicalResult verifyMemOp(Operation *op, MemKind kind) {
  auto segAttr = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  StringRef names = kind == MemKind::Load ? "{base, indices, mask, other}"
                    : kind == MemKind::Store ? "{base, value, indices, mask}"
                                             : "{base, values, indices, mask}";
  if (!segAttr || segAttr.size() != 4)
    return op->emitOpError("operandSegmentSizes must have 4 entries ")
           << names;
  ArrayRef<int32_t> seg = segAttr.asArrayRef();
  int64_t sum = 0;
  for (int32_t s : seg) {
    if (s < 0)
      return op->emitOpError("operandSegmentSizes entries must be non-negative");
    sum += s;
  }
  int64_t tokens = (int64_t)op->getNumOperands() - sum;
  if (tokens < 0 || tokens > 1)
    return op->emitOpError("token arity: the operand segments ")
           << names << " cover " << sum << " operands of "
           << op->getNumOperands() << "; only one token may follow them";
  if (tokens && !isa<MemTokenType>(op->getOperands().back().getType()))
    return op->emitOpError("token arity: the operand after the segments must "
                           "be a !nv_tileaa.mem_token");
  for (Value v : op->getOperands().drop_back(tokens))
    if (isa<MemTokenType>(v.getType()))
      return op->emitOpError("token arity: a token may only follow the "
                             "operand segments, not sit in one");
  unsigned tokenResults = llvm::count_if(
      op->getResultTypes(), [](Type t) { return isa<MemTokenType>(t); });
  if (tokenResults != tokens)
    return op->emitOpError("token arity: consumes ")
           << tokens << " token(s) but produces " << tokenResults
           << "; a memory effect that takes a token returns the next one, "
              "and only then";
  if (seg[0] != 1)
    return op->emitOpError("expects exactly one base operand");
  unsigned nValues = kind == MemKind::Load ? 0 : kind == MemKind::CAS ? 2 : 1;
  if (kind == MemKind::Load) {
    if (seg[2] > 1 || seg[3] > 1)
      return op->emitOpError("the mask and other segments hold at most one operand each");
    if (seg[3] && !seg[2])
      return op->emitOpError("'other' is the value where the mask is off; it needs a mask");
  } else {
    if (seg[1] != (int32_t)nValues)
      return op->emitOpError("expects ") << nValues << " value operand(s)";
    if (seg[3] > 1)
      return op->emitOpError("the mask segment holds at most one operand");
  }
  std::optional<MemAccess> a = getMemAccess(op);
  if (!a)
    return op->emitOpError("malformed operand segments");

  // The base and its pointee.
  Type baseTy = a->base.getType();
  Type pointee;
  unsigned rank = 0;
  bool tiled = isa<TiledLoadOp, TiledStoreOp>(op);
  bool perLane = isa<GatherLoadOp, ScatterStoreOp>(op);
  if (auto m = dyn_cast<TileMemRefType>(baseTy)) {
    pointee = m.getElementType();
    rank = m.getRank();
  } else if (auto p = dyn_cast<PtrType>(baseTy)) {
    pointee = p.getElementType();
  } else if (auto t = dyn_cast<TileType>(baseTy);
             t && isa<PtrType>(t.getElementType())) {
    pointee = cast<PtrType>(t.getElementType()).getElementType();
  }
  if (!pointee)
    return op->emitOpError("base must be a !nv_tileaa.ptr, a !nv_tileaa.memref "
                           "or a tile of pointers, got ")
           << baseTy;
  if (tiled && !isa<TileMemRefType>(baseTy))
    return op->emitOpError("the base of a tiled access is a !nv_tileaa.memref");
  if (perLane && !isa<TileType>(baseTy))
    return op->emitOpError("the base of a per-lane access is a tile of pointers");
  if (a->indices.size() != rank)
    return op->emitOpError("expects ")
           << rank << " indices (the base's rank), got " << a->indices.size();
  for (Value i : a->indices)
    if (!isa<IndexType>(i.getType()))
      return op->emitOpError("indices must be of type index");

  // The value and the pointee.
  Type data = kind == MemKind::Store ? a->values.front().getType()
                                     : op->getResult(0).getType();
  if (elementOf(data) != pointee)
    return op->emitOpError("element type ")
           << elementOf(data) << " does not match the base's pointee " << pointee;
  for (Value v : a->values)
    if (v.getType() != data)
      return op->emitOpError("value operands must have the type of the result, ")
             << data;
  if (perLane && shapeOf(baseTy) != shapeOf(data))
    return op->emitOpError("the value's shape must be the pointer tile's shape");
  if (a->mask) {
    auto m = dyn_cast<TileType>(a->mask.getType());
    if (!m || !m.getElementType().isInteger(1) || m.getShape() != shapeOf(data))
      return op->emitOpError("the mask must be a tile of i1 of the value's shape");
  }
  if (a->other && a->other.getType() != data)
    return op->emitOpError("'other' must have the loaded value's type");

  // Attributes.
  if (kind == MemKind::Load && failed(checkOrdering(op, {"weak", "relaxed", "acquire"})))
    return failure();
  if (kind == MemKind::Store && failed(checkOrdering(op, {"weak", "relaxed", "release"})))
    return failure();
  if ((kind == MemKind::Atomic || kind == MemKind::CAS) &&
      failed(checkOrdering(op, {"weak", "relaxed", "acquire", "release", "acq_rel"})))
    return failure();
  if (failed(checkEnum(op, "cache_modifier", {"none", "ca", "cg", "cs", "lu", "cv"})) ||
      failed(checkEnum(op, "eviction_policy", {"none", "first", "last", "normal"})) ||
      failed(checkEnum(op, "rmw_mode", {"add", "and", "or", "xor", "xchg", "min",
                                        "max", "umin", "umax", "addf"})))
    return failure();
  if (kind == MemKind::Atomic && !op->getAttr("rmw_mode"))
    return op->emitOpError("atomic_rmw requires rmw_mode");
  if (kind == MemKind::CAS && op->getAttr("rmw_mode"))
    return op->emitOpError("atomic_cas takes no rmw_mode");
  if (auto ib = op->getAttrOfType<DenseBoolArrayAttr>("in_bounds"))
    if ((unsigned)ib.size() != rank)
      return op->emitOpError("in_bounds has ")
             << ib.size() << " entries for a base of rank " << rank;
  return success();
}

LogicalResult LoadOp::verify() { return verifyMemOp(*this, MemKind::Load); }
LogicalResult TiledLoadOp::verify() { return verifyMemOp(*this, MemKind::Load); }
LogicalResult GatherLoadOp::verify() { return verifyMemOp(*this, MemKind::Load); }
LogicalResult StoreOp::verify() { return verifyMemOp(*this, MemKind::Store); }
LogicalResult TiledStoreOp::verify() { return verifyMemOp(*this, MemKind::Store); }
LogicalResult ScatterStoreOp::verify() { return verifyMemOp(*this, MemKind::Store); }
LogicalResult AtomicRMWOp::verify() { return verifyMemOp(*this, MemKind::Atomic); }
LogicalResult AtomicCASOp::verify() { return verifyMemOp(*this, MemKind::CAS); }

//===----------------------------------------------------------------------===//
// Pointers and memrefs
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type base = getBase().getType(), off = getOffset().getType(),
       res = getResult().getType();
  auto basePtr = dyn_cast<PtrType>(elementOf(base));
  if (!basePtr)
    return emitOpError("base must be a !nv_tileaa.ptr or a tile of them, got ")
           << base;
  if (!isIndexLike(elementOf(off)) || isa<PtrType>(elementOf(off)))
    return emitOpError("offset must be an index or integer, or a tile of them");
  auto resPtr = dyn_cast<PtrType>(elementOf(res));
  if (resPtr != basePtr)
    return emitOpError("must preserve the base pointer's element type and "
                       "address space: base ")
           << basePtr << ", result " << elementOf(res);
  ArrayRef<int64_t> bs = shapeOf(base), os = shapeOf(off), rs = shapeOf(res);
  if (!bs.empty() && !os.empty() && bs != os)
    return emitOpError("the offset's shape must broadcast against the base's");
  ArrayRef<int64_t> expect = bs.empty() ? os : bs;
  if (rs != expect)
    return emitOpError("the result's shape must be the broadcast of the base "
                       "and offset shapes");
  return success();
}

OperandRange MakeMemRefOp::segment(unsigned i) {
  ArrayRef<int32_t> seg = getOperandSegmentSizes();
  unsigned start = 0;
  for (unsigned j = 0; j < i; ++j)
    start += seg[j];
  return getArgs().slice(start, seg[i]);
}

LogicalResult MakeMemRefOp::verify() {
  ArrayRef<int32_t> seg = getOperandSegmentSizes();
  if (seg.size() != 4)
    return emitOpError("operandSegmentSizes must have 4 entries {base, offset, "
                       "sizes, strides}");
  int64_t sum = 0;
  for (int32_t s : seg) {
    if (s < 0)
      return emitOpError("operandSegmentSizes entries must be non-negative");
    sum += s;
  }
  if (sum != getNumOperands())
    return emitOpError("operandSegmentSizes covers ")
           << sum << " operands of " << getNumOperands();
  if (seg[0] != 1 || seg[1] > 1)
    return emitOpError("expects one base and at most one offset");
  auto ptr = dyn_cast<PtrType>(getBase().getType());
  if (!ptr)
    return emitOpError("base must be a !nv_tileaa.ptr");
  auto mr = dyn_cast<TileMemRefType>(getResult().getType());
  if (!mr)
    return emitOpError("result must be a !nv_tileaa.memref");
  if (mr.getElementType() != ptr.getElementType() ||
      mr.getAddressSpace() != ptr.getAddressSpace())
    return emitOpError("must preserve the base pointer's element type and "
                       "address space: base ")
           << ptr << ", result " << mr;
  for (Value v : getArgs().drop_front())
    if (!isa<IndexType>(v.getType()))
      return emitOpError("offset, sizes and strides must be of type index");
  if ((unsigned)seg[2] != mr.getNumDynamicDims())
    return emitOpError("expects ")
           << mr.getNumDynamicDims() << " sizes (one per '?' of the result), got "
           << seg[2];
  if ((unsigned)seg[3] != mr.getRank())
    return emitOpError("expects ")
           << mr.getRank() << " strides (one per dimension), got " << seg[3];
  return success();
}

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

static bool isF8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }
static bool isNarrowScaled(Type t) {
  return isF8(t) || isa<Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType>(t);
}

LogicalResult DotOp::verify() {
  ArrayRef<int32_t> seg = getOperandSegmentSizes();
  if (seg.size() != 5)
    return emitOpError("operandSegmentSizes must have 5 entries {A, B, C, sfa, sfb}");
  int64_t sum = 0;
  for (int32_t s : seg) {
    if (s < 0 || s > 1)
      return emitOpError("each operand segment holds zero or one operand");
    sum += s;
  }
  if (sum != getNumOperands() || !seg[0] || !seg[1] || !seg[2])
    return emitOpError("expects A, B and C, and operandSegmentSizes covering "
                       "every operand");
  if (seg[3] != seg[4])
    return emitOpError("block-scaled dot takes both sfa and sfb");
  auto a = dyn_cast<TileType>(getOperand(0).getType());
  auto b = dyn_cast<TileType>(getOperand(1).getType());
  auto c = dyn_cast<TileType>(getOperand(2).getType());
  if (!a || !b || !c)
    return emitOpError("A, B and C must be tiles");
  unsigned r = a.getRank();
  if ((r != 2 && r != 3) || b.getRank() != r || c.getRank() != r)
    return emitOpError("A, B and C must all be rank 2, or all rank 3 (batched)");
  auto as = a.getShape(), bs = b.getShape(), cs = c.getShape();
  if (r == 3 && (as[0] != bs[0] || as[0] != cs[0]))
    return emitOpError("the batch dimensions of A, B and C differ");
  unsigned o = r - 2;
  if (as[o + 1] != bs[o])
    return emitOpError("contracting dimensions differ: A is ")
           << as[o] << "x" << as[o + 1] << ", B is " << bs[o] << "x" << bs[o + 1];
  if (cs[o] != as[o] || cs[o + 1] != bs[o + 1])
    return emitOpError("the accumulator must be M x N = ")
           << as[o] << "x" << bs[o + 1];
  if (getResult().getType() != c)
    return emitOpError("the result must have the accumulator's type ") << c;
  Type ea = a.getElementType(), eb = b.getElementType(), ec = c.getElementType();
  bool scaled = seg[3];
  bool legal = false;
  if (scaled) {
    for (unsigned i : {3u, 4u}) {
      auto s = dyn_cast<TileType>(getOperand(i).getType());
      if (!s || !isa<Float8E8M0FNUType>(s.getElementType()))
        return emitOpError("scale factors must be tiles of f8E8M0FNU (E8M0)");
    }
    legal = isNarrowScaled(ea) && isNarrowScaled(eb) && ec.isF32();
  } else if (ea.isF16() && eb.isF16()) {
    legal = ec.isF16() || ec.isF32();
  } else if ((ea.isBF16() && eb.isBF16()) || (ea.isF32() && eb.isF32())) {
    legal = ec.isF32();
  } else if (ea.isF64() && eb.isF64()) {
    legal = ec.isF64();
  } else if (isF8(ea) && isF8(eb)) {
    legal = ec.isF32(); // narrow inputs need an f32 accumulator
  } else if (ea.isInteger(8) && eb.isInteger(8)) {
    legal = ec.isInteger(32);
  }
  if (!legal)
    return emitOpError("(A, B, C) element types (")
           << ea << ", " << eb << ", " << ec << ") are not a legal "
           << (scaled ? "block-scaled " : "") << "MMA tuple";
  bool integer = isa<IntegerType>(ea);
  if (failed(checkEnum(*this, "signedness_a", {"signed", "unsigned"})) ||
      failed(checkEnum(*this, "signedness_b", {"signed", "unsigned"})))
    return failure();
  if (integer && (!getSignednessA() || !getSignednessB()))
    return emitOpError("integer MMA requires signedness_a and signedness_b");
  if (!integer && (getSignednessA() || getSignednessB()))
    return emitOpError("signedness attributes apply to integer MMA only");
  if (integer && getPropagateNan())
    return emitOpError("propagate_nan applies to floating-point MMA only");
  return success();
}

//===----------------------------------------------------------------------===//
// Queues and terminators
//===----------------------------------------------------------------------===//

LogicalResult QueuePutOp::verify() {
  Type e = cast<QueueType>(getQueue().getType()).getElementType();
  if (getValue().getType() != e)
    return emitOpError("puts a ") << getValue().getType()
                                  << " into a queue of " << e;
  return success();
}

LogicalResult QueueGetOp::verify() {
  Type e = cast<QueueType>(getQueue().getType()).getElementType();
  if (getValue().getType() != e)
    return emitOpError("gets a ") << getValue().getType() << " from a queue of " << e;
  return success();
}

/// yield, queue.yield and return: operands match the parent's contract.
static LogicalResult checkYielded(Operation *op, TypeRange expected,
                                  StringRef what) {
  if (op->getOperandTypes() != expected)
    return op->emitOpError("operands must match the ")
           << what << " (" << expected.size() << " value(s) of types "
           << expected << ")";
  return success();
}

LogicalResult QueueYieldOp::verify() {
  return checkYielded(*this, (*this)->getParentOp()->getResultTypes(),
                      "results of the region's op");
}
LogicalResult QueueRegionsOp::verify() {
  if (getPartitions().empty())
    return emitOpError("holds at least one producer or consumer region");
  for (Region &r : getPartitions()) {
    if (r.front().empty() || !isa<QueueYieldOp>(r.front().back()))
      return emitOpError("each region ends with nv_tileaa.queue.yield (seed "
                         "001: queue.yield closes a queue region)");
    if (r.front().getNumArguments())
      return emitOpError("regions take no arguments (they use values from "
                         "above, the queues among them)");
  }
  return success();
}
LogicalResult YieldOp::verify() {
  return checkYielded(*this, (*this)->getParentOp()->getResultTypes(),
                      "results of the region's op");
}
LogicalResult ReturnOp::verify() {
  auto f = cast<FuncOp>((*this)->getParentOp());
  return checkYielded(*this, f.getFunctionType().getResults(),
                      "function's result types");
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  auto t = dyn_cast<TileType>(getResult().getType());
  if (!t || isa<TileType>(getInput().getType()) ||
      t.getElementType() != getInput().getType())
    return emitOpError("turns a scalar into a tile of that element type");
  return success();
}

LogicalResult MakeRangeOp::verify() {
  auto t = dyn_cast<TileType>(getResult().getType());
  if (!t || t.getRank() != 1 || !isIndexLike(t.getElementType()))
    return emitOpError("result must be a 1-D tile of index or integers");
  if (getEnd() <= getStart() || t.getShape()[0] != static_cast<int64_t>(getEnd() - getStart()))
    return emitOpError("result has ")
           << (t.getShape()[0]) << " lanes but the range has "
           << (getEnd() - getStart());
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto t = dyn_cast<TileType>(getResult().getType());
  Type in = getInput().getType();
  if (!t || elementOf(in) != t.getElementType())
    return emitOpError("result must be a tile of the input's element type");
  ArrayRef<int64_t> is = shapeOf(in);
  if (!is.empty()) {
    if (is.size() != t.getRank())
      return emitOpError("input and result ranks differ");
    for (auto [i, r] : llvm::zip(is, t.getShape()))
      if (i != r && i != 1)
        return emitOpError("only size-one axes broadcast");
  }
  return success();
}

LogicalResult ViewOp::verify() {
  auto in = dyn_cast<TileType>(getInput().getType());
  auto out = dyn_cast<TileType>(getResult().getType());
  if (!in || !out || in.getElementType() != out.getElementType())
    return emitOpError("views a tile as a tile of the same element type");
  if (in.getNumElements() != out.getNumElements())
    return emitOpError("must preserve the element count: ")
           << in.getNumElements() << " -> " << out.getNumElements();
  return success();
}
