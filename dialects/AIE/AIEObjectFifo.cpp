//===- AIEObjectFifo.cpp - syntax and verifiers of object FIFO ops ---------===//
//
// aie.objectfifo and aie.objectfifo.link in mlir-aie's printed forms (see
// AIEObjectFifo.td); the verifiers reject only what has no meaning (a
// release or acquire of a FIFO the device does not declare, a type that is
// not the FIFO's, unequal dimension lists).
//
//===----------------------------------------------------------------------===//
#include "dialects/AIE/AIEDialect.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace aircheck::aie;

/// `toStream [<size = a, stride = b>, ...]` / `fromStream [...]`, flattened
/// into (size, stride) pairs.
static ParseResult parseStreamDims(OpAsmParser &p, StringRef keyword,
                                   SmallVectorImpl<int32_t> &pairs,
                                   bool &present) {
  present = false;
  if (failed(p.parseOptionalKeyword(keyword)))
    return success();
  present = true;
  return p.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        int32_t size, stride;
        if (p.parseLess() || p.parseKeyword("size") || p.parseEqual() ||
            p.parseInteger(size) || p.parseComma() ||
            p.parseKeyword("stride") || p.parseEqual() ||
            p.parseInteger(stride) || p.parseGreater())
          return failure();
        pairs.push_back(size);
        pairs.push_back(stride);
        return success();
      });
}

static void printStreamDims(OpAsmPrinter &p, StringRef keyword,
                            ArrayRef<int32_t> pairs) {
  p << " " << keyword << " [";
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    p << (i ? ", " : "") << "<size = " << pairs[i]
      << ", stride = " << pairs[i + 1] << ">";
  p << "]";
}

ParseResult ObjectFifoCreateOp::parse(OpAsmParser &p, OperationState &result) {
  Builder &b = p.getBuilder();
  StringAttr name;
  OpAsmParser::UnresolvedOperand producer;
  SmallVector<OpAsmParser::UnresolvedOperand> consumers;
  SmallVector<int32_t> toStream;
  SmallVector<Attribute> fromStream;
  bool present = false, anyFrom = false;
  if (p.parseSymbolName(name) || p.parseLParen() || p.parseOperand(producer) ||
      parseStreamDims(p, "toStream", toStream, present) || p.parseComma())
    return failure();
  result.addAttribute("sym_name", name);
  if (present)
    result.addAttribute("to_stream", b.getDenseI32ArrayAttr(toStream));
  if (p.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Braces, [&]() -> ParseResult {
            SmallVector<int32_t> dims;
            bool has = false;
            if (p.parseOperand(consumers.emplace_back()) ||
                parseStreamDims(p, "fromStream", dims, has))
              return failure();
            anyFrom |= has;
            fromStream.push_back(b.getDenseI32ArrayAttr(dims));
            return success();
          }) ||
      p.parseComma())
    return failure();
  if (anyFrom)
    result.addAttribute("from_stream", b.getArrayAttr(fromStream));
  // `2 : i32`, or `[2, 3]` (one depth per end).
  SmallVector<int32_t> depths;
  if (succeeded(p.parseOptionalLSquare())) {
    result.addAttribute("depth_list", b.getUnitAttr());
    if (p.parseCommaSeparatedList([&]() -> ParseResult {
          return p.parseInteger(depths.emplace_back());
        }) ||
        p.parseRSquare())
      return failure();
  } else {
    int32_t depth;
    if (p.parseInteger(depth) || p.parseColon() || p.parseKeyword("i32"))
      return failure();
    depths.push_back(depth);
  }
  result.addAttribute("depths", b.getDenseI32ArrayAttr(depths));
  Type type;
  SMLoc typeLoc;
  if (p.parseRParen() || p.parseOptionalAttrDict(result.attributes) ||
      p.parseColon() || p.getCurrentLocation(&typeLoc) || p.parseType(type))
    return failure();
  auto fifo = dyn_cast<ObjectFifoType>(type);
  if (!fifo || !isa<MemRefType>(fifo.getElementType()))
    return p.emitError(typeLoc, "expected !aie.objectfifo<memref<...>>");
  result.addAttribute("elem_type", TypeAttr::get(type));
  // `= [dense<...>, ...]`: the objects it starts with.
  if (succeeded(p.parseOptionalEqual())) {
    Attribute init;
    if (p.parseAttribute(init))
      return failure();
    auto list = dyn_cast<ArrayAttr>(init);
    if (!list)
      return p.emitError(p.getCurrentLocation(),
                         "expected a list of initial objects");
    result.addAttribute("init_values", list);
  }
  Type index = b.getIndexType();
  if (p.resolveOperand(producer, index, result.operands) ||
      p.resolveOperands(consumers, index, result.operands))
    return failure();
  return success();
}

void ObjectFifoCreateOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getSymName());
  p << "(" << getProducer();
  if (std::optional<ArrayRef<int32_t>> to = getToStream())
    printStreamDims(p, "toStream", *to);
  p << ", {";
  std::optional<ArrayAttr> from = getFromStream();
  for (auto [i, c] : llvm::enumerate(getConsumers())) {
    p << (i ? ", " : "") << c;
    if (from && i < from->size())
      if (auto dims = dyn_cast<DenseI32ArrayAttr>((*from)[i]);
          dims && !dims.empty())
        printStreamDims(p, "fromStream", dims.asArrayRef());
  }
  p << "}, ";
  if (getDepthList()) {
    p << "[";
    llvm::interleaveComma(getDepths(), p);
    p << "]";
  } else {
    p << getDepths().front() << " : i32";
  }
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"sym_name", "depths", "depth_list", "to_stream",
                           "from_stream", "init_values", "elem_type"});
  p << " : " << getElemType();
  if (std::optional<ArrayAttr> init = getInitValues()) {
    p << " = ";
    p.printAttribute(*init);
  }
}

