//===- TileAASyntax.cpp - nv_tileaa op parsers and printers ----------------===//
//
// The ops own their assembly, so a type in an op's type list may be written
// the seed's short way, `tile<128x32xf16>`, and is printed that way; outside
// an op (a func.func signature) the type is `!nv_tileaa.tile<128x32xf16>`.
// Memory ops read `base[indices], operands... {attrs} : operand types ->
// result types` (seed 001's worked example); operandSegmentSizes, when not
// written, is inferred from the brackets and the trailing token and is
// always printed.
//
//===----------------------------------------------------------------------===//
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace aircheck::tileaa;
using OperandList = SmallVector<OpAsmParser::UnresolvedOperand>;

ParseResult aircheck::tileaa::parseOpType(OpAsmParser &p, Type &type) {
  if (succeeded(p.parseOptionalKeyword("tile"))) {
    type = TileType::parse(p);
    return success(static_cast<bool>(type));
  }
  return p.parseType(type);
}

void aircheck::tileaa::printOpType(OpAsmPrinter &p, Type type) {
  if (auto t = dyn_cast<TileType>(type)) {
    p << "tile";
    t.print(p);
    return;
  }
  p.printType(type);
}

static ParseResult parseTypeList(OpAsmParser &p, SmallVectorImpl<Type> &types) {
  return p.parseCommaSeparatedList([&]() -> ParseResult {
    Type t;
    if (parseOpType(p, t))
      return failure();
    types.push_back(t);
    return success();
  });
}

static void printTypeList(OpAsmPrinter &p, TypeRange types) {
  llvm::interleaveComma(types, p, [&](Type t) { printOpType(p, t); });
}

static ParseResult resolve(OpAsmParser &p, SMLoc loc, ArrayRef<OpAsmParser::UnresolvedOperand> ops,
                           ArrayRef<Type> types, OperationState &st) {
  if (ops.size() != types.size())
    return p.emitError(loc) << "expected " << ops.size()
                            << " operand types but got " << types.size();
  for (auto [o, t] : llvm::zip(ops, types))
    if (p.resolveOperand(o, t, st.operands))
      return failure();
  return success();
}

// `-> t1, t2`: result types, optional when `optional` is set.
static ParseResult parseResults(OpAsmParser &p, OperationState &st, bool optional) {
  if (failed(p.parseOptionalArrow())) {
    if (optional)
      return success();
    return p.emitError(p.getCurrentLocation(), "expected '->' and result types");
  }
  SmallVector<Type> types;
  if (parseTypeList(p, types))
    return failure();
  st.addTypes(types);
  return success();
}

