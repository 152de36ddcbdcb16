//===- TileAADialect.cpp - dialect and type glue of nv_tileaa --------------===//
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace aircheck::tileaa;

#include "dialects/TileAA/TileAADialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/TileAA/TileAATypes.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/TileAA/TileAAOps.cpp.inc"

void TileAADialect::initialize() {
  addTypes<PtrType, TileMemRefType, TileType, MemTokenType, QueueType>();
  addOperations<
#define GET_OP_LIST
#include "dialects/TileAA/TileAAOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// `<128x32xf16>`: a static shape and an element type (seed 001 writes
// `tile<128x!nv_tileaa.ptr<f16, 1>>` for a tile of pointers).
Type TileType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  if (p.parseLess() ||
      p.parseDimensionList(shape, /*allowDynamic=*/false,
                           /*withTrailingX=*/true) ||
      p.parseType(elem) || p.parseGreater())
    return Type();
  for (int64_t d : shape)
    if (d <= 0) {
      p.emitError(p.getCurrentLocation(), "a tile dimension must be positive");
      return Type();
    }
  return TileType::get(p.getContext(), shape, elem);
}

void TileType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    p << d << "x";
  p << getElementType() << ">";
}

int64_t TileType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

// `<?x?xf16, 1>`: a shape (`?` for a size make_memref gives), an element
// type and an address space.
Type TileMemRefType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  unsigned space = 0;
  if (p.parseLess() ||
      p.parseDimensionList(shape, /*allowDynamic=*/true,
                           /*withTrailingX=*/true) ||
      p.parseType(elem) || p.parseComma() || p.parseInteger(space) ||
      p.parseGreater())
    return Type();
  return TileMemRefType::get(p.getContext(), shape, elem, space);
}

void TileMemRefType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape()) {
    if (ShapedType::isDynamic(d))
      p << "?";
    else
      p << d;
    p << "x";
  }
  p << getElementType() << ", " << getAddressSpace() << ">";
}

unsigned TileMemRefType::getNumDynamicDims() const {
  return llvm::count_if(getShape(),
                        [](int64_t d) { return ShapedType::isDynamic(d); });
}

Type TileAADialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult r =
      generatedTypeParser(parser, &mnemonic, type);
  if (r.has_value())
    return succeeded(*r) ? type : Type();
  parser.emitError(loc) << "type '!nv_tileaa." << mnemonic
                        << "' is not supported by air-check (it models the "
                           "nv_tileaa types listed in docs/tileaa.md)";
  return Type();
}

void TileAADialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// Unsupported ops
//===----------------------------------------------------------------------===//

// An nv_tileaa op air-check does not model is a parse error that says so.
static ParseResult parseUnsupportedOp(OpAsmParser &parser, OperationState &) {
  // MLIR prefixes this with "custom op '<name>' ".
  return parser.emitError(parser.getNameLoc())
         << "not supported by air-check (it models the nv_tileaa ops listed "
            "in docs/tileaa.md; lower this op first or remove it)";
}

std::optional<Dialect::ParseOpHook>
TileAADialect::getParseOperationHook(StringRef) const {
  return ParseOpHook(parseUnsupportedOp);
}

//===----------------------------------------------------------------------===//
// MemAccess
//===----------------------------------------------------------------------===//

bool aircheck::tileaa::isMemoryEffectOp(Operation *op) {
  return isa<LoadOp, TiledLoadOp, GatherLoadOp, StoreOp, TiledStoreOp,
             ScatterStoreOp, AtomicRMWOp, AtomicCASOp>(op);
}

StringRef MemAccess::verb() const {
  if (reads && writes)
    return "atomic";
  return writes ? "store" : "load";
}

std::optional<MemAccess> aircheck::tileaa::getMemAccess(Operation *op) {
  if (!isMemoryEffectOp(op))
    return std::nullopt;
  auto segAttr = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!segAttr || segAttr.size() != 4)
    return std::nullopt;
  ArrayRef<int32_t> seg = segAttr.asArrayRef();
  int64_t sum = 0;
  for (int32_t s : seg) {
    if (s < 0)
      return std::nullopt;
    sum += s;
  }
  unsigned n = op->getNumOperands();
  if (sum != n && sum + 1 != n)
    return std::nullopt;
  MemAccess a;
  a.op = op;
  auto range = [&](unsigned i) {
    unsigned start = 0;
    for (unsigned j = 0; j < i; ++j)
      start += seg[j];
    return op->getOperands().slice(start, seg[i]);
  };
  if (seg[0] != 1)
    return std::nullopt;
  a.base = op->getOperand(0);
  bool isLoad = isa<LoadOp, TiledLoadOp, GatherLoadOp>(op);
  bool isAtomic = isa<AtomicRMWOp, AtomicCASOp>(op);
  if (isLoad) {
    a.indices = range(1);
    if (seg[2])
      a.mask = range(2).front();
    if (seg[3])
      a.other = range(3).front();
  } else {
    a.values = range(1);
    a.indices = range(2);
    if (seg[3])
      a.mask = range(3).front();
  }
  if (sum + 1 == n) {
    a.tokenIn = op->getOperand(n - 1);
    if (!isa<MemTokenType>(a.tokenIn.getType()))
      return std::nullopt;
  }
  if (!op->getResults().empty() &&
      isa<MemTokenType>(op->getResults().back().getType()))
    a.tokenOut = op->getResults().back();
  a.reads = isLoad || isAtomic;
  a.writes = !isLoad;
  Type data = isLoad || isAtomic ? op->getResult(0).getType()
                                 : (a.values.empty() ? Type()
                                                     : a.values.front().getType());
  if (auto t = dyn_cast_or_null<TileType>(data))
    a.laneShape.assign(t.getShape().begin(), t.getShape().end());
  return a;
}