MemRefType ObjectFifoCreateOp::getObjectType() {
  return cast<MemRefType>(cast<ObjectFifoType>(getElemType()).getElementType());
}

int64_t ObjectFifoCreateOp::depthAt(size_t i) {
  ArrayRef<int32_t> d = getDepths();
  return d.size() == 1 ? d.front() : (i < d.size() ? d[i] : d.back());
}

LogicalResult ObjectFifoCreateOp::verify() {
  if (!getTileOf(getProducer()))
    return emitOpError("the producer must be the result of an 'aie.tile'");
  if (getConsumers().empty())
    return emitOpError("needs at least one consumer tile");
  for (Value c : getConsumers())
    if (!getTileOf(c))
      return emitOpError("each consumer must be the result of an 'aie.tile'");
  ArrayRef<int32_t> d = getDepths();
  if (d.empty() ||
      (getDepthList() && d.size() != getConsumers().size() + 1))
    return emitOpError("a depth list needs one depth per end (the producer, "
                       "then each consumer): expected ")
           << getConsumers().size() + 1 << ", got " << d.size();
  for (int32_t v : d)
    if (v < 0)
      return emitOpError("depth must be non-negative, got ") << v;
  if (!getObjectType().hasStaticShape())
    return emitOpError("objects must have a statically shaped memref type");
  if (std::optional<ArrayAttr> from = getFromStream();
      from && from->size() != getConsumers().size())
    return emitOpError("fromStream dimensions: one list per consumer");
  return success();
}

//===----------------------------------------------------------------------===//
// aie.objectfifo.link
//===----------------------------------------------------------------------===//

static ParseResult parseOffsets(OpAsmParser &p, SmallVectorImpl<int64_t> &v) {
  if (failed(p.parseOptionalLSquare()))
    return success();
  if (succeeded(p.parseOptionalRSquare()))
    return success();
  if (p.parseCommaSeparatedList([&]() -> ParseResult {
        return p.parseInteger(v.emplace_back());
      }))
    return failure();
  return p.parseRSquare();
}

ParseResult ObjectFifoLinkOp::parse(OpAsmParser &p, OperationState &result) {
  Builder &b = p.getBuilder();
  ArrayAttr ins, outs;
  SmallVector<int64_t> src, dst;
  if (p.parseAttribute(ins) || p.parseArrow() || p.parseAttribute(outs) ||
      p.parseLParen() || parseOffsets(p, src) || parseOffsets(p, dst) ||
      p.parseRParen() || p.parseOptionalAttrDict(result.attributes))
    return failure();
  for (ArrayAttr list : {ins, outs})
    for (Attribute a : list)
      if (!isa<FlatSymbolRefAttr>(a))
        return p.emitError(p.getNameLoc(),
                           "expected lists of object FIFO names (@name)");
  result.addAttribute("fifo_ins", ins);
  result.addAttribute("fifo_outs", outs);
  result.addAttribute("src_offsets", b.getDenseI64ArrayAttr(src));
  result.addAttribute("dst_offsets", b.getDenseI64ArrayAttr(dst));
  return success();
}

void ObjectFifoLinkOp::print(OpAsmPrinter &p) {
  p << " " << getFifoIns() << " -> " << getFifoOuts() << " ([";
  llvm::interleaveComma(getSrcOffsets(), p);
  p << "] [";
  llvm::interleaveComma(getDstOffsets(), p);
  p << "])";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"fifo_ins", "fifo_outs", "src_offsets",
                           "dst_offsets"});
}

/// The object FIFO `name` of the device around `op`, or null.
static ObjectFifoCreateOp lookupFifo(Operation *op, StringRef name) {
  Operation *device = op->getParentOfType<DeviceOp>();
  if (!device)
    return {};
  return dyn_cast_or_null<ObjectFifoCreateOp>(
      SymbolTable::lookupSymbolIn(device, name));
}

LogicalResult ObjectFifoLinkOp::verify() {
  if (getFifoIns().empty() || getFifoOuts().empty())
    return emitOpError("needs at least one input and one output FIFO");
  if (getFifoIns().size() > 1 && getFifoOuts().size() > 1)
    return emitOpError("joins several FIFOs or distributes one, not both");
  for (ArrayAttr list : {getFifoIns(), getFifoOuts()})
    for (Attribute a : list) {
      StringRef name = cast<FlatSymbolRefAttr>(a).getValue();
      if (!lookupFifo(*this, name))
        return emitOpError("'@") << name << "' is not an aie.objectfifo of "
                                            "the device";
    }
  return success();
}

template <typename OpT> static LogicalResult verifyPortUse(OpT op) {
  ObjectFifoCreateOp fifo = lookupFifo(op, op.getObjFifoName());
  if (!fifo)
    return op.emitOpError("'@")
           << op.getObjFifoName() << "' is not an aie.objectfifo of the device";
  return success();
}

LogicalResult ObjectFifoAcquireOp::verify() {
  if (failed(verifyPortUse(*this)))
    return failure();
  ObjectFifoCreateOp fifo = lookupFifo(*this, getObjFifoName());
  Type t = getSubview().getType();
  if (auto sv = dyn_cast<ObjectFifoSubviewType>(t))
    t = sv.getElementType();
  else if (getSize() != 1)
    return emitOpError("an acquire of several objects yields a subview");
  if (t != fifo.getObjectType())
    return emitOpError("the acquired objects must be the FIFO's, ")
           << fifo.getObjectType();
  return success();
}

LogicalResult ObjectFifoReleaseOp::verify() { return verifyPortUse(*this); }