static void printAttrs(OpAsmPrinter &p, Operation *op,
                       ArrayRef<StringRef> elided = {}) {
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

static DenseI32ArrayAttr segmentsOf(OperationState &st) {
  return dyn_cast_or_null<DenseI32ArrayAttr>(
      st.attributes.get("operandSegmentSizes"));
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

enum class MemKind { Load, Store, Atomic, CAS };

static ParseResult parseMemOp(OpAsmParser &p, OperationState &st, MemKind kind) {
  OpAsmParser::UnresolvedOperand base;
  OperandList indices, trailing;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseOperand(base) ||
      p.parseOperandList(indices, OpAsmParser::Delimiter::Square))
    return failure();
  while (succeeded(p.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand o;
    if (p.parseOperand(o))
      return failure();
    trailing.push_back(o);
  }
  SMLoc attrLoc = p.getCurrentLocation();
  if (p.parseOptionalAttrDict(st.attributes) || p.parseColon())
    return failure();
  SmallVector<Type> types;
  SMLoc typesLoc = p.getCurrentLocation();
  if (parseTypeList(p, types) ||
      parseResults(p, st, /*optional=*/kind == MemKind::Store))
    return failure();
  unsigned nValues = kind == MemKind::Load ? 0 : kind == MemKind::CAS ? 2 : 1;
  if (trailing.size() < nValues)
    return p.emitError(loc) << "expected " << nValues
                            << " value operand(s) after the indices";
  // Operand order: base, values, indices, the rest (loads: base, indices,
  // the rest), as the seed's segments.
  OperandList ops{base};
  ops.append(trailing.begin(), trailing.begin() + nValues);
  ops.append(indices.begin(), indices.end());
  ops.append(trailing.begin() + nValues, trailing.end());
  if (resolve(p, typesLoc, ops, types, st))
    return failure();
  bool hasToken = !types.empty() && isa<MemTokenType>(types.back()) &&
                  trailing.size() > nValues;
  int32_t rest = trailing.size() - nValues - (hasToken ? 1 : 0);
  SmallVector<int32_t> seg;
  if (kind == MemKind::Load)
    seg = {1, (int32_t)indices.size(), rest >= 1 ? 1 : 0, rest >= 2 ? rest - 1 : 0};
  else
    seg = {1, (int32_t)nValues, (int32_t)indices.size(), rest};
  if (DenseI32ArrayAttr given = segmentsOf(st)) {
    unsigned idxSlot = kind == MemKind::Load ? 1 : 2;
    if (given.size() != 4)
      return p.emitError(attrLoc)
             << "operandSegmentSizes must have 4 entries, got " << given.size();
    if (given[idxSlot] != (int32_t)indices.size())
      return p.emitError(attrLoc)
             << "operandSegmentSizes gives " << given[idxSlot]
             << " indices but " << indices.size() << " are written in brackets";
    return success();
  }
  st.addAttribute("operandSegmentSizes",
                  DenseI32ArrayAttr::get(p.getContext(), seg));
  return success();
}

static void printMemOp(OpAsmPrinter &p, Operation *op, MemKind kind) {
  std::optional<MemAccess> a = getMemAccess(op);
  if (!a) { // Malformed segments: the generic form says what is there.
    p.printGenericOp(op, /*printOpName=*/false);
    return;
  }
  p << " " << a->base << "[" << a->indices << "]";
  for (Value v : a->values)
    p << ", " << v;
  if (a->mask)
    p << ", " << a->mask;
  if (a->other)
    p << ", " << a->other;
  if (a->tokenIn)
    p << ", " << a->tokenIn;
  printAttrs(p, op);
  p << " : ";
  printTypeList(p, op->getOperandTypes());
  if (op->getNumResults()) {
    p << " -> ";
    printTypeList(p, op->getResultTypes());
  }
}

#define MEM_OP_SYNTAX(OP, KIND)                                                \
  ParseResult OP::parse(OpAsmParser &p, OperationState &st) {                 \
    return parseMemOp(p, st, MemKind::KIND);                                   \
  }                                                                            \
  void OP::print(OpAsmPrinter &p) { printMemOp(p, *this, MemKind::KIND); }
MEM_OP_SYNTAX(LoadOp, Load)
MEM_OP_SYNTAX(TiledLoadOp, Load)
MEM_OP_SYNTAX(GatherLoadOp, Load)
MEM_OP_SYNTAX(StoreOp, Store)
MEM_OP_SYNTAX(TiledStoreOp, Store)
MEM_OP_SYNTAX(ScatterStoreOp, Store)
MEM_OP_SYNTAX(AtomicRMWOp, Atomic)
MEM_OP_SYNTAX(AtomicCASOp, CAS)
#undef MEM_OP_SYNTAX

//===----------------------------------------------------------------------===//
// Ops of the form `operands {attrs} : types -> types`
//===----------------------------------------------------------------------===//

// `%a, %b {attrs} : ta, tb -> tr`, or with `(ta, tb)` parenthesized.
static ParseResult parseSimple(OpAsmParser &p, OperationState &st,
                               bool resultsOptional = false) {
  OperandList ops;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseOperandList(ops) || p.parseOptionalAttrDict(st.attributes))
    return failure();
  SmallVector<Type> types;
  SMLoc typesLoc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalColon())) {
    typesLoc = p.getCurrentLocation();
    if (succeeded(p.parseOptionalLParen())) {
      if (failed(p.parseOptionalRParen()) &&
          (parseTypeList(p, types) || p.parseRParen()))
        return failure();
    } else if (!ops.empty() && parseTypeList(p, types)) {
      return failure();
    }
    if (parseResults(p, st, resultsOptional))
      return failure();
  } else if (!resultsOptional) {
    return p.emitError(p.getCurrentLocation(), "expected ':' and types");
  }
  (void)loc;
  return resolve(p, typesLoc, ops, types, st);
}

static void printSimple(OpAsmPrinter &p, Operation *op, bool parens = false,
                        ArrayRef<StringRef> elided = {}) {
  if (op->getNumOperands())
    p << " " << op->getOperands();
  printAttrs(p, op, elided);
  if (!op->getNumOperands() && !op->getNumResults())
    return;
  p << " : ";
  if (parens)
    p << "(";
  printTypeList(p, op->getOperandTypes());
  if (parens)
    p << ")";
  if (op->getNumResults()) {
    p << " -> ";
    printTypeList(p, op->getResultTypes());
  }
}

ParseResult AddPtrOp::parse(OpAsmParser &p, OperationState &st) {
  return parseSimple(p, st);
}
void AddPtrOp::print(OpAsmPrinter &p) { printSimple(p, *this); }

ParseResult MakeMemRefOp::parse(OpAsmParser &p, OperationState &st) {
  if (parseSimple(p, st))
    return failure();
  if (segmentsOf(st) || st.types.size() != 1 || st.operands.empty())
    return success();
  // Without operandSegmentSizes (the seed's worked example): sizes for the
  // result's dynamic dims, a stride per dim, the offset what remains.
  auto mr = dyn_cast<TileMemRefType>(st.types.front());
  if (!mr)
    return success(); // the verifier reports the result type
  int32_t sizes = mr.getNumDynamicDims(), strides = mr.getRank();
  int32_t offset = (int32_t)st.operands.size() - 1 - sizes - strides;
  if (offset < 0 || offset > 1)
    return p.emitError(p.getCurrentLocation())
           << "cannot split " << st.operands.size()
           << " operands into base, offset, " << sizes << " sizes and "
           << strides << " strides; write operandSegmentSizes";
  st.addAttribute("operandSegmentSizes",
                  DenseI32ArrayAttr::get(p.getContext(),
                                         {1, offset, sizes, strides}));
  return success();
}
void MakeMemRefOp::print(OpAsmPrinter &p) { printSimple(p, *this, true); }

ParseResult DotOp::parse(OpAsmParser &p, OperationState &st) {
  if (parseSimple(p, st))
    return failure();
  if (!segmentsOf(st)) {
    int32_t n = st.operands.size();
    if (n != 3 && n != 5)
      return p.emitError(p.getCurrentLocation())
             << "a dot takes A, B, C and optionally sfa, sfb; write "
                "operandSegmentSizes for another split";
    st.addAttribute("operandSegmentSizes",
                    DenseI32ArrayAttr::get(p.getContext(),
                                           {1, 1, 1, n == 5, n == 5}));
  }
  return success();
}
void DotOp::print(OpAsmPrinter &p) { printSimple(p, *this); }

ParseResult QueuePutOp::parse(OpAsmParser &p, OperationState &st) {
  return parseSimple(p, st, /*resultsOptional=*/true);
}
void QueuePutOp::print(OpAsmPrinter &p) { printSimple(p, *this); }
ParseResult QueueGetOp::parse(OpAsmParser &p, OperationState &st) {
  return parseSimple(p, st);
}
void QueueGetOp::print(OpAsmPrinter &p) { printSimple(p, *this); }

#define TERMINATOR_SYNTAX(OP)                                                  \
  ParseResult OP::parse(OpAsmParser &p, OperationState &st) {                 \
    return parseSimple(p, st, /*resultsOptional=*/true);                       \
  }                                                                            \
  void OP::print(OpAsmPrinter &p) { printSimple(p, *this); }
TERMINATOR_SYNTAX(QueueYieldOp)
TERMINATOR_SYNTAX(ReturnOp)
TERMINATOR_SYNTAX(YieldOp)
#undef TERMINATOR_SYNTAX

#define UNARY_SYNTAX(OP)                                                       \
  ParseResult OP::parse(OpAsmParser &p, OperationState &st) {                 \
    return parseSimple(p, st);                                                 \
  }                                                                            \
  void OP::print(OpAsmPrinter &p) { printSimple(p, *this); }
UNARY_SYNTAX(SplatOp)
UNARY_SYNTAX(BroadcastOp)
UNARY_SYNTAX(ViewOp)
#undef UNARY_SYNTAX

// `{start = 0, end = 128} : tile<128xi32>`.
ParseResult MakeRangeOp::parse(OpAsmParser &p, OperationState &st) {
  Type t;
  if (p.parseOptionalAttrDict(st.attributes) || p.parseColon() ||
      parseOpType(p, t))
    return failure();
  st.addTypes(t);
  return success();
}
void MakeRangeOp::print(OpAsmPrinter &p) {
  printAttrs(p, *this);
  p << " : ";
  printOpType(p, getType());
}

//===----------------------------------------------------------------------===//
// func
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &p, OperationState &st) {
  auto build = [](Builder &b, ArrayRef<Type> args, ArrayRef<Type> results,
                  function_interface_impl::VariadicFlag, std::string &) {
    return b.getFunctionType(args, results);
  };
  return function_interface_impl::parseFunctionOp(
      p, st, /*allowVariadic=*/false, getFunctionTypeAttrName(st.name), build,
      getArgAttrsAttrName(st.name), getResAttrsAttrName(st.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}
